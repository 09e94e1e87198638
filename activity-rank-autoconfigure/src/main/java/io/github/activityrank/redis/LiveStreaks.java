package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;

/**
 * The streak board as it reads before its broken streaks are pruned: the raw board's
 * reads with the members of a stale set left out and the others numbered as if those were
 * gone. The raw board ranks ordinally (every rank distinct), so a member's rank is its
 * position, less the stale members above it. Without stale members (the usual case:
 * {@link StreakPruning} removes them at each day's start) every read is the raw one.
 */
final class LiveStreaks implements BoardSource {

	private final BoardSource raw;

	private final Supplier<Set<String>> stale;

	/**
	 * Filter a raw board.
	 * @param raw the board as stored
	 * @param stale the ids whose streak broke, asked once per read
	 */
	LiveStreaks(BoardSource raw, Supplier<Set<String>> stale) {
		this.raw = raw;
		this.stale = stale;
	}

	@Override
	public List<RankEntry> range(long offset, int limit) {
		Set<String> stale = this.stale.get();
		return stale.isEmpty() ? this.raw.range(offset, limit)
				: consistent(stale, (positions) -> range(positions, stale, offset, limit));
	}

	@Override
	public Optional<RankEntry> rank(String id) {
		Set<String> stale = this.stale.get();
		if (stale.isEmpty()) {
			return this.raw.rank(id);
		}
		return stale.contains(id) ? Optional.empty()
				: consistent(stale, (positions) -> this.raw.rank(id).map((entry) -> renumbered(entry, positions)));
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		Set<String> stale = this.stale.get();
		if (stale.isEmpty()) {
			return this.raw.around(id, radius);
		}
		return stale.contains(id) ? List.of() : consistent(stale, (positions) -> {
			Optional<RankEntry> raw = this.raw.rank(id);
			if (raw.isEmpty()) {
				return List.of();
			}
			long at = renumbered(raw.get(), positions).rank() - 1;
			long size = this.raw.size() - positions.length;
			// filled from the other side at either end, as the raw board's window is
			long window = Math.min(2L * radius + 1, size);
			long start = Math.max(0, Math.min(at - radius, size - window));
			return range(positions, stale, start, (int) window);
		});
	}

	@Override
	public long size() {
		Set<String> stale = this.stale.get();
		return stale.isEmpty() ? this.raw.size() : consistent(stale, (positions) -> this.raw.size() - positions.length);
	}

	@Override
	public List<RankEntry> among(List<String> ids) {
		Set<String> stale = this.stale.get();
		if (stale.isEmpty()) {
			return this.raw.among(ids);
		}
		List<RankEntry> live = new ArrayList<>(ids.size());
		for (RankEntry entry : this.raw.among(ids)) {
			if (!stale.contains(entry.id())) {
				live.add(new RankEntry(entry.id(), live.size() + 1, entry.score(), entry.details()));
			}
		}
		return live;
	}

	/**
	 * A read made with the stale members' positions, made again when they moved while it
	 * ran (the maintenance step pruning them, which happens just when there are any).
	 */
	private <T> T consistent(Set<String> stale, Function<long[], T> read) {
		long[] positions = positions(stale);
		for (int attempt = 1;; attempt++) {
			T answer = read.apply(positions);
			long[] after = positions(stale);
			if (Arrays.equals(positions, after) || attempt == 3) {
				return answer;
			}
			positions = after;
		}
	}

	/** The raw positions (0-based) of the stale members on the board, ascending. */
	private long[] positions(Set<String> stale) {
		return stale.stream()
			.map(this.raw::rank)
			.flatMap(Optional::stream)
			.mapToLong((entry) -> entry.rank() - 1)
			.sorted()
			.toArray();
	}

	/** A slice of the live members: read from the raw position of its first. */
	private List<RankEntry> range(long[] positions, Set<String> stale, long offset, int limit) {
		long from = offset;
		int above = 0;
		while (above < positions.length && positions[above] <= from) {
			from++;
			above++;
		}
		List<RankEntry> live = new ArrayList<>(limit);
		for (RankEntry entry : this.raw.range(from, limit + positions.length - above)) {
			if (live.size() == limit) {
				break;
			}
			if (!stale.contains(entry.id())) {
				live.add(renumbered(entry, positions));
			}
		}
		return live;
	}

	/** An entry ranked without the stale members above it. */
	private static RankEntry renumbered(RankEntry entry, long[] positions) {
		long position = entry.rank() - 1;
		int above = Arrays.binarySearch(positions, position);
		above = (above >= 0) ? above : -above - 1;
		return new RankEntry(entry.id(), position - above + 1, entry.score(), entry.details());
	}

}
