package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Challenges on a Redis Cluster: score.lua names the challenge boards itself, from the
 * prefix it is given, and Redis runs it because those keys share the slot of its KEYS.
 */
class ChallengeClusterTests {

	private static final LocalDateTime MORNING = LocalDateTime.of(2026, 11, 18, 10, 0);

	private final LettuceConnectionFactory cluster = RedisClusterTestServer.shared().newConnectionFactory();

	private final String prefix = RedisTestServer.uniquePrefix("cluster");

	private final EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.TOTAL),
			Map.of("comment", new ScoringRule("comment", 3, false, null)), null, null, this.cluster, this.prefix,
			BoardOrder.DEFAULT);

	@AfterEach
	void cleanUp() {
		// SCAN does not span the nodes of a cluster; every key of the prefix is in one
		// slot
		try (RedisClusterConnection connection = this.cluster.getClusterConnection()) {
			int slot = RedisClusterTestServer.slotOf(this.engine.keys.tag());
			List<byte[]> keys = connection.clusterGetKeysInSlot(slot, 10_000);
			if (keys != null && !keys.isEmpty()) {
				connection.keyCommands().del(keys.toArray(byte[][]::new));
			}
		}
		finally {
			this.cluster.destroy();
		}
	}

	@Test
	void awardsRevokesLeavesAndRemovalsReachTheChallengeBoards() {
		Instant start = MORNING.atZone(EngineFixture.ZONE).toInstant();
		this.engine.challenges
			.create(new ChallengeDefinition("season", start, start.plusSeconds(86_400), Set.of(), true));
		this.engine.challenges
			.create(new ChallengeDefinition("sprint", start, start.plusSeconds(86_400), Set.of("comment"), false));
		assertThat(this.engine.challenges.join("sprint", "a")).isTrue();

		this.engine.service.award("a", "x", "comment");
		this.engine.service.award("b", "x", "comment");
		this.engine.service.award("b", "y", "comment");

		assertThat(this.engine.challenges.board("season").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("b", 6L), tuple("a", 3L));
		assertThat(this.engine.challenges.board("sprint").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("a", 3L));
		this.engine.service.revoke("b", "y", "comment");
		assertThat(this.engine.challenges.board("season").rankOf("b").map(RankEntry::score)).contains(3L);
		assertThat(this.engine.challenges.leave("sprint", "a")).isTrue();
		assertThat(this.engine.challenges.board("sprint").size()).isZero();
		this.engine.service.removeUser("b");
		assertThat(this.engine.challenges.board("season").top(10)).extracting(RankEntry::id).containsExactly("a");
		assertThat(this.engine.challenges.active()).extracting(ChallengeDefinition::id)
			.containsExactlyInAnyOrder("season", "sprint");
	}

}
