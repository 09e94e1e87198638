package io.github.activityrank;

/**
 * The awards of one rule that still stand in a period: revoked awards are not counted.
 *
 * @param count how many awards
 * @param points the points they gave, as recorded (after any cap clipped them; negative
 * for penalties)
 */
public record RuleTally(long count, long points) {

	/** No awards. */
	public static final RuleTally NONE = new RuleTally(0, 0);

}
