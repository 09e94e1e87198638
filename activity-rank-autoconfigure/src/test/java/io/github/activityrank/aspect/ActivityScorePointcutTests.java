package io.github.activityrank.aspect;

import java.lang.reflect.Method;

import io.github.activityrank.ActivityScore;
import org.junit.jupiter.api.Test;

import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pointcut matches what the AspectJ expression
 * {@code execution(@ActivityScore * *(..)) || execution(@ActivityScore.List * *(..))}
 * matched: the annotation, once or repeated, on the executed method of the target class.
 */
class ActivityScorePointcutTests {

	private final ActivityScorePointcut pointcut = ActivityScorePointcut.INSTANCE;

	@Test
	void matchesAnnotatedAndRepeatedlyAnnotatedMethods() {
		assertThat(matches(Impl.class, "once")).isTrue();
		assertThat(matches(Impl.class, "twice")).isTrue();
		assertThat(matches(Impl.class, "plain")).isFalse();
	}

	@Test
	void matchesAnInheritedAnnotatedMethodButNotAnUnannotatedOverride() {
		assertThat(matches(Sub.class, "once")).isTrue();
		assertThat(matches(Overriding.class, "once")).isFalse();
	}

	@Test
	void doesNotSeeAnAnnotationOnlyOnAnInterfaceMethod() {
		Method declared = ReflectionUtils.findMethod(Api.class, "onInterface");
		assertThat(this.pointcut.matches(declared, Impl.class)).isFalse();
		assertThat(matches(Impl.class, "onInterface")).isFalse();
	}

	@Test
	void matchesAnInterfaceCallOfAnAnnotatedImplementation() {
		Method declared = ReflectionUtils.findMethod(Api.class, "once");
		assertThat(this.pointcut.matches(declared, Impl.class)).isTrue();
	}

	private boolean matches(Class<?> type, String name) {
		return this.pointcut.matches(ReflectionUtils.findMethod(type, name), type);
	}

	interface Api {

		void once();

		@ActivityScore(rule = "praise")
		void onInterface();

	}

	static class Impl implements Api {

		@Override
		@ActivityScore(rule = "praise")
		public void once() {
		}

		@ActivityScore(rule = "praise")
		@ActivityScore(rule = "comment")
		public void twice() {
		}

		@Override
		public void onInterface() {
		}

		public void plain() {
		}

	}

	static class Sub extends Impl {

	}

	static class Overriding extends Impl {

		@Override
		public void once() {
		}

	}

}
