package io.github.activityrank.engine;

import java.util.List;

/**
 * Records the top badges a board that ended grants, before they are granted in Redis: the
 * ledger keeps them so a rebuild restores them (docs/badges.md).
 */
@FunctionalInterface
public interface TopBadgeRecorder {

	/** Nothing recorded: the ledger is off. */
	TopBadgeRecorder NONE = (board, earned) -> {
	};

	/**
	 * Record the top badges of a board once: recording the same board again adds nothing.
	 * @param board the board's id, such as {@code week:2026-11-16}
	 * @param earned each user and badge that qualifies, {@link Achievement#at()} when the
	 * board ended
	 */
	void record(String board, List<Achievement> earned);

}
