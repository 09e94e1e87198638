package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ChallengeStore;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link ChallengeStore} on Redis. A challenge is a definition key, an entry in the
 * registry of challenges and, when it is open to all, an entry in the open-challenges
 * hash; a user who joins gets an entry in their joined-challenges hash. score.lua reads
 * those two hashes on every award, so an award reaches exactly the challenges of its
 * user. Boards are read by {@link BoardReads}, like the period boards. Key names are
 * {@link RankKeys}'.
 */
public class RedisChallengeStore implements ChallengeStore {

	/** Most ended registry entries one create looks at to drop those that are gone. */
	private static final int PRUNED_PER_CREATE = 1000;

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys keys;

	private final Duration retention;

	private final BoardOrder order;

	private final BoardReads reads;

	private final LuaScript create = LuaScript.load("challenge-create.lua");

	private final LuaScript join = LuaScript.load("challenge-join.lua");

	private final LuaScript leave = LuaScript.load("challenge-leave.lua");

	/**
	 * Create the store.
	 * @param connectionFactory connections to Redis
	 * @param keys key naming
	 * @param calendar the configured zone, for the board layout
	 * @param order how boards order and number their members, as for the period boards
	 * @param retention how long a challenge is kept after its end
	 */
	public RedisChallengeStore(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			BoardOrder order, Duration retention) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.retention = retention;
		this.order = order;
		this.reads = new BoardReads(connectionFactory, keys, new BoardLayout(order, calendar.zone()), order);
	}

	@Override
	public ChallengeDefinition createIfAbsent(ChallengeDefinition definition, Instant now) {
		long end = definition.end().toEpochMilli();
		StoredChallenge challenge = new StoredChallenge(definition, end + this.retention.toMillis(),
				now.toEpochMilli());
		List<String> ended = withConnection((connection) -> strings(connection.zSetCommands()
			.zRangeByScore(bytes(this.keys.challenges()), Double.NEGATIVE_INFINITY, now.toEpochMilli(), 0,
					PRUNED_PER_CREATE)));
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.challengeDefinition(definition.id()));
		call.key(this.keys.challenges());
		call.key(this.keys.openChallenges());
		ended.forEach((id) -> call.key(this.keys.challengeDefinition(id)));
		call.arg(definition.id())
			.arg(challenge.encode())
			.arg(end)
			.arg(challenge.expireAt())
			.arg(definition.openToAll() ? "1" : "0")
			.arg(challenge.openEntry())
			.arg(now.toEpochMilli());
		ended.forEach(call::arg);
		List<Object> reply = this.create.run(this.connectionFactory, call);
		return StoredChallenge.parse(definition.id(), RedisReplies.asString(reply.get(0))).definition();
	}

	@Override
	public Optional<ChallengeDefinition> find(String id) {
		byte[] text = withConnection(
				(connection) -> connection.stringCommands().get(bytes(this.keys.challengeDefinition(id))));
		return Optional.ofNullable(text)
			.map((value) -> StoredChallenge.parse(id, RedisReplies.asString(value)).definition());
	}

	@Override
	public List<ChallengeDefinition> endingAfter(Instant instant) {
		return stored(instant.toEpochMilli() + 1, Double.POSITIVE_INFINITY).stream()
			.map(StoredChallenge::definition)
			.toList();
	}

	/**
	 * The retained challenges whose end lies in a range, with what their keys hold; those
	 * whose definition is gone are left out.
	 * @param minEnd the earliest end, inclusive, in epoch milliseconds
	 * @param maxEnd the latest end, inclusive
	 * @return the challenges, by end
	 */
	List<StoredChallenge> stored(double minEnd, double maxEnd) {
		return withConnection((connection) -> {
			List<String> ids = strings(
					connection.zSetCommands().zRangeByScore(bytes(this.keys.challenges()), minEnd, maxEnd));
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
		});
	}

	@Override
	public JoinOutcome join(String id, String userId, Instant now, int maxJoined) {
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.challengeDefinition(id));
		call.key(this.keys.joinedChallenges(RankKeys.encode(userId)));
		call.arg(id).arg(now.toEpochMilli()).arg(maxJoined);
		long outcome = RedisReplies.asLong(this.join.run(this.connectionFactory, call).get(0));
		return (outcome > 0) ? JoinOutcome.JOINED : (outcome == 0) ? JoinOutcome.UNCHANGED : JoinOutcome.FULL;
	}

	@Override
	public boolean leave(String id, String userId, Instant now) {
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.joinedChallenges(member));
		call.key(this.keys.challengeBoard(id));
		call.key(this.keys.challengeDense(id));
		call.arg(id).arg(now.toEpochMilli()).arg(member).arg(this.order.dense() ? "1" : "0");
		return RedisReplies.asLong(this.leave.run(this.connectionFactory, call).get(0)) == 1;
	}

	@Override
	public List<RankEntry> range(String id, long offset, int limit) {
		return this.reads.range(board(id), offset, limit);
	}

	@Override
	public Optional<RankEntry> rank(String id, String userId) {
		return this.reads.rank(board(id), userId);
	}

	@Override
	public List<RankEntry> around(String id, String userId, int radius) {
		return this.reads.around(board(id), userId, radius);
	}

	@Override
	public long size(String id) {
		return this.reads.size(board(id));
	}

	private BoardKeys board(String id) {
		return new BoardKeys(this.keys.challengeBoard(id), this.keys.challengeDense(id));
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
