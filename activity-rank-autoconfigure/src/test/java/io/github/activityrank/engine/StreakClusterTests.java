package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.RankEntry;
import io.github.activityrank.Streak;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.RedisClusterTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaks on a Redis Cluster with three shards: each user's streak keys live in the slot
 * of the user's shard, the board merges the shards, a milestone bonus lands in the same
 * call, the maintenance step prunes every shard.
 */
class StreakClusterTests {

	private static final LocalDate FIRST = LocalDate.of(2026, 7, 1);

	private final LettuceConnectionFactory cluster = RedisClusterTestServer.shared().newConnectionFactory();

	private final StreakFixture engine = new StreakFixture(FIRST.atTime(LocalTime.NOON), Set.of("check-in"),
			Map.of(3, 10L), this.cluster, 3);

	@AfterEach
	void cleanUp() {
		// SCAN does not span the nodes of a cluster; every key of a shard is in one slot
		try (RedisClusterConnection connection = this.cluster.getClusterConnection()) {
			for (RankKeys keys : this.engine.shards.allKeys()) {
				int slot = RedisClusterTestServer.slotOf(keys.tag());
				List<byte[]> found = connection.clusterGetKeysInSlot(slot, 10_000);
				if (found != null && !found.isEmpty()) {
					connection.keyCommands().del(found.toArray(byte[][]::new));
				}
			}
		}
		finally {
			this.cluster.destroy();
		}
	}

	@Test
	void streaksAndTheBoardWorkAcrossThreeShards() {
		String[] users = { "u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9" };
		for (int d = 0; d < 4; d++) {
			for (int u = 0; u < users.length; u++) {
				// user u checks in from day u % 4 on
				if (d >= u % 4) {
					this.engine.checkIn(users[u], FIRST.plusDays(d).atTime(LocalTime.NOON));
				}
			}
		}
		assertThat(Arrays.stream(users).map(this.engine.shards::shardOf).distinct().count())
			.as("the users spread over the shards")
			.isEqualTo(3);
		assertThat(this.engine.streaks.streak("u1")).isEqualTo(new Streak(4, 4, FIRST.plusDays(3)));
		assertThat(this.engine.streaks.streak("u4")).isEqualTo(new Streak(1, 1, FIRST.plusDays(3)));
		assertThat(this.engine.total("u1")).isEqualTo(4 + 10);
		assertThat(this.engine.total("u3")).isEqualTo(2);
		assertThat(this.engine.streaks.activeDays("u2", FIRST, FIRST.plusDays(9))).hasSize(3);
		List<RankEntry> top = this.engine.streaks.board().top(10);
		assertThat(top).extracting(RankEntry::score).containsExactly(4L, 4L, 4L, 3L, 3L, 2L, 2L, 1L, 1L);
		assertThat(this.engine.streaks.board().size()).isEqualTo(9);
		for (RankEntry entry : top) {
			assertThat(this.engine.streaks.board().rankOf(entry.id())).contains(entry);
		}
		assertThat(this.engine.streaks.board().page(2, 3)).containsExactlyElementsOf(top.subList(2, 5));
	}

	@Test
	void theMaintenanceStepTakesBrokenStreaksOffEveryShard() {
		for (String user : List.of("u1", "u2", "u3", "u4", "u5", "u6")) {
			this.engine.checkIn(user, FIRST.atTime(LocalTime.NOON));
		}
		this.engine.checkIn("u7", FIRST.plusDays(1).atTime(LocalTime.NOON));
		this.engine.clock.set(FIRST.plusDays(2).atTime(LocalTime.NOON)); // u1-u6 broke
																			// today
		// left out by the reads before the step runs, on every shard
		assertThat(this.engine.streaks.board().top(10)).extracting(RankEntry::id).containsExactly("u7");
		assertThat(this.engine.streaks.board().size()).isEqualTo(1);
		assertThat(this.engine.pruning.prune()).isEqualTo(6);
		assertThat(this.engine.streaks.board().top(10)).extracting(RankEntry::id).containsExactly("u7");
		assertThat(this.engine.streaks.board().size()).isEqualTo(1);
	}

}
