package io.github.activityrank;

/**
 * What one award or revoke did.
 *
 * @param outcome what happened
 * @param points the points applied by an award or taken back by a revoke; 0 for every
 * other outcome
 * @param reason why the request was rejected or set aside; {@code null} for every other
 * outcome
 */
public record AwardResult(Outcome outcome, long points, String reason) {

	/**
	 * The {@link #reason()} of a {@link Outcome#REJECTED} award of a user removed with
	 * {@code removeUser} after the award was made (still queued, retried, relayed or read
	 * from a stream then).
	 */
	public static final String USER_REMOVED = "the user was removed after this award was made";

	/** The possible outcomes of an award or a revoke. */
	public enum Outcome {

		/** The points were added to every configured board. */
		AWARDED,

		/**
		 * The same user and field already scored in the rule's window; nothing changed.
		 */
		ALREADY_AWARDED,

		/** A daily, weekly or monthly cap left no allowance; nothing changed. */
		CAPPED,

		/** The points the record says were given have been taken back. */
		REVOKED,

		/** No record of an award was found; nothing changed. */
		NOTHING_TO_REVOKE,

		/**
		 * The request was invalid, or would take a user past the largest score a board
		 * holds (see {@link AwardResult#reason()}); nothing was stored.
		 */
		REJECTED,

		/**
		 * Redis failed on this request in a way that would repeat on every attempt (a key
		 * of the wrong type, a script error; see {@link AwardResult#reason()}); nothing
		 * of it was applied. Every other request sent with it was applied. The request is
		 * kept, and {@link ActivityRankAdmin#reapplySetAside()} applies it once the cause
		 * is fixed.
		 */
		SET_ASIDE

	}

	/**
	 * Whether the boards changed.
	 * @return {@code true} for {@link Outcome#AWARDED} and {@link Outcome#REVOKED}
	 */
	public boolean changed() {
		return this.outcome == Outcome.AWARDED || this.outcome == Outcome.REVOKED;
	}

	/**
	 * A result for a request that was refused before reaching Redis.
	 * @param reason what was wrong with the request
	 * @return the rejected result
	 */
	public static AwardResult rejected(String reason) {
		return new AwardResult(Outcome.REJECTED, 0, reason);
	}

	/**
	 * A result for a request that Redis failed on for good.
	 * @param reason the failure, as Redis reported it
	 * @return the set-aside result
	 */
	public static AwardResult setAside(String reason) {
		return new AwardResult(Outcome.SET_ASIDE, 0, reason);
	}

}
