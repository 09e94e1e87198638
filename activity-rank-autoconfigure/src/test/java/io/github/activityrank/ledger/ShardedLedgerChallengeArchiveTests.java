package io.github.activityrank.ledger;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Archived challenge standings with {@code activity-rank.shards=3} on the local Redis
 * Cluster, the ledger on H2: the archive holds the global standings, as the sharded reads
 * rank them, and answers as they did once every key is gone.
 */
class ShardedLedgerChallengeArchiveTests {

	private static final LocalDateTime NOW = LocalDateTime.of(2026, 3, 10, 10, 0);

	private static final Instant START = NOW.toInstant(ZoneOffset.UTC);

	private static final ChallengeDefinition SEASON = new ChallengeDefinition("season", START,
			START.plus(Duration.ofHours(2)), Set.of(), true);

	private static final int SHARDS = 3;

	private final String prefix = RedisTestServer.uniquePrefix("chshard");

	private final MutableClock clock = new MutableClock(NOW, ZoneOffset.UTC);

	private final RedisClusterTestServer cluster = RedisClusterTestServer.shared();

	@AfterEach
	void deleteKeys() {
		tags().forEach(this::deleteTag);
	}

	@Test
	void aShardedChallengeArchivesItsGlobalStandings() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			LedgerFixture.runner(database.dataSource(), this.prefix)
				.withConfiguration(AutoConfigurations.of(ActivityRankClusterAutoConfiguration.class))
				.withPropertyValues(this.cluster.springProperties())
				.withBean(Clock.class, () -> this.clock)
				.withPropertyValues("activity-rank.shards=" + SHARDS, "activity-rank.time-zone=UTC",
						"activity-rank.retention.challenge=2d", "activity-rank.events.check-interval=1h",
						"activity-rank.ledger.archive-size=7")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					ChallengeService challenges = context.getBean(ChallengeService.class);
					ActivityRankService ranks = context.getBean(ActivityRankService.class);
					challenges.create(SEASON);
					List<String> users = new ArrayList<>();
					for (int u = 0; u < 10; u++) {
						String user = "user" + u;
						users.add(user);
						// ties on 1, 4 and 7 points
						ranks.award(user, "f" + u, 1 + (u % 4) * 3);
					}
					ShardMap shards = new ShardMap(new RankKeys(this.prefix), SHARDS);
					assertThat(users.stream().map(shards::shardOf).collect(Collectors.toSet()))
						.as("the board spreads over every shard")
						.hasSize(SHARDS);
					this.clock.advance(Duration.ofHours(3));
					List<RankEntry> top = challenges.board("season").top(7);
					assertThat(top).extracting(RankEntry::rank).containsExactly(1L, 1L, 3L, 3L, 5L, 5L, 5L);
					assertThat(challenges.board("season").size()).isEqualTo(10);
					Optional<RankEntry> sixth = challenges.board("season").rankOf(top.get(5).id());
					List<RankEntry> around = challenges.board("season").around(top.get(3).id(), 2);
					List<RankEntry> page = challenges.board("season").page(2, 3);

					assertThat(LedgerChallengeArchiveTests.archiveNow(context.getBean(LedgerChallengeArchive.class),
							database.dataSource(), "challenge:season"))
						.isOne();
					assertThat(new JdbcTemplate(database.dataSource()).queryForObject(
							"SELECT COUNT(*) FROM activity_rank_archive WHERE board = 'challenge:season'", Long.class))
						.isEqualTo(7);

					this.clock.advance(Duration.ofDays(2));
					tags().forEach(this::deleteTag);
					assertThat(challenges.board("season").top(10)).isEqualTo(top);
					assertThat(challenges.board("season").rankOf(top.get(5).id())).isEqualTo(sixth);
					assertThat(challenges.board("season").around(top.get(3).id(), 2)).isEqualTo(around);
					assertThat(challenges.board("season").page(2, 3)).isEqualTo(page);
					assertThat(challenges.board("season").size()).isEqualTo(7);
					assertThat(challenges.find("season")).contains(SEASON);
				});
		}
	}

	/** The unsharded tag and the shards' tags. */
	private List<String> tags() {
		List<String> tags = new ArrayList<>();
		tags.add("{" + this.prefix + "}");
		ShardMap shards = new ShardMap(new RankKeys(this.prefix), SHARDS);
		for (int s = 0; s < SHARDS; s++) {
			tags.add(shards.keys(s).tag());
		}
		return tags;
	}

	/**
	 * Every key under a hash tag, from its slot on the master that serves it, deleted.
	 */
	private void deleteTag(String tag) {
		LettuceConnectionFactory factory = this.cluster.newConnectionFactory();
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			List<byte[]> inSlot = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(tag), 1_000_000);
			for (byte[] key : (inSlot != null) ? inSlot : List.<byte[]>of()) {
				if (new String(key, StandardCharsets.UTF_8).startsWith(tag + ":")) {
					connection.keyCommands().del(key);
				}
			}
		}
		finally {
			factory.destroy();
		}
	}

}
