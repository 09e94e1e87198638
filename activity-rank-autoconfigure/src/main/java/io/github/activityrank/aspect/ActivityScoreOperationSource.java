package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.activityrank.ActivityScore;

import org.springframework.aop.support.AopUtils;
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

	/** By target class, then by method: two lookups that need no key object. */
	private final Map<Class<?>, Map<Method, ActivityScoreMetadata>> cache = new ConcurrentHashMap<>(64);

	/** Stands for a null target class, which a concurrent map cannot hold. */
	private static final Class<?> NO_TARGET_CLASS = Void.class;

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
		Class<?> key = (targetClass != null) ? targetClass : NO_TARGET_CLASS;
		Map<Method, ActivityScoreMetadata> ofClass = this.cache.get(key);
		if (ofClass == null) {
			ofClass = this.cache.computeIfAbsent(key, (type) -> new ConcurrentHashMap<>(16));
		}
		ActivityScoreMetadata metadata = ofClass.get(method);
		if (metadata == null) {
			metadata = ofClass.computeIfAbsent(method, (invoked) -> find(invoked, targetClass));
		}
		return metadata;
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
		return this.cache.values().stream().mapToInt(Map::size).sum();
	}

}
