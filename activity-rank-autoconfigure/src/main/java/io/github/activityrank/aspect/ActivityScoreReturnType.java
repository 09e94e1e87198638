package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.concurrent.CompletionStage;

import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * What an annotated method's return type means for its awards: work that completes later
 * (a {@code CompletionStage}, a Reactor {@code Mono} or {@code Flux}, a Reactive Streams
 * {@code Publisher}) awards on completion, and {@code #result} is its value. Read by
 * name, since Reactor and Reactive Streams are optional.
 */
final class ActivityScoreReturnType {

	private static final ClassLoader LOADER = ActivityScoreReturnType.class.getClassLoader();

	private static final Class<?> PUBLISHER = load("org.reactivestreams.Publisher");

	private static final Class<?> MONO = load("reactor.core.publisher.Mono");

	private static final Class<?> FLUX = load("reactor.core.publisher.Flux");

	private ActivityScoreReturnType() {
	}

	/**
	 * Whether the method gives no value for {@code #result}: {@code void}, or work that
	 * completes with {@code Void}.
	 */
	static boolean returnsNothing(Method method) {
		Class<?> type = method.getReturnType();
		if (type == void.class || type == Void.class) {
			return true;
		}
		Class<?> work = CompletionStage.class.isAssignableFrom(type) ? CompletionStage.class
				: (PUBLISHER != null && PUBLISHER.isAssignableFrom(type)) ? PUBLISHER : null;
		return work != null
				&& ResolvableType.forMethodReturnType(method).as(work).getGeneric(0).resolve() == Void.class;
	}

	/**
	 * Why the method's awards cannot wait for its work, or {@code null} when they can or
	 * it returns no work: a {@code Publisher} the starter cannot wrap (without Reactor,
	 * or of a type that is neither a {@code Mono} nor a supertype of {@code Flux}, such
	 * as RxJava's {@code Flowable}) would award when it is returned, before its work ran
	 * and whether or not it succeeds.
	 */
	static String unsupported(Method method) {
		Class<?> type = method.getReturnType();
		if (PUBLISHER == null || !PUBLISHER.isAssignableFrom(type)) {
			return null;
		}
		if (MONO != null && (MONO.isAssignableFrom(type) || type.isAssignableFrom(FLUX))) {
			return null;
		}
		return "The method returns " + type.getName() + ", a Publisher whose completion activity-rank cannot wait for"
				+ ((MONO == null) ? " without Reactor (reactor-core) on the classpath." : ".");
	}

	private static Class<?> load(String name) {
		return ClassUtils.isPresent(name, LOADER) ? ClassUtils.resolveClassName(name, LOADER) : null;
	}

}
