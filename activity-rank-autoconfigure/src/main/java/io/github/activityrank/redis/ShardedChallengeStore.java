package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.redis.shard.ShardCalls;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link ChallengeStore} over shards ({@link ShardMap}). score.lua reads the
 * open-challenges hash and the user's joined-challenges hash in the slot of the user's
 * shard, and join checks the definition there, so every shard keeps the whole set of
 * challenges (definition, registry, open-challenges hash): a challenge is created on
 * shard 0 first, then what shard 0 holds is written to every other shard. A user's joins
 * and leaves go to the user's shard; a challenge board is read over every shard like a
 * period board ({@link ShardedBoards}).
 */
public class ShardedChallengeStore implements ChallengeStore {

	private final ShardMap shards;

	private final List<RedisChallengeStore> stores;

	private final ShardCalls calls = new ShardCalls();

	/**
	 * Create the store.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar the configured zone, for the board layout
	 * @param order how boards order and number their members
	 * @param retention how long a challenge is kept after its end
	 */
	public ShardedChallengeStore(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, Duration retention) {
		this.shards = shards;
		List<RedisChallengeStore> stores = new ArrayList<>(shards.shards());
		for (RankKeys keys : shards.allKeys()) {
			stores.add(new RedisChallengeStore(connectionFactory, keys, calendar, order, retention));
		}
		this.stores = List.copyOf(stores);
	}

	@Override
	public ChallengeDefinition createIfAbsent(ChallengeDefinition definition, Instant now) {
		ChallengeDefinition stored = this.stores.get(0).createIfAbsent(definition, now);
		// the others get what shard 0 holds, also when an earlier call stopped half way
		this.calls.each(this.stores.size() - 1, (s) -> this.stores.get(s + 1).createIfAbsent(stored, now));
		return stored;
	}

	@Override
	public Optional<ChallengeDefinition> find(String id) {
		return this.stores.get(0).find(id);
	}

	@Override
	public List<ChallengeDefinition> endingAfter(Instant instant) {
		return this.stores.get(0).endingAfter(instant);
	}

	@Override
	public List<ChallengeDefinition> joined(String userId, Instant now) {
		return userStore(userId).joined(userId, now);
	}

	@Override
	public JoinOutcome join(String id, String userId, Instant now, int maxJoined) {
		return userStore(userId).join(id, userId, now, maxJoined);
	}

	@Override
	public boolean leave(String id, String userId, Instant now) {
		return userStore(userId).leave(id, userId, now);
	}

	private RedisChallengeStore userStore(String userId) {
		return this.stores.get(this.shards.shardOf(userId));
	}

}
