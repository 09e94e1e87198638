package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The challenges that exist: their definitions, the registry that lists them by end, and
 * the upkeep of the shared keys once challenges end.
 *
 * @param connectionFactory connections to Redis
 * @param keys key naming
 */
record ChallengeRegistry(RedisConnectionFactory connectionFactory, RankKeys keys) {

	/** Most ended registry entries one prune looks at. */
	private static final int PRUNED_AT_ONCE = 1000;

	private static final LuaScript PRUNE = LuaScript.load("challenge-prune.lua");

	/** A challenge by id, with what its definition key holds. */
	Optional<StoredChallenge> find(String id) {
		byte[] text = withConnection(
				(connection) -> connection.stringCommands().get(bytes(this.keys.challengeDefinition(id))));
		return Optional.ofNullable(text).map((value) -> StoredChallenge.parse(id, RedisReplies.asString(value)));
	}

	/**
	 * The retained challenges whose end lies in a range, in two commands (ZRANGEBYSCORE,
	 * MGET); those whose definition is gone are left out.
	 * @param minEnd the earliest end, inclusive, in epoch milliseconds
	 * @param maxEnd the latest end, inclusive
	 * @return the challenges, by end
	 */
	List<StoredChallenge> endingIn(double minEnd, double maxEnd) {
		return withConnection((connection) -> {
			List<String> ids = strings(
					connection.zSetCommands().zRangeByScore(bytes(this.keys.challenges()), minEnd, maxEnd));
			return definitions(connection, ids);
		});
	}

	/** The definitions of some ids, in one MGET; those that are gone are left out. */
	private List<StoredChallenge> definitions(RedisConnection connection, List<String> ids) {
		if (ids.isEmpty()) {
			return List.of();
		}
		byte[][] definitions = ids.stream()
			.map((id) -> bytes(this.keys.challengeDefinition(id)))
			.toArray(byte[][]::new);
		List<byte[]> texts = connection.stringCommands().mGet(definitions);
		List<StoredChallenge> challenges = new ArrayList<>(ids.size());
		for (int i = 0; texts != null && i < ids.size(); i++) {
			if (texts.get(i) != null) {
				challenges.add(StoredChallenge.parse(ids.get(i), RedisReplies.asString(texts.get(i))));
			}
		}
		return challenges;
	}

	/**
	 * The challenges a user joined that end after an instant, in two commands (HGETALL of
	 * the user's hash, MGET of the definitions).
	 * @param member the encoded user id
	 * @param now the instant, in epoch milliseconds
	 * @return those challenges, in no particular order
	 */
	List<StoredChallenge> joined(String member, long now) {
		return withConnection((connection) -> {
			Map<byte[], byte[]> entries = connection.hashCommands().hGetAll(bytes(this.keys.joinedChallenges(member)));
			List<String> ids = new ArrayList<>();
			if (entries != null) {
				entries.forEach((field, entry) -> {
					String id = new String(field, StandardCharsets.UTF_8);
					// "start:end:...", and reserved fields start with '#'
					String[] parts = new String(entry, StandardCharsets.UTF_8).split(":", 3);
					if (!id.startsWith("#") && parts.length == 3 && Long.parseLong(parts[1]) > now) {
						ids.add(id);
					}
				});
			}
			return definitions(connection, ids);
		});
	}

	/** Every id in the registry: running, still to start, or ended but retained. */
	List<String> ids() {
		return withConnection(
				(connection) -> strings(connection.zSetCommands().zRange(bytes(this.keys.challenges()), 0, -1)));
	}

	/**
	 * Drop the registry entries of challenges that are gone (their definition expired)
	 * and the open-challenges entries of challenges that have ended.
	 * @param now the current instant
	 * @return how many entries were dropped
	 */
	long prune(Instant now) {
		List<String> ended = withConnection((connection) -> strings(connection.zSetCommands()
			.zRangeByScore(bytes(this.keys.challenges()), Double.NEGATIVE_INFINITY, now.toEpochMilli(), 0,
					PRUNED_AT_ONCE)));
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.challenges());
		call.key(this.keys.openChallenges());
		ended.forEach((id) -> call.key(this.keys.challengeDefinition(id)));
		call.arg(now.toEpochMilli());
		ended.forEach(call::arg);
		return RedisReplies.asLong(PRUNE.run(this.connectionFactory, call).get(0));
	}

	private <T> T withConnection(Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return action.apply(connection);
		}
	}

	private static List<String> strings(Set<byte[]> values) {
		if (values == null) {
			return List.of();
		}
		return values.stream().map((value) -> new String(value, StandardCharsets.UTF_8)).toList();
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
