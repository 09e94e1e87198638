package io.github.activityrank.engine;

/**
 * How an award reached the engine, as observations report it (their {@code path} key).
 */
public enum AwardPath {

	/** A call of {@code ActivityRankService.award}, {@code revoke} or {@code apply}. */
	DIRECT("direct"),

	/** An {@code @ActivityScore} method, through the dispatcher. */
	ANNOTATED("annotated"),

	/** A published {@code ActivityEvent}, through the dispatcher. */
	EVENT("event"),

	/** A page view, through the dispatcher. */
	PAGE_VIEW("page-view"),

	/** The ledger's relay, applying recorded awards. */
	RELAY("relay"),

	/** A message read from the ingestion streams. */
	STREAM("stream");

	private final String value;

	AwardPath(String value) {
		this.value = value;
	}

	/**
	 * The name observations report.
	 * @return the lower-case name
	 */
	public String value() {
		return this.value;
	}

}
