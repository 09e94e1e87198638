package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * dense.lua builds a companion in bounded chunks: on a board of 300,000 members every
 * call reads at most {@link BoardKeys#DENSE_CHUNK} of them, the result equals what one
 * script over the whole board built, and reads treat a companion still being built as
 * missing. Prints a {@code [reliability]} line; docs/reliability.md quotes it.
 */
class DenseChunkTests {

	/** The script before chunks: every distinct score in one call. */
	private static final String ONE_SHOT = """
			local values = 0
			local next = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
			while #next > 0 do
			  local score = next[2]
			  redis.call('ZADD', KEYS[2], score, string.format('%.0f', tonumber(score)))
			  values = values + 1
			  next = redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. score, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
			end
			return values
			""";

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final LettuceConnectionFactory connections = connect(this.redis.port());

	private final LuaScript dense = LuaScript.load("dense.lua");

	private final LuaScript rank = LuaScript.load("rank.lua");

	private final BoardKeys board = new BoardKeys("{t}:total", "{t}:dense:total");

	@AfterEach
	void close() {
		this.connections.destroy();
		this.redis.close();
	}

	@Test
	void aCompanionOf300000MembersIsBuiltInBoundedChunksAndEqualsTheOneShotBuild() {
		int members = 300_000;
		// 15,000 members share the score 5, more than one chunk; the others have their
		// own
		List<Tuple> tuples = new ArrayList<>(members);
		for (int i = 0; i < members; i++) {
			double score = (i < 15_000) ? 5 : 10 + i;
			tuples.add(new DefaultTuple(("m" + i).getBytes(StandardCharsets.UTF_8), score));
		}
		try (RedisConnection connection = this.connections.getConnection()) {
			for (int from = 0; from < members; from += 10_000) {
				connection.zSetCommands()
					.zAdd(bytes(this.board.key()), new HashSet<>(tuples.subList(from, from + 10_000)));
			}
			connection.keyCommands().pExpire(bytes(this.board.key()), 3_600_000);
		}
		long oneShotStart = System.nanoTime();
		long oneShotValues;
		try (RedisConnection connection = this.connections.getConnection()) {
			oneShotValues = connection.scriptingCommands()
				.eval(bytes(ONE_SHOT), ReturnType.INTEGER, 2, bytes(this.board.key()), bytes("{t}:oneshot"));
		}
		long oneShotMs = (System.nanoTime() - oneShotStart) / 1_000_000;

		int calls = 0;
		long longestNanos = 0;
		boolean done = false;
		while (!done) {
			long start = System.nanoTime();
			List<Object> reply = this.dense.run(this.connections, this.board.buildCall());
			longestNanos = Math.max(longestNanos, System.nanoTime() - start);
			calls++;
			done = RedisReplies.asLong(reply.get(0)) == 1;
			if (!done) {
				assertThat(exists(this.board.building())).isTrue();
				// a read meanwhile finds no complete companion and builds on
				assertThat(this.rank.run(this.connections, this.board.call().arg("m0").arg("dense")))
					.extracting(RedisReplies::asLong)
					.containsExactly(-1L);
			}
		}
		Set<String> built = members(this.board.dense());
		System.out.println("[reliability] dense-chunks: members=" + members + " values=" + built.size() + " calls="
				+ calls + " longestCallMs=" + longestNanos / 1_000_000 + " oneShotMs=" + oneShotMs + " equalToOneShot="
				+ built.equals(members("{t}:oneshot")));
		assertThat(built).hasSize((int) oneShotValues).isEqualTo(members("{t}:oneshot"));
		assertThat(calls).isGreaterThanOrEqualTo(members / BoardKeys.DENSE_CHUNK);
		assertThat(exists(this.board.building())).isFalse();
		assertThat(pttl(this.board.dense())).isPositive();
		// m0 has 5, the lowest of 285,001 values
		assertThat(this.rank.run(this.connections, this.board.call().arg("m0").arg("dense")))
			.extracting(RedisReplies::asLong)
			.containsExactly(285_000L, 5L);
	}

	@Test
	void aBuildWhoseCompanionWasDroppedStartsAgainFromTheTop() {
		try (RedisConnection connection = this.connections.getConnection()) {
			for (int i = 0; i < 25_000; i++) {
				connection.zSetCommands().zAdd(bytes(this.board.key()), i + 1, bytes("m" + i));
			}
		}
		this.dense.run(this.connections, this.board.buildCall());
		assertThat(exists(this.board.building())).isTrue();
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.keyCommands().del(bytes(this.board.dense()));
		}
		while (RedisReplies.asLong(this.dense.run(this.connections, this.board.buildCall()).get(0)) == 0) {
			assertThat(exists(this.board.building())).isTrue();
		}
		assertThat(members(this.board.dense())).hasSize(25_000);
	}

	private Set<String> members(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			Set<String> members = new HashSet<>();
			for (byte[] member : connection.zSetCommands().zRange(bytes(key), 0, -1)) {
				members.add(new String(member, StandardCharsets.UTF_8));
			}
			return members;
		}
	}

	private boolean exists(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return Boolean.TRUE.equals(connection.keyCommands().exists(bytes(key)));
		}
	}

	private long pttl(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return connection.keyCommands().pTtl(bytes(key));
		}
	}

	private static LettuceConnectionFactory connect(int port) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port));
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
