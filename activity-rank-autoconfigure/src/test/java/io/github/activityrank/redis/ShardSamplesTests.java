package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bounds the samples give on each shard hold for every score, and a window they pick
 * is never wider than asked; on hash-spread shards of evenly spread scores the window
 * holds the page.
 */
class ShardSamplesTests {

	@Test
	void boundsHoldAndWindowsHoldThePage() {
		Random random = new Random(3);
		int held = 0;
		int picked = 0;
		for (int trial = 0; trial < 200; trial++) {
			int shards = 1 + random.nextInt(4);
			int members = 2000 + random.nextInt(40_000);
			int values = 1 + random.nextInt(trial % 2 == 0 ? 50 : 50_000);
			List<List<Long>> boards = new ArrayList<>();
			for (int s = 0; s < shards; s++) {
				boards.add(new ArrayList<>());
			}
			List<Long> all = new ArrayList<>();
			for (int i = 0; i < members; i++) {
				long score = random.nextInt(values);
				boards.get(random.nextInt(shards)).add(score);
				all.add(score);
			}
			boards.forEach((board) -> board.sort((a, b) -> Long.compare(b, a)));
			all.sort((a, b) -> Long.compare(b, a));
			long offset = 1000 + random.nextInt(members + 100);
			int limit = 1 + random.nextInt(50);
			ShardSamples samples = new ShardSamples(offset, replies(boards, offset, shards));
			assertThat(samples.total()).isEqualTo(members);
			for (int probe = 0; probe < 50; probe++) {
				long x = random.nextInt(values + 2) - 1;
				for (int s = 0; s < shards; s++) {
					long count = boards.get(s).stream().filter((v) -> v >= x).count();
					assertThat(samples.lower(s, x)).isLessThanOrEqualTo(count);
					assertThat(samples.upper(s, x)).isGreaterThanOrEqualTo(count);
				}
			}
			long[] window = samples.window(offset, limit, 2048);
			if (window != null) {
				picked++;
				long x = window[0];
				long z = window[1];
				long before = all.stream().filter((v) -> v >= x).count();
				long read = all.stream().filter((v) -> v < x && (z == ShardSamples.TO_END || v >= z)).count();
				// the estimate sizes the window; a read past 2,048 entries on a shard
				// stops
				// and falls back, so it does not count as held
				if (read <= 2048 && before <= offset && (z == ShardSamples.TO_END || before + read >= offset + limit)) {
					held++;
				}
			}
		}
		assertThat(picked).isGreaterThan(100);
		assertThat(held).isGreaterThan(picked * 9 / 10);
	}

	/** What shard-sample.lua answers on each board. */
	private static List<List<Object>> replies(List<List<Long>> boards, long offset, int shards) {
		List<List<Object>> replies = new ArrayList<>();
		for (List<Long> board : boards) {
			List<Object> reply = new ArrayList<>();
			reply.add((long) board.size());
			if (!board.isEmpty()) {
				for (long position : ShardSamples.positions(offset, shards)) {
					reply.add(board.get((int) Math.min(Math.max(position, 0), board.size() - 1)));
				}
			}
			replies.add(reply);
		}
		return replies;
	}

}
