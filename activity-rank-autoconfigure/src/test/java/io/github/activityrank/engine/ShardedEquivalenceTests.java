package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same random awards, revokes, joins and removals fed to one engine on a single
 * server (one shard) and to one on the local Redis Cluster with three shards: every query
 * on every board answers the same, in every ranking and with the earliest tie-break.
 */
class ShardedEquivalenceTests {

	private static final LocalDateTime MORNING = LocalDateTime.of(2026, 11, 18, 10, 0);

	private static final int USERS = 400;

	private static final List<String> RULES = List.of("page-view", "praise", "comment", "publish", "spam");

	private final LettuceConnectionFactory cluster = RedisClusterTestServer.shared().newConnectionFactory();

	private EngineFixture single;

	private EngineFixture sharded;

	static Stream<Arguments> orders() {
		return Stream.of(Arguments.of(new BoardOrder(TieBreak.NONE, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH)),
				Arguments.of(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH)),
				Arguments.of(new BoardOrder(TieBreak.NONE, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH)),
				Arguments.of(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH)));
	}

	@AfterEach
	void cleanUp() {
		try {
			if (this.single != null) {
				this.single.close();
			}
			if (this.sharded != null) {
				deleteShardKeys(this.cluster, this.sharded);
			}
		}
		finally {
			this.cluster.destroy();
		}
	}

	@ParameterizedTest
	@MethodSource("orders")
	void everyQueryOnEveryBoardAnswersAsOneServerDoes(BoardOrder order) {
		this.single = new EngineFixture(MORNING, EnumSet.allOf(Period.class), EngineFixture.FORUM_RULES, null, null,
				EngineFixture.factory(), RedisTestServer.uniquePrefix("one"), order, 1);
		this.sharded = new EngineFixture(MORNING, EnumSet.allOf(Period.class), EngineFixture.FORUM_RULES, null, null,
				this.cluster, RedisTestServer.uniquePrefix("three"), order, 3);
		Instant start = MORNING.atZone(EngineFixture.ZONE).toInstant();
		for (EngineFixture engine : List.of(this.single, this.sharded)) {
			engine.challenges
				.create(new ChallengeDefinition("season", start, start.plusSeconds(86_400), Set.of(), true));
			engine.challenges
				.create(new ChallengeDefinition("sprint", start, start.plusSeconds(86_400), Set.of("comment"), false));
		}
		Random random = new Random(13);
		List<String> users = new ArrayList<>();
		for (int u = 0; u < USERS; u++) {
			users.add((u % 7 == 0) ? "user " + u + "/é" : "u" + u);
		}
		for (String user : users.subList(0, USERS / 3)) {
			assertThat(this.sharded.challenges.join("sprint", user))
				.isEqualTo(this.single.challenges.join("sprint", user));
		}
		for (int day = 0; day < 2; day++) {
			for (int i = 0; i < 1500; i++) {
				String user = users.get(random.nextInt(USERS));
				String rule = RULES.get(random.nextInt(RULES.size()));
				String field = "f" + random.nextInt(12);
				boolean revoke = random.nextInt(8) == 0;
				Object one = revoke ? this.single.service.revoke(user, field, rule)
						: this.single.service.award(user, field, rule);
				Object three = revoke ? this.sharded.service.revoke(user, field, rule)
						: this.sharded.service.award(user, field, rule);
				assertThat(three).isEqualTo(one);
				if (random.nextInt(10) == 0) {
					this.single.clock.advance(Duration.ofSeconds(1));
					this.sharded.clock.advance(Duration.ofSeconds(1));
				}
			}
			assertSameAnswers(users, random);
			this.single.clock.advance(Duration.ofDays(1));
			this.sharded.clock.advance(Duration.ofDays(1));
		}
		for (String user : users.subList(USERS - 5, USERS)) {
			this.single.service.removeUser(user);
			this.sharded.service.removeUser(user);
		}
		assertSameAnswers(users, random);
	}

	private void assertSameAnswers(List<String> users, Random random) {
		for (Period period : Period.values()) {
			String board = period.toString();
			assertThat(this.sharded.service.board(period).size()).as(board)
				.isEqualTo(this.single.service.board(period).size());
			for (int n : new int[] { 1, 10, 30, USERS }) {
				assertThat(this.sharded.service.board(period).top(n)).as(board)
					.isEqualTo(this.single.service.board(period).top(n));
			}
			LocalDateTime now = LocalDateTime.now(this.single.clock);
			for (long offset : new long[] { 0, 7, 55, 199, USERS - 10, USERS + 5 }) {
				assertThat(this.sharded.service.board(period, now.toLocalDate()).page(offset, 25))
					.as(board + " @" + offset)
					.isEqualTo(this.single.service.board(period, now.toLocalDate()).page(offset, 25));
			}
			for (String user : users) {
				assertThat(this.sharded.service.board(period).rankOf(user)).as(board + " " + user)
					.isEqualTo(this.single.service.board(period).rankOf(user));
			}
			for (int i = 0; i < 40; i++) {
				String user = users.get(random.nextInt(USERS));
				int radius = random.nextInt(6);
				assertThat(this.sharded.service.board(period).around(user, radius)).as(board + " around " + user)
					.isEqualTo(this.single.service.board(period).around(user, radius));
			}
			List<String> some = users.stream().filter((user) -> random.nextInt(5) == 0).toList();
			assertThat(this.sharded.service.board(period).among(some)).as(board)
				.isEqualTo(this.single.service.board(period).among(some));
			if (period != Period.TOTAL) {
				for (String user : users.subList(0, 50)) {
					assertThat(this.sharded.service.summary(user, period)).as(board + " " + user)
						.isEqualTo(this.single.service.summary(user, period));
				}
			}
		}
		for (String user : users.subList(0, 50)) {
			LocalDateTime now = LocalDateTime.now(this.single.clock);
			assertThat(this.sharded.service.history(user, now.toLocalDate().minusDays(3), now.toLocalDate()))
				.isEqualTo(this.single.service.history(user, now.toLocalDate().minusDays(3), now.toLocalDate()));
		}
		for (String id : List.of("season", "sprint")) {
			assertThat(this.sharded.challenges.board(id).size()).as(id)
				.isEqualTo(this.single.challenges.board(id).size());
			assertThat(this.sharded.challenges.board(id).top(USERS)).as(id)
				.isEqualTo(this.single.challenges.board(id).top(USERS));
			for (long offset : new long[] { 0, 33, 120, 390 }) {
				assertThat(this.sharded.challenges.board(id).page(offset, 20)).as(id + " @" + offset)
					.isEqualTo(this.single.challenges.board(id).page(offset, 20));
			}
			for (String user : users) {
				assertThat(this.sharded.challenges.board(id).rankOf(user)).as(id + " " + user)
					.isEqualTo(this.single.challenges.board(id).rankOf(user));
			}
			for (int i = 0; i < 20; i++) {
				String user = users.get(random.nextInt(USERS));
				assertThat(this.sharded.challenges.board(id).around(user, 3)).as(id + " around " + user)
					.isEqualTo(this.single.challenges.board(id).around(user, 3));
			}
		}
		assertThat(this.sharded.challenges.joined(users.get(1))).isEqualTo(this.single.challenges.joined(users.get(1)));
	}

	/** Every key of the fixture's shards: each shard's keys share the slot of its tag. */
	static void deleteShardKeys(LettuceConnectionFactory cluster, EngineFixture engine) {
		try (RedisClusterConnection connection = cluster.getClusterConnection()) {
			List<String> tags = new ArrayList<>();
			engine.shards.allKeys().forEach((keys) -> tags.add(keys.tag()));
			tags.add("{" + engine.keys.tag().substring(1, engine.keys.tag().length() - 1) + "}");
			for (String tag : tags) {
				int slot = RedisClusterTestServer.slotOf(tag);
				List<byte[]> keys;
				do {
					keys = connection.clusterGetKeysInSlot(slot, 10_000);
					List<byte[]> own = (keys != null) ? keys.stream()
						.filter((key) -> new String(key, StandardCharsets.UTF_8).startsWith(tag))
						.toList() : List.of();
					for (byte[] key : own) {
						connection.keyCommands().del(key);
					}
					if (own.size() < ((keys != null) ? keys.size() : 0)) {
						break;
					}
				}
				while (keys != null && keys.size() == 10_000);
			}
		}
	}

}
