package io.github.activityrank.observation;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardKind;
import io.micrometer.observation.Observation;

/**
 * A {@link Leaderboard} whose every read is an observation
 * ({@link ActivityRankObservationDocumentation#BOARD_READ}).
 */
final class ObservedLeaderboard implements Leaderboard {

	private final Leaderboard board;

	private final BoardKind kind;

	private final Period period;

	private final MicrometerActivityObservations observations;

	ObservedLeaderboard(Leaderboard board, BoardKind kind, Period period, MicrometerActivityObservations observations) {
		this.board = board;
		this.kind = kind;
		this.period = period;
		this.observations = observations;
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
		Observation observation = this.observations.read(this.kind, this.period, operation);
		return (observation != null) ? observation.observe(read) : read.get();
	}

	@Override
	public String toString() {
		return this.board.toString();
	}

}
