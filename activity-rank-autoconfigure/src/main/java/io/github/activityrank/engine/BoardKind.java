package io.github.activityrank.engine;

/**
 * The kind of a board, as observations of its reads report it (their {@code board.kind}
 * key).
 */
public enum BoardKind {

	/** A board of a period (day, week, month or total) of user points. */
	PERIOD("period"),

	/** The board of a challenge. */
	CHALLENGE("challenge"),

	/** A board of an item type, or its hot board. */
	ITEM("item"),

	/** The streak board. */
	STREAK("streak"),

	/** A rolling board: the points of the last days. */
	ROLLING("rolling"),

	/** A scope id's board, or a kind's board of scope ids. */
	SCOPE("scope");

	private final String value;

	BoardKind(String value) {
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
