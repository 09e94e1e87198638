package io.github.activityrank.ledger;

import java.util.List;
import java.util.Optional;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;

/**
 * A {@link Leaderboard} the ledger reads through as a {@link BoardSource}, for what an
 * archived period board does not keep ({@code among}).
 */
record LeaderboardSource(Leaderboard board) implements BoardSource {

	@Override
	public List<RankEntry> range(long offset, int limit) {
		return this.board.page(offset, limit);
	}

	@Override
	public Optional<RankEntry> rank(String id) {
		return this.board.rankOf(id);
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		return this.board.around(id, radius);
	}

	@Override
	public long size() {
		return this.board.size();
	}

	@Override
	public List<RankEntry> among(List<String> ids) {
		return this.board.among(ids);
	}

}
