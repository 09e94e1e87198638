package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ChallengeStore;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link ChallengeStore} on Redis. A challenge is a definition key, an entry in the
 * registry of challenges and, when it is open to all, an entry in the open-challenges
 * hash; a user who joins gets an entry in their joined-challenges hash. score.lua reads
 * those two hashes on every award, so an award reaches exactly the challenges of its
 * user. Boards are read by {@link ShardedBoards}, like the period boards. Key names are
 * {@link RankKeys}'.
 */
public class RedisChallengeStore implements ChallengeStore {

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys keys;

	private final Duration retention;

	private final BoardOrder order;

	private final ChallengeRegistry registry;

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
		this.registry = new ChallengeRegistry(connectionFactory, keys);
	}

	@Override
	public ChallengeDefinition createIfAbsent(ChallengeDefinition definition, Instant now) {
		// creating is rare, so it also clears what ended challenges left
		this.registry.prune(now);
		long end = definition.end().toEpochMilli();
		StoredChallenge challenge = new StoredChallenge(definition, end + this.retention.toMillis(),
				now.toEpochMilli());
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.challengeDefinition(definition.id()));
		call.key(this.keys.challenges());
		call.key(this.keys.openChallenges());
		call.arg(definition.id())
			.arg(challenge.encode())
			.arg(end)
			.arg(challenge.expireAt())
			.arg(definition.openToAll() ? "1" : "0")
			.arg(challenge.openEntry())
			.arg(now.toEpochMilli())
			.arg(ActivityLimits.MAX_OPEN_CHALLENGES);
		List<Object> reply = this.create.run(this.connectionFactory, call);
		if (reply.size() > 1) {
			throw new IllegalStateException(
					"Challenge '" + definition.id() + "' is open to all, and " + RedisReplies.asLong(reply.get(1))
							+ " open challenges have not ended: " + ActivityLimits.MAX_OPEN_CHALLENGES
							+ " (ActivityLimits.MAX_OPEN_CHALLENGES) is the most at once, as every award"
							+ " reads them all; let one end, or make this one for the users who join it");
		}
		return StoredChallenge.parse(definition.id(), RedisReplies.asString(reply.get(0))).definition();
	}

	@Override
	public Optional<ChallengeDefinition> find(String id) {
		return this.registry.find(id).map(StoredChallenge::definition);
	}

	@Override
	public List<ChallengeDefinition> endingAfter(Instant instant) {
		return this.registry.endingIn(instant.toEpochMilli() + 1, Double.POSITIVE_INFINITY)
			.stream()
			.map(StoredChallenge::definition)
			.toList();
	}

	@Override
	public List<ChallengeDefinition> joined(String userId, Instant now) {
		return this.registry.joined(RankKeys.encode(userId), now.toEpochMilli())
			.stream()
			.map(StoredChallenge::definition)
			.toList();
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

}
