package io.github.activityrank.engine;

import java.time.Instant;

/**
 * How boards order and number their members.
 *
 * @param tieBreak how equal points are ordered
 * @param ranking how ranks are numbered; {@link TieBreak#EARLIEST} makes every rank
 * distinct, so it always numbers as {@link Ranking#ORDINAL}
 * @param tieBreakEpoch where the clock of the TOTAL board starts under
 * {@link TieBreak#EARLIEST} (the other boards count from the start of their period)
 */
public record BoardOrder(TieBreak tieBreak, Ranking ranking, Instant tieBreakEpoch) {

	/** The default tie-break epoch, 2026-01-01T00:00:00Z. */
	public static final Instant DEFAULT_EPOCH = Instant.parse("2026-01-01T00:00:00Z");

	/** Plain points, competition ranks: the layout and numbering of earlier versions. */
	public static final BoardOrder DEFAULT = new BoardOrder(TieBreak.NONE, Ranking.COMPETITION, DEFAULT_EPOCH);

	/**
	 * How ranks are really numbered.
	 * @return {@link Ranking#ORDINAL} under {@link TieBreak#EARLIEST}, else the
	 * configured ranking
	 */
	public Ranking effectiveRanking() {
		return (this.tieBreak == TieBreak.EARLIEST) ? Ranking.ORDINAL : this.ranking;
	}

	/**
	 * Whether boards keep a dense companion (the distinct point values) to number dense
	 * ranks.
	 * @return {@code true} when ranks are numbered densely
	 */
	public boolean dense() {
		return effectiveRanking() == Ranking.DENSE;
	}

}
