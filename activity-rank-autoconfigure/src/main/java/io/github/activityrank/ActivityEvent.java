package io.github.activityrank;

/**
 * A request to award or revoke points. Publish it with Spring's
 * {@link org.springframework.context.ApplicationEventPublisher} (applied after commit
 * inside a transaction, exactly as {@link ActivityScore} does) or pass it to
 * {@link ActivityRankService#apply(ActivityEvent)}.
 *
 * @param userId the user who gets (or loses) the points
 * @param rule a rule name from {@code activity-rank.rules}, or {@code null} when
 * {@code points} is given
 * @param points explicit points, or overriding the rule's points; {@code null} to use the
 * rule's
 * @param field the idempotency field; {@code null} means the rule name
 * @param revoke whether to take back the points of an earlier award instead of awarding
 */
public record ActivityEvent(String userId, String rule, Long points, String field, boolean revoke) {

	/**
	 * Award a configured rule.
	 * @param userId the user
	 * @param rule the rule name
	 * @param field the idempotency field
	 * @return the event
	 */
	public static ActivityEvent award(String userId, String rule, String field) {
		return new ActivityEvent(userId, rule, null, field, false);
	}

	/**
	 * Award explicit points, with no rule (scores once per user and field per day).
	 * @param userId the user
	 * @param points the points, positive
	 * @param field the idempotency field
	 * @return the event
	 */
	public static ActivityEvent awardPoints(String userId, long points, String field) {
		return new ActivityEvent(userId, null, points, field, false);
	}

	/**
	 * Take back the latest award of a field.
	 * @param userId the user
	 * @param rule the rule the award was made under, or {@code null}
	 * @param field the idempotency field
	 * @return the event
	 */
	public static ActivityEvent revoke(String userId, String rule, String field) {
		return new ActivityEvent(userId, rule, null, field, true);
	}

}
