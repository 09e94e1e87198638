package io.github.activityrank.engine;

/**
 * The idempotency window of a rule.
 */
public enum OncePer {

	/** The same field scores once per user per day. */
	DAY,

	/** The same field scores once per user while its record is retained. */
	EVER

}
