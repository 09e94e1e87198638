package io.github.activityrank.observation;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankEntry;
import io.micrometer.observation.Observation;

/**
 * A {@link Leaderboard} whose every read is an observation
 * ({@link ActivityRankObservationDocumentation#BOARD_READ}).
 */
final class ObservedLeaderboard implements Leaderboard {

	private final Leaderboard board;

	/**
	 * Starts the observation of an operation, or gives {@code null} while none is kept.
	 */
	private final Function<String, Observation> reads;

	ObservedLeaderboard(Leaderboard board, Function<String, Observation> reads) {
		this.board = board;
		this.reads = reads;
	}

	@Override
	public List<RankEntry> top(int n) {
		return observe("top", () -> this.board.top(n));
	}

	@Override
	public List<RankEntry> page(long offset, int limit) {
		return observe("page", () -> this.board.page(offset, limit));
	}

	@Override
	public Optional<RankEntry> rankOf(String id) {
		return observe("rankOf", () -> this.board.rankOf(id));
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		return observe("around", () -> this.board.around(id, radius));
	}

	@Override
	public long size() {
		return observe("size", this.board::size);
	}

	@Override
	public List<RankEntry> among(Collection<String> ids) {
		return observe("among", () -> this.board.among(ids));
	}

	private <T> T observe(String operation, Supplier<T> read) {
		Observation observation = this.reads.apply(operation);
		return (observation != null) ? observation.observe(read) : read.get();
	}

	@Override
	public String toString() {
		return this.board.toString();
	}

}
