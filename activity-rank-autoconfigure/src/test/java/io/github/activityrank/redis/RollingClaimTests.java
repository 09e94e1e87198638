package io.github.activityrank.redis;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances' rolling boards on one prefix of the test Redis (database 4), two shards,
 * with a claim shorter than a rebuild: the first instance's rebuild is made of many small
 * calls, and before each of them the test may move the clock and read through the second
 * instance. The builder renews its claim as it goes, so the second instance does not
 * rebuild meanwhile; a builder that stalls past its claim is taken over, and then puts
 * nothing in place.
 */
class RollingClaimTests {

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private static final LocalDateTime NOON = LocalDateTime.of(2026, 6, 20, 12, 0);

	private static final Duration REFRESH = Duration.ofMinutes(1);

	private static final Duration CLAIM = Duration.ofSeconds(10);

	/**
	 * 300 members on each of 7 days: about 1,050 entries a shard, some 100 calls of 50.
	 */
	private static final int MEMBERS = 300;

	private static final int UNITS_PER_CALL = 50;

	private final String prefix = RedisTestServer.uniquePrefix("rollclaim");

	private final LettuceConnectionFactory connections = RedisTestServer.shared().newConnectionFactory(4);

	private final ShardMap shards = new ShardMap(new RankKeys(this.prefix), 2);

	private final MutableClock clock = new MutableClock(NOON, ZONE);

	private final ActivityCalendar calendar = new ActivityCalendar(this.clock, ZONE,
			Map.of(Period.DAY, Duration.ofDays(31)), Duration.ofDays(31));

	/** Run before each connection the first instance takes, when set. */
	private volatile Runnable beforeCall;

	private RedisRollingBoards first;

	private RedisRollingBoards second;

	@BeforeEach
	void twoInstances() {
		RedisConnectionFactory watched = (RedisConnectionFactory) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { RedisConnectionFactory.class }, (proxy, method, args) -> {
					Runnable hook = this.beforeCall;
					if (hook != null && method.getName().equals("getConnection")) {
						hook.run();
					}
					try {
						return method.invoke(this.connections, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
		this.first = rolling(watched);
		this.second = rolling(this.connections);
		for (int d = 0; d < 7; d++) {
			LocalDate day = this.calendar.today().minusDays(d);
			for (int i = 0; i < MEMBERS; i++) {
				String user = "u" + i;
				zadd(this.shards.keys(this.shards.shardOf(user)).board(Period.DAY, day), user, 1 + (i + d) % 5);
			}
		}
	}

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.delete(this.connections, RedisKeysCleaner.prefixPattern(this.prefix));
		this.connections.destroy();
	}

	@Test
	void aRebuildLongerThanItsClaimRenewsItSoTheOtherInstanceAnswersTheBoardInPlace() {
		assertThat(this.first.rolling(7).size()).isEqualTo(MEMBERS);
		this.clock.advance(REFRESH);
		// the rebuild takes twice the claim's time by the clock
		AtomicInteger steps = new AtomicInteger();
		this.beforeCall = () -> {
			if (steps.get() < 8 && claimHeld()) {
				steps.incrementAndGet();
				this.clock.advance(CLAIM.dividedBy(4));
				assertThat(this.second.rolling(7).size()).isEqualTo(MEMBERS);
			}
		};

		assertThat(this.first.rolling(7).size()).isEqualTo(MEMBERS);
		this.beforeCall = null;
		assertThat(this.second.builds()).isZero();
		assertThat(this.first.builds()).isEqualTo(2);
		assertThat(steps).hasValue(8);
	}

	@Test
	void aBuilderThatStallsPastItsClaimIsTakenOverAndPutsNothingInPlace() {
		assertThat(this.first.rolling(7).size()).isEqualTo(MEMBERS);
		this.clock.advance(REFRESH);
		AtomicReference<String> removed = new AtomicReference<>();
		this.beforeCall = () -> {
			String member = (removed.get() == null && claimHeld()) ? aMemberBuilt() : null;
			if (member != null) {
				// a member the first build holds leaves the day boards; then the first
				// instance stalls past its claim and the second takes it over
				removed.set(member);
				this.shards.allKeys().forEach((keys) -> zrem(keys, member));
				this.clock.advance(CLAIM.multipliedBy(2));
				assertThat(this.second.rolling(7).size()).isEqualTo(MEMBERS - 1);
			}
		};

		assertThat(this.first.rolling(7).size()).isEqualTo(MEMBERS - 1);
		this.beforeCall = null;
		assertThat(removed.get()).isNotNull();
		assertThat(this.second.rolling(7).rank(removed.get())).isEmpty();
		assertThat(this.second.builds()).isOne();
		assertThat(this.first.builds()).isOne();
		assertThat(RedisKeysCleaner.keys(this.connections, RedisKeysCleaner.prefixPattern(this.prefix)))
			.noneMatch((key) -> key.contains(":rolling-build:"));
	}

	private RedisRollingBoards rolling(RedisConnectionFactory factory) {
		return new RedisRollingBoards(factory, this.shards, this.calendar, BoardOrder.DEFAULT, List.of(7), REFRESH,
				CLAIM, UNITS_PER_CALL);
	}

	/** Whether a claim on the 7-day board's rebuild is held (between claim and done). */
	private boolean claimHeld() {
		try (RedisConnection connection = this.connections.getConnection()) {
			return Boolean.TRUE.equals(connection.hashCommands()
				.hExists(bytes(RollingKeys.state(this.shards.keys(0), "7")), bytes("lock")));
		}
	}

	/** A member of a build in progress, {@code null} while no build holds one. */
	private String aMemberBuilt() {
		for (String key : RedisKeysCleaner.keys(this.connections, RedisKeysCleaner.prefixPattern(this.prefix))) {
			if (key.contains(":rolling-build:7:")) {
				try (RedisConnection connection = this.connections.getConnection()) {
					Set<byte[]> members = connection.zSetCommands().zRange(bytes(key), 0, 0);
					if (members != null && !members.isEmpty()) {
						return new String(members.iterator().next(), StandardCharsets.UTF_8);
					}
				}
			}
		}
		return null;
	}

	private void zadd(String key, String member, double score) {
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.zSetCommands().zAdd(bytes(key), score, bytes(member));
		}
	}

	/** Take a member off the 7 day boards of the window on one shard. */
	private void zrem(RankKeys keys, String member) {
		try (RedisConnection connection = this.connections.getConnection()) {
			for (int d = 0; d < 7; d++) {
				connection.zSetCommands()
					.zRem(bytes(keys.board(Period.DAY, this.calendar.today().minusDays(d))), bytes(member));
			}
		}
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
