package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LiveStreaks} answers every read as a board that never held the stale members
 * would: compared with such a board for random stale sets, at every offset, member and
 * radius.
 */
class LiveStreaksTests {

	@Test
	void readsAsIfTheStaleMembersWereGone() {
		Random random = new Random(42);
		for (int round = 0; round < 200; round++) {
			int n = 1 + random.nextInt(30);
			List<String> all = IntStream.range(0, n).mapToObj((i) -> "u" + i).toList();
			Set<String> stale = new TreeSet<>();
			for (String id : all) {
				if (random.nextInt(3) == 0) {
					stale.add(id);
				}
			}
			List<String> live = all.stream().filter((id) -> !stale.contains(id)).toList();
			BoardSource expected = new ListBoard(live);
			BoardSource actual = new LiveStreaks(new ListBoard(all), () -> stale);
			assertThat(actual.size()).isEqualTo(expected.size());
			for (int offset = 0; offset <= n; offset++) {
				for (int limit = 1; limit <= 4; limit++) {
					assertThat(actual.range(offset, limit))
						.as("range(%d, %d) of %s without %s", offset, limit, all, stale)
						.isEqualTo(expected.range(offset, limit));
				}
			}
			for (String id : all) {
				assertThat(actual.rank(id)).as("rank(%s)", id).isEqualTo(expected.rank(id));
				for (int radius = 0; radius <= 3; radius++) {
					assertThat(actual.around(id, radius)).as("around(%s, %d) of %s without %s", id, radius, all, stale)
						.isEqualTo(expected.around(id, radius));
				}
			}
			List<String> some = all.stream().filter((id) -> random.nextBoolean()).toList();
			assertThat(actual.among(some)).isEqualTo(expected.among(some));
		}
	}

	@Test
	void aPruneDuringAReadIsReadAgain() {
		List<String> all = new ArrayList<>(List.of("u0", "u1", "u2", "u3", "u4", "u5", "u6"));
		Set<String> stale = Set.of("u1", "u3");
		BoardSource expected = new ListBoard(List.of("u0", "u2", "u4", "u5", "u6"));
		for (int read = 0; read < 4; read++) {
			List<String> board = new ArrayList<>(all);
			// the maintenance step removes the stale members as the read's slice is read
			BoardSource raw = new BoardSource() {

				private boolean pruned;

				@Override
				public List<RankEntry> range(long offset, int limit) {
					if (!this.pruned) {
						this.pruned = true;
						board.removeAll(stale);
					}
					return new ListBoard(board).range(offset, limit);
				}

				@Override
				public Optional<RankEntry> rank(String id) {
					return new ListBoard(board).rank(id);
				}

				@Override
				public List<RankEntry> around(String id, int radius) {
					return new ListBoard(board).around(id, radius);
				}

				@Override
				public long size() {
					return board.size();
				}

				@Override
				public List<RankEntry> among(List<String> ids) {
					return new ListBoard(board).among(ids);
				}

			};
			BoardSource live = new LiveStreaks(raw, () -> stale);
			assertThat(live.range(read, 3)).isEqualTo(expected.range(read, 3));
		}
	}

	@Test
	void withoutStaleMembersEveryReadIsTheRawOne() {
		ListBoard raw = new ListBoard(List.of("u1", "u2", "u3"));
		BoardSource live = new LiveStreaks(raw, Set::of);
		assertThat(live.range(0, 10)).isEqualTo(raw.range(0, 10));
		assertThat(live.around("u2", 1)).isEqualTo(raw.around("u2", 1));
		assertThat(live.size()).isEqualTo(3);
	}

	/**
	 * A board in memory, best first, ranked ordinally as the streak board's raw reads.
	 */
	private record ListBoard(List<String> ids) implements BoardSource {

		/** A member's score, the same on every board it is on. */
		private static long score(String id) {
			return 1000 - Integer.parseInt(id.substring(1));
		}

		private RankEntry entry(int position) {
			return new RankEntry(this.ids.get(position), position + 1, score(this.ids.get(position)), null);
		}

		@Override
		public List<RankEntry> range(long offset, int limit) {
			List<RankEntry> entries = new ArrayList<>();
			for (long p = offset; p < Math.min(this.ids.size(), offset + limit); p++) {
				entries.add(entry((int) p));
			}
			return entries;
		}

		@Override
		public Optional<RankEntry> rank(String id) {
			int position = this.ids.indexOf(id);
			return (position < 0) ? Optional.empty() : Optional.of(entry(position));
		}

		@Override
		public List<RankEntry> around(String id, int radius) {
			int position = this.ids.indexOf(id);
			if (position < 0) {
				return List.of();
			}
			int window = Math.min(2 * radius + 1, this.ids.size());
			int start = Math.max(0, Math.min(position - radius, this.ids.size() - window));
			return range(start, window);
		}

		@Override
		public long size() {
			return this.ids.size();
		}

		@Override
		public List<RankEntry> among(List<String> some) {
			List<RankEntry> entries = new ArrayList<>();
			for (String id : this.ids) {
				if (some.contains(id)) {
					entries.add(new RankEntry(id, entries.size() + 1, score(id), null));
				}
			}
			return entries;
		}

	}

}
