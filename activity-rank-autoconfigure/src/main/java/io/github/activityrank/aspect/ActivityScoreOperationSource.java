package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.activityrank.ActivityScore;

import org.springframework.aop.support.AopUtils;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * Reads the {@link ActivityScore} annotations of a method once per method and target
 * class. The annotation may sit on the invoked method, on the implementation in the
 * target class or on an interface method it implements.
 */
final class ActivityScoreOperationSource {

	private final Map<AnnotatedElementKey, List<ActivityScoreOperation>> cache = new ConcurrentHashMap<>(256);

	List<ActivityScoreOperation> getOperations(Method method, Class<?> targetClass) {
		// an empty list is the cached "no annotation" marker
		return this.cache.computeIfAbsent(new AnnotatedElementKey(method, targetClass),
				(key) -> find(method, targetClass));
	}

	private static List<ActivityScoreOperation> find(Method method, Class<?> targetClass) {
		Method specific = specificMethod(method, targetClass);
		Set<ActivityScore> annotations = AnnotatedElementUtils.findMergedRepeatableAnnotations(specific,
				ActivityScore.class);
		if (annotations.isEmpty() && specific != method) {
			annotations = AnnotatedElementUtils.findMergedRepeatableAnnotations(method, ActivityScore.class);
		}
		return annotations.stream().map(ActivityScoreOperation::of).toList();
	}

	static Method specificMethod(Method method, Class<?> targetClass) {
		return (targetClass != null) ? AopUtils.getMostSpecificMethod(method, targetClass) : method;
	}

}
