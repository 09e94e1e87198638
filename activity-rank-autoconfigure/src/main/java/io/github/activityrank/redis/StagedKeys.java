package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/**
 * The staging key space of a rebuild ({@link RankKeys#staging()}): emptied before the
 * replay, given the challenge memberships the replay's awards look up, and switched onto
 * the live names at the end with {@code rebuild-switch.lua}, one chunk of keys per call.
 */
public final class StagedKeys {

	/** Keys per switch call: bounds how long one call blocks the server. */
	static final int CHUNK = 256;

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys live;

	private final RankKeys staged;

	private final LuaScript switchScript = LuaScript.load("rebuild-switch.lua");

	/**
	 * Create the staging space of a key naming.
	 * @param connectionFactory connections to Redis
	 * @param live the live key naming
	 */
	public StagedKeys(RedisConnectionFactory connectionFactory, RankKeys live) {
		this.connectionFactory = connectionFactory;
		this.live = live;
		this.staged = live.staging();
	}

	/**
	 * The staging key naming.
	 * @return keys named {@code {prefix}:rebuild:...}
	 */
	public RankKeys keys() {
		return this.staged;
	}

	/**
	 * Delete every staged key, such as those a rebuild that died left behind.
	 * @return the number deleted
	 */
	public long clear() {
		List<String> keys = scan(this.staged.pattern());
		long deleted = 0;
		for (int from = 0; from < keys.size(); from += CHUNK) {
			byte[][] chunk = bytes(keys.subList(from, Math.min(keys.size(), from + CHUNK)));
			Long n = withConnection((connection) -> connection.keyCommands().del(chunk));
			deleted += (n != null) ? n : 0;
		}
		return deleted;
	}

	/**
	 * Give the staged challenge definitions and joined-challenge hashes the TTL they have
	 * on the live path, plus the offset the switch takes off: the replay created them at
	 * past instants, from which their scripts count. A definition lives until its
	 * {@code expireAt}, a joined-challenges hash until the last of its challenges ends.
	 * @param nowMillis the application's current instant
	 * @param offsetMillis the offset of the staged TTLs
	 */
	public void alignChallengeTtls(long nowMillis, long offsetMillis) {
		withConnection((connection) -> {
			for (String key : scan(this.staged.challengeDefinition("*"))) {
				byte[] name = key.getBytes(StandardCharsets.UTF_8);
				byte[] value = connection.stringCommands().get(name);
				if (value != null) {
					String id = key.substring(key.lastIndexOf(':') + 1);
					long expireAt = StoredChallenge.parse(id, new String(value, StandardCharsets.UTF_8)).expireAt();
					connection.keyCommands().pExpire(name, Math.max(1, expireAt - nowMillis + offsetMillis));
				}
			}
			for (String key : scan(this.staged.joinedChallenges("*"))) {
				byte[] name = key.getBytes(StandardCharsets.UTF_8);
				long lastEnd = 0;
				for (Map.Entry<byte[], byte[]> entry : connection.hashCommands().hGetAll(name).entrySet()) {
					if (entry.getKey().length > 0 && entry.getKey()[0] != '#') {
						String[] parts = new String(entry.getValue(), StandardCharsets.UTF_8).split(":", 3);
						lastEnd = Math.max(lastEnd, Long.parseLong(parts[1]));
					}
				}
				if (lastEnd > 0) {
					connection.keyCommands().pExpire(name, Math.max(1, lastEnd - nowMillis + offsetMillis));
				}
				else {
					// only the last token is left, whose end is not kept: as the replay
					// set it
					Long ttl = connection.keyCommands().pTtl(name);
					if (ttl != null && ttl > 0) {
						connection.keyCommands().pExpire(name, ttl + offsetMillis);
					}
				}
			}
			return null;
		});
	}

	/**
	 * Rename every staged score key (and challenge key, when challenges were replayed)
	 * onto its live name, delete the live ones that have no staged counterpart, and
	 * delete what else was staged.
	 * @param offsetMillis how much longer the staged keys' TTLs are than the live ones'
	 * @param challenges whether challenge definitions and memberships were replayed too
	 * @return the staged keys moved onto live names
	 */
	public long switchToStaged(long offsetMillis, boolean challenges) {
		List<String> staged = new ArrayList<>();
		List<String> targets = new ArrayList<>();
		List<String> leftovers = new ArrayList<>();
		for (String key : scan(this.staged.pattern())) {
			String target = liveName(key);
			if (this.live.isScoreKey(target) || (challenges && this.live.isChallengeKey(target))) {
				staged.add(key);
				targets.add(target);
			}
			else {
				leftovers.add(key);
			}
		}
		Set<String> stale = new LinkedHashSet<>();
		for (String key : scan(this.live.pattern())) {
			if (this.live.isScoreKey(key) || (challenges && this.live.isChallengeKey(key))) {
				stale.add(key);
			}
		}
		targets.forEach(stale::remove);
		stale.addAll(leftovers);
		List<String> toDelete = new ArrayList<>(stale);
		long moved = 0;
		int d = 0;
		for (int from = 0; from < staged.size() || d < toDelete.size(); from += CHUNK) {
			int to = Math.min(staged.size(), from + CHUNK);
			ScriptArgs call = new ScriptArgs();
			int n = Math.max(0, to - from);
			for (int k = from; k < to; k++) {
				call.key(staged.get(k));
			}
			for (int k = from; k < to; k++) {
				call.key(targets.get(k));
			}
			for (int k = 0; k < CHUNK - n && d < toDelete.size(); k++) {
				call.key(toDelete.get(d++));
			}
			call.arg(n).arg(offsetMillis);
			List<Object> reply = this.switchScript.run(this.connectionFactory, call);
			moved += RedisReplies.asLong(reply.get(0));
		}
		return moved;
	}

	private String liveName(String stagedKey) {
		return this.live.tag() + stagedKey.substring(this.staged.tag().length());
	}

	private List<String> scan(String pattern) {
		return withConnection((connection) -> {
			List<String> keys = new ArrayList<>();
			try (Cursor<byte[]> cursor = connection.keyCommands()
				.scan(ScanOptions.scanOptions().match(pattern).count(1000).build())) {
				cursor.forEachRemaining((key) -> keys.add(new String(key, StandardCharsets.UTF_8)));
			}
			return keys;
		});
	}

	private static byte[][] bytes(List<String> keys) {
		return keys.stream().map((key) -> key.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
	}

	private <T> T withConnection(Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return action.apply(connection);
		}
	}

}
