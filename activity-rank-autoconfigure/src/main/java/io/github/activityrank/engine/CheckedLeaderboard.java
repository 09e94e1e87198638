package io.github.activityrank.engine;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.support.InputCheck;

/**
 * The {@link Leaderboard} of every board kind: checks the arguments against the limits of
 * {@link ActivityLimits}, skips invalid member ids, adds display data from the
 * {@link RankUserLookup}, and leaves the reading to a {@link BoardSource}. A new kind of
 * board implements the five methods of {@link BoardSource} and wraps it here.
 */
public final class CheckedLeaderboard implements Leaderboard {

	private final Supplier<BoardSource> source;

	private final RankUsers users;

	/**
	 * A board whose source is fixed.
	 * @param source the board's reads
	 * @param userLookup display data, or {@code null} for none
	 */
	public CheckedLeaderboard(BoardSource source, RankUserLookup userLookup) {
		this(() -> source, userLookup);
	}

	/**
	 * A board whose source is chosen on every call, such as the board of the current
	 * period, which moves on when the period does.
	 * @param source gives the board's reads for one call
	 * @param userLookup display data, or {@code null} for none
	 */
	public CheckedLeaderboard(Supplier<BoardSource> source, RankUserLookup userLookup) {
		this.source = source;
		this.users = new RankUsers(userLookup);
	}

	@Override
	public List<RankEntry> top(int n) {
		return page(0, n);
	}

	@Override
	public List<RankEntry> page(long offset, int limit) {
		if (offset < 0) {
			throw new IllegalArgumentException("offset must be 0 or more, was " + offset);
		}
		InputCheck.checkRange("limit", limit, 1, ActivityLimits.MAX_PAGE_SIZE);
		return this.users.withUsers(this.source.get().range(offset, limit));
	}

	@Override
	public Optional<RankEntry> rankOf(String id) {
		if (InputCheck.userIdProblem(id) != null) {
			return Optional.empty();
		}
		return this.source.get().rank(id).map((entry) -> this.users.withUsers(List.of(entry)).get(0));
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		InputCheck.checkRange("radius", radius, 0, ActivityLimits.MAX_RADIUS);
		if (InputCheck.userIdProblem(id) != null) {
			return List.of();
		}
		return this.users.withUsers(this.source.get().around(id, radius));
	}

	@Override
	public long size() {
		return this.source.get().size();
	}

	@Override
	public List<RankEntry> among(Collection<String> ids) {
		if (ids == null) {
			throw new IllegalArgumentException("ids is required");
		}
		if (ids.size() > ActivityLimits.MAX_AMONG_USERS) {
			throw new IllegalArgumentException(
					"among ranks at most " + ActivityLimits.MAX_AMONG_USERS + " members, was given " + ids.size());
		}
		Set<String> valid = new LinkedHashSet<>();
		for (String id : ids) {
			if (InputCheck.userIdProblem(id) == null) {
				valid.add(id);
			}
		}
		if (valid.isEmpty()) {
			return List.of();
		}
		return this.users.withUsers(this.source.get().among(List.copyOf(valid)));
	}

}
