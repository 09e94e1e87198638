package io.github.activityrank.aspect;

import java.lang.reflect.Method;

/**
 * The root object of {@code @ActivityScore} expressions: {@code method}, {@code args},
 * {@code target} and {@code targetClass}.
 */
final class ActivityScoreRootObject {

	private final Method method;

	private final Object[] args;

	private final Object target;

	private final Class<?> targetClass;

	ActivityScoreRootObject(Method method, Object[] args, Object target, Class<?> targetClass) {
		this.method = method;
		this.args = args;
		this.target = target;
		this.targetClass = targetClass;
	}

	public Method getMethod() {
		return this.method;
	}

	public String getMethodName() {
		return this.method.getName();
	}

	public Object[] getArgs() {
		return this.args;
	}

	public Object getTarget() {
		return this.target;
	}

	public Class<?> getTargetClass() {
		return this.targetClass;
	}

}
