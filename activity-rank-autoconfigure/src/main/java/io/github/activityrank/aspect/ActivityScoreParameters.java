package io.github.activityrank.aspect;

import java.lang.reflect.Method;

import org.springframework.core.KotlinDetector;
import org.springframework.core.ParameterNameDiscoverer;

/**
 * The parameters expressions see of one method, found once: their names (when the
 * discoverer knows them) and how many there are. A Kotlin suspending function's last
 * argument, the continuation, is not shown, as in {@code MethodBasedEvaluationContext}.
 *
 * @param names the names, {@code null} when they are not known
 * @param count how many parameters expressions see
 * @param suspending whether the method is a Kotlin suspending function
 */
record ActivityScoreParameters(String[] names, int count, boolean suspending) {

	static ActivityScoreParameters of(Method method, ParameterNameDiscoverer discoverer) {
		String[] names = discoverer.getParameterNames(method);
		int count = (names != null) ? names.length : method.getParameterCount();
		return new ActivityScoreParameters(names, count, KotlinDetector.isSuspendingFunction(method));
	}

	/**
	 * The position of a parameter given by name, as {@code pN} or as {@code aN}.
	 * @return the index, or -1 when no parameter has that name
	 */
	int indexOf(String name) {
		if (this.names != null) {
			for (int i = 0; i < this.names.length; i++) {
				if (name.equals(this.names[i])) {
					return i;
				}
			}
		}
		int index = position(name);
		return (index < this.count) ? index : -1;
	}

	/**
	 * N of {@code pN} or {@code aN} as MethodBasedEvaluationContext names them, else -1.
	 */
	private static int position(String name) {
		int length = name.length();
		if (length < 2 || length > 4 || (name.charAt(0) != 'p' && name.charAt(0) != 'a')
				|| (length > 2 && name.charAt(1) == '0')) {
			return -1;
		}
		int index = 0;
		for (int i = 1; i < length; i++) {
			char digit = name.charAt(i);
			if (digit < '0' || digit > '9') {
				return -1;
			}
			index = index * 10 + (digit - '0');
		}
		return index;
	}

	/** How many of the call's arguments expressions see. */
	int argumentsShown(Object[] args) {
		return this.suspending ? Math.max(0, args.length - 1) : args.length;
	}

}
