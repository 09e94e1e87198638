package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

import io.github.activityrank.ActivityScore;

import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * The methods {@code @ActivityScore} applies to: those whose executed method carries the
 * annotation (once, or repeated), as the AspectJ pointcut
 * {@code execution(@ActivityScore * *(..)) || execution(@ActivityScore.List * *(..))}
 * matched them before. The executed method is the most specific one of the target class,
 * so an annotation only on an interface method is not seen (the validator reports it at
 * startup). Matched once per method when a proxy is made, never on a call.
 */
final class ActivityScorePointcut extends StaticMethodMatcherPointcut {

	static final ActivityScorePointcut INSTANCE = new ActivityScorePointcut();

	private ActivityScorePointcut() {
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		Method executed = (targetClass != null) ? AopUtils.getMostSpecificMethod(method, targetClass) : method;
		if (annotated(executed)) {
			return true;
		}
		// as Spring's AspectJ pointcut: a JDK proxy's methods carry no annotations, so
		// the declared method is asked instead
		return executed != method && Proxy.isProxyClass(executed.getDeclaringClass()) && annotated(method);
	}

	private static boolean annotated(Method method) {
		return method.isAnnotationPresent(ActivityScore.class) || method.isAnnotationPresent(ActivityScore.List.class);
	}

	@Override
	public String toString() {
		return "ActivityScorePointcut: methods annotated with @ActivityScore";
	}

}
