package io.github.activityrank.benchmarks;

import java.nio.charset.StandardCharsets;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;

/**
 * A calibration, not a competitor: the least an idempotent award can do in one script
 * call (HSETNX the record field, then ZINCRBY the day and month boards), one blocking
 * EVALSHA per call, no TTLs, caps, revokes or batching. Sent by the same threads through
 * the same Spring Data Redis client, it shows how many blocking calls per second those
 * threads can make on this machine at all.
 */
final class MinimalScriptClient {

	private static final String SCRIPT = "if redis.call('HSETNX', KEYS[1], ARGV[2], ARGV[3]) == 1 then "
			+ "redis.call('ZINCRBY', KEYS[2], ARGV[3], ARGV[1]) redis.call('ZINCRBY', KEYS[3], ARGV[3], ARGV[1]) end "
			+ "return 1";

	private final RedisConnectionFactory connections;

	private final String prefix;

	private final byte[] sha;

	private final byte[] dayBoard;

	private final byte[] monthBoard;

	MinimalScriptClient(RedisConnectionFactory connections, String prefix) {
		this.connections = connections;
		this.prefix = "{" + prefix + "}";
		try (RedisConnection connection = connections.getConnection()) {
			this.sha = connection.scriptingCommands().scriptLoad(bytes(SCRIPT)).getBytes(StandardCharsets.US_ASCII);
		}
		this.dayBoard = bytes(this.prefix + ":day");
		this.monthBoard = bytes(this.prefix + ":month");
	}

	void award(String userId, String field, int points) {
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.scriptingCommands()
				.evalSha(this.sha, ReturnType.INTEGER, 3, bytes(this.prefix + ":rec:" + userId), this.dayBoard,
						this.monthBoard, bytes(userId), bytes(field), bytes(Integer.toString(points)));
		}
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
