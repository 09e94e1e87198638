package io.github.activityrank.aspect;

import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.ParseException;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ActivityScoreExpressionEvaluatorTests {

	private final ActivityScoreExpressionEvaluator evaluator = new ActivityScoreExpressionEvaluator(null);

	private final Method method = ReflectionUtils.findMethod(Sample.class, "praise", long.class, boolean.class);

	private final AnnotatedElementKey key = new AnnotatedElementKey(this.method, Sample.class);

	@Test
	void seesParametersByNameAndPosition() {
		EvaluationContext context = context(new Object[] { 42L, true }, null);
		assertThat(this.evaluator.value("#articleId + '_praise'", this.key, context)).isEqualTo("42_praise");
		assertThat(this.evaluator.value("#p0", this.key, context)).isEqualTo(42L);
		assertThat(this.evaluator.value("#a1", this.key, context)).isEqualTo(true);
	}

	@Test
	void seesResultAndRootObject() {
		EvaluationContext context = context(new Object[] { 7L, false }, "done");
		assertThat(this.evaluator.value("#result", this.key, context)).isEqualTo("done");
		assertThat(this.evaluator.value("method.name", this.key, context)).isEqualTo("praise");
		assertThat(this.evaluator.value("args[0]", this.key, context)).isEqualTo(7L);
		assertThat(this.evaluator.value("target.class.simpleName", this.key, context)).isEqualTo("Sample");
		assertThat(this.evaluator.value("targetClass", this.key, context)).isEqualTo(Sample.class);
	}

	@Test
	void seesBeansByName() {
		StaticListableBeanFactory beans = new StaticListableBeanFactory();
		beans.addBean("prefix", "forum");
		ActivityScoreExpressionEvaluator withBeans = new ActivityScoreExpressionEvaluator(beans);
		EvaluationContext context = withBeans.createContext(this.method, this.method, new Object[] { 1L, true },
				new Sample(), Sample.class, null);
		assertThat(withBeans.value("@prefix + ':' + #articleId", this.key, context)).isEqualTo("forum:1");
		// one resolver for every context, created with the evaluator
		EvaluationContext another = withBeans.createContext(this.method, this.method, new Object[] { 2L, true },
				new Sample(), Sample.class, null);
		assertThat(another.getBeanResolver()).isSameAs(context.getBeanResolver());
	}

	@Test
	void parsesEachExpressionOncePerMethod() {
		for (int i = 0; i < 100; i++) {
			this.evaluator.value("#articleId", this.key, context(new Object[] { (long) i, true }, null));
		}
		assertThat(this.evaluator.cachedExpressions()).isEqualTo(1);
		assertThat(this.evaluator.expression("#articleId", this.key))
			.isSameAs(this.evaluator.expression("#articleId", this.key));
	}

	@Test
	void reportsSyntaxErrorsWhenParsing() {
		assertThatExceptionOfType(ParseException.class)
			.isThrownBy(() -> this.evaluator.expression("#articleId +", this.key));
	}

	@Test
	void findsParameterNames() {
		assertThat(this.evaluator.parameterNames(this.method)).containsExactly("articleId", "praise");
	}

	private EvaluationContext context(Object[] args, Object result) {
		return this.evaluator.createContext(this.method, this.method, args, new Sample(), Sample.class, result);
	}

	static class Sample {

		public void praise(long articleId, boolean praise) {
		}

	}

}
