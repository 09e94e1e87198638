package io.github.activityrank.aspect;

import io.github.activityrank.ActivityScore;

/**
 * One {@link ActivityScore} as read from a method, once, with empty strings for unset
 * attributes.
 */
record ActivityScoreOperation(String rule, long points, String pointsExpression, String user, String field,
		String revoke, String condition, String itemType, String item, String scope, String scopeId) {

	static ActivityScoreOperation of(ActivityScore annotation) {
		return new ActivityScoreOperation(annotation.rule().trim(), annotation.points(),
				annotation.pointsExpression().trim(), annotation.user().trim(), annotation.field().trim(),
				annotation.revoke().trim(), annotation.condition().trim(), annotation.itemType().trim(),
				annotation.item().trim(), annotation.scope().trim(), annotation.scopeId().trim());
	}

	boolean usesResolver() {
		return this.user.isEmpty();
	}

}
