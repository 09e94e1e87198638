package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.List;

import org.springframework.context.expression.AnnotatedElementKey;

/**
 * Everything about one method of one target class that stays the same from call to call:
 * read once, then served from the {@link ActivityScoreOperationSource}'s cache.
 *
 * @param specificMethod the method in the target class, whose parameter names the
 * expressions see
 * @param element the key of the method's parsed expressions
 * @param operations the method's annotations, in declaration order
 * @param usesResolver whether any annotation takes its user from the
 * {@link io.github.activityrank.ActivityUserResolver}
 */
record ActivityScoreMetadata(Method specificMethod, AnnotatedElementKey element,
		List<ActivityScoreOperation> operations, boolean usesResolver) {

	/**
	 * The cached marker of a method without {@code @ActivityScore}.
	 */
	static final ActivityScoreMetadata NONE = new ActivityScoreMetadata(null, null, List.of(), false);

	static ActivityScoreMetadata of(Method specificMethod, Class<?> targetClass,
			List<ActivityScoreOperation> operations) {
		if (operations.isEmpty()) {
			return NONE;
		}
		return new ActivityScoreMetadata(specificMethod, new AnnotatedElementKey(specificMethod, targetClass),
				List.copyOf(operations), operations.stream().anyMatch(ActivityScoreOperation::usesResolver));
	}

	boolean isEmpty() {
		return this.operations.isEmpty();
	}

}
