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
 * class into an {@link ActivityScoreMetadata}. The annotation may sit on the invoked
 * method, on the implementation in the target class or on an interface method it
 * implements.
 * <p>
 * The aspect and the start-up validator share one source, so the methods the validator
 * checks are already read when they are first called.
 */
public final class ActivityScoreOperationSource {

	private final Map<AnnotatedElementKey, ActivityScoreMetadata> cache = new ConcurrentHashMap<>(256);

	/**
	 * Create a source with an empty cache.
	 */
	public ActivityScoreOperationSource() {
	}

	/**
	 * The method's metadata, read on first use.
	 * @param method the invoked method
	 * @param targetClass the class of the target, or {@code null}
	 * @return the metadata, {@link ActivityScoreMetadata#NONE} without annotations
	 */
	ActivityScoreMetadata getMetadata(Method method, Class<?> targetClass) {
		return this.cache.computeIfAbsent(new AnnotatedElementKey(method, targetClass),
				(key) -> find(method, targetClass));
	}

	private static ActivityScoreMetadata find(Method method, Class<?> targetClass) {
		Method specific = (targetClass != null) ? AopUtils.getMostSpecificMethod(method, targetClass) : method;
		Set<ActivityScore> annotations = AnnotatedElementUtils.findMergedRepeatableAnnotations(specific,
				ActivityScore.class);
		if (annotations.isEmpty() && specific != method) {
			annotations = AnnotatedElementUtils.findMergedRepeatableAnnotations(method, ActivityScore.class);
		}
		List<ActivityScoreOperation> operations = annotations.stream().map(ActivityScoreOperation::of).toList();
		return ActivityScoreMetadata.of(specific, targetClass, operations);
	}

	int cachedMethods() {
		return this.cache.size();
	}

}
