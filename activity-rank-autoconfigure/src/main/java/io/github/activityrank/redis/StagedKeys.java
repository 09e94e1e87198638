package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.types.Expiration;

/**
 * The staging key space of a rebuild: each shard's {@link RankKeys#staging()}
 * ({@code {prefix:s}:rebuild:...}, {@code {prefix}:rebuild:...} with one shard), in the
 * slot of that shard's live keys. Emptied before the replay, and switched onto the live
 * names at the end with {@code rebuild-switch.lua}, one chunk of one shard's keys per
 * call. The switch also deletes what the layout the keys were written with before
 * (another shard count, {@link ShardCount}) left under tags the configured shards do not
 * use, and then records the configured count. Keys are listed with SCAN on the node that
 * serves each tag's slot, so on Redis Cluster every shard's keys are found, whichever
 * master holds them.
 */
public final class StagedKeys {

	/** Keys per switch call: bounds how long one call blocks the server. */
	static final int CHUNK = 256;

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys base;

	private final ShardMap live;

	private final ShardMap staged;

	private final List<RankKeys> previous;

	private final RankKeys previousFirst;

	private final LuaScript switchScript = LuaScript.load("rebuild-switch.lua");

	/**
	 * Create the staging space of the configured shards.
	 * @param connectionFactory connections to Redis
	 * @param base key naming of the prefix
	 * @param live the configured shards
	 * @param previousShards the shard count the live keys were written with
	 * ({@link ShardCount#recorded}); its tags that the configured shards do not use are
	 * emptied by the switch
	 */
	public StagedKeys(RedisConnectionFactory connectionFactory, RankKeys base, ShardMap live, int previousShards) {
		this.connectionFactory = connectionFactory;
		this.base = base;
		this.live = live;
		this.staged = live.staging();
		Set<String> tags = new HashSet<>();
		live.allKeys().forEach((keys) -> tags.add(keys.tag()));
		ShardMap previousMap = new ShardMap(base, previousShards);
		this.previousFirst = previousMap.keys(0);
		this.previous = previousMap.allKeys().stream().filter((keys) -> !tags.contains(keys.tag())).toList();
	}

	/**
	 * The staging shards, for the stores the replay writes through.
	 * @return shard {@code k}'s keys named {@code {prefix:s}:rebuild:...}
	 */
	public ShardMap shards() {
		return this.staged;
	}

	/**
	 * Delete every staged key, such as those a rebuild that died left behind, under the
	 * configured shards' tags and the previous layout's.
	 * @return the number deleted
	 */
	public long clear() {
		long deleted = 0;
		List<RankKeys> all = new ArrayList<>(this.live.allKeys());
		all.addAll(this.previous);
		for (RankKeys keys : all) {
			RankKeys staging = keys.staging();
			List<String> found = scan(staging, staging.pattern());
			for (int from = 0; from < found.size(); from += CHUNK) {
				byte[][] chunk = bytes(found.subList(from, Math.min(found.size(), from + CHUNK)));
				Long n = withConnection((connection) -> connection.keyCommands().del(chunk));
				deleted += (n != null) ? n : 0;
			}
		}
		return deleted;
	}

	/**
	 * Start each staged registry of rules as a copy of its live one, so that the replay
	 * numbers the rules of record values as the live keys do (a rule met for the first
	 * time takes the next number). With another shard count, or a live registry lost, the
	 * replay numbers them in its own order: records and registry still agree.
	 * @return the registries copied
	 */
	public int keepRuleNumbers() {
		if (!this.previous.isEmpty()) {
			return 0;
		}
		int copied = 0;
		List<RankKeys> live = this.live.allKeys();
		List<RankKeys> staged = this.staged.allKeys();
		for (int s = 0; s < live.size(); s++) {
			byte[] from = live.get(s).rules().getBytes(StandardCharsets.UTF_8);
			byte[] to = staged.get(s).rules().getBytes(StandardCharsets.UTF_8);
			if (Boolean.TRUE.equals(withConnection((connection) -> connection.keyCommands().copy(from, to, true)))) {
				copied++;
			}
		}
		return copied;
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
		for (RankKeys staging : this.staged.allKeys()) {
			alignChallengeTtls(staging, nowMillis, offsetMillis);
		}
	}

	private void alignChallengeTtls(RankKeys staging, long nowMillis, long offsetMillis) {
		withConnection((connection) -> {
			for (String key : scan(staging, staging.challengeDefinition("*"))) {
				byte[] name = key.getBytes(StandardCharsets.UTF_8);
				byte[] value = connection.stringCommands().get(name);
				if (value != null) {
					String id = key.substring(key.lastIndexOf(':') + 1);
					long expireAt = StoredChallenge.parse(id, new String(value, StandardCharsets.UTF_8)).expireAt();
					connection.keyCommands().pExpire(name, Math.max(1, expireAt - nowMillis + offsetMillis));
				}
			}
			for (String key : scan(staging, staging.joinedChallenges("*"))) {
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
	 * The users removed at or after an instant (epoch ms) on any shard, decoded: a
	 * rebuild takes them out of what it staged before the switch.
	 */
	public Set<String> removedSince(long sinceMillis) {
		Set<String> removed = new LinkedHashSet<>();
		for (RankKeys keys : this.live.allKeys()) {
			byte[] recent = UserRemoval.recentRemovals(keys).getBytes(StandardCharsets.UTF_8);
			Set<byte[]> members = withConnection(
					(connection) -> connection.zSetCommands().zRangeByScore(recent, sinceMillis, Double.MAX_VALUE));
			if (members != null) {
				members.forEach((member) -> removed.add(RankKeys.decode(new String(member, StandardCharsets.UTF_8))));
			}
		}
		return removed;
	}

	/**
	 * What the live boards hold that the staged ones do not, before a switch would
	 * replace them: every live day, week, month and total board of the configured shards
	 * that has no staged counterpart or more members than it, and, when asked, a total
	 * board with more points. One {@code ZCARD} per board and one read of each total
	 * board in pages.
	 * @param timed whether board scores carry the earliest tie-break's time part, so
	 * points are the score's high part ({@link BoardLayout})
	 * @param points whether to compare the total boards' points too
	 * @return one line per board that would shrink, by key, empty when none would
	 */
	public List<String> shrinkingBoards(boolean timed, boolean points) {
		List<String> shrinking = new ArrayList<>();
		for (int s = 0; s < this.live.shards(); s++) {
			RankKeys live = this.live.keys(s);
			RankKeys staging = this.staged.keys(s);
			for (String key : scan(live, live.pattern())) {
				String rest = key.substring(live.tag().length());
				boolean total = rest.equals(":total");
				if (!total && !rest.startsWith(":day:") && !rest.startsWith(":week:") && !rest.startsWith(":month:")) {
					continue;
				}
				byte[] name = key.getBytes(StandardCharsets.UTF_8);
				byte[] stagedName = (staging.tag() + rest).getBytes(StandardCharsets.UTF_8);
				long liveMembers = count(name);
				long stagedMembers = count(stagedName);
				if (liveMembers > stagedMembers) {
					shrinking.add(key + " has " + liveMembers + " member(s), the ledger's replay "
							+ ((stagedMembers > 0) ? stagedMembers : "none"));
				}
				else if (total && points) {
					long livePoints = points(name, timed);
					long stagedPoints = points(stagedName, timed);
					if (livePoints > stagedPoints) {
						shrinking.add(key + " holds " + livePoints + " points, the ledger's replay " + stagedPoints);
					}
				}
			}
		}
		shrinking.sort(null); // day boards first: the oldest a ledger may not reach
		return shrinking;
	}

	private long count(byte[] board) {
		Long n = withConnection((connection) -> connection.zSetCommands().zCard(board));
		return (n != null) ? n : 0;
	}

	/** The sum of a board's points, read in pages of {@value #CHUNK} members. */
	private long points(byte[] board, boolean timed) {
		return withConnection((connection) -> {
			long sum = 0;
			for (long from = 0;; from += CHUNK) {
				Set<Tuple> page = connection.zSetCommands().zRangeWithScores(board, from, from + CHUNK - 1);
				if (page == null || page.isEmpty()) {
					return sum;
				}
				for (Tuple member : page) {
					double score = member.getScore();
					sum += timed ? (long) Math.floor(score / BoardLayout.TIME_SPAN) : (long) score;
				}
			}
		});
	}

	/**
	 * Rename every staged score key (and challenge key, when challenges were replayed)
	 * onto its live name, shard by shard; delete the live ones that have no staged
	 * counterpart, what else was staged, and the same kinds of keys under the previous
	 * layout's other tags; then record the configured shard count.
	 * @param offsetMillis how much longer the staged keys' TTLs are than the live ones'
	 * @param challenges whether challenge definitions and memberships were replayed too
	 * @return the staged keys moved onto live names
	 */
	public long switchToStaged(long offsetMillis, boolean challenges) {
		long moved = 0;
		for (int s = 0; s < this.live.shards(); s++) {
			moved += switchShard(this.live.keys(s), this.staged.keys(s), offsetMillis, challenges);
		}
		moveEndedMarkers();
		for (RankKeys old : this.previous) {
			List<String> stale = new ArrayList<>();
			for (String key : scan(old, old.pattern())) {
				if (old.isScoreKey(key) || (challenges && old.isChallengeKey(key))) {
					stale.add(key);
				}
			}
			RankKeys oldStaging = old.staging();
			stale.addAll(scan(oldStaging, oldStaging.pattern()));
			run(List.of(), List.of(), stale, offsetMillis);
		}
		ShardCount.record(this.connectionFactory, this.base, this.live.shards());
		return moved;
	}

	/**
	 * The markers of ended boards live on shard 0 ({@code EndedBoardEvents}): with
	 * another shard count, shard 0's tag changes, so they move there with their TTL (a
	 * marker already there wins), and no board's end is published twice.
	 */
	private void moveEndedMarkers() {
		RankKeys from = this.previousFirst;
		RankKeys to = this.live.keys(0);
		if (from.tag().equals(to.tag())) {
			return;
		}
		for (String key : scan(from, from.tag() + ":ended:*")) {
			byte[] name = key.getBytes(StandardCharsets.UTF_8);
			byte[] target = (to.tag() + key.substring(from.tag().length())).getBytes(StandardCharsets.UTF_8);
			withConnection((connection) -> {
				byte[] value = connection.stringCommands().get(name);
				Long ttl = connection.keyCommands().pTtl(name);
				if (value != null) {
					Expiration expiration = (ttl != null && ttl > 0) ? Expiration.milliseconds(ttl)
							: Expiration.persistent();
					connection.stringCommands().set(target, value, expiration, SetOption.ifAbsent());
				}
				return connection.keyCommands().del(name);
			});
		}
	}

	/** One shard's switch: all its keys share its slot. */
	private long switchShard(RankKeys live, RankKeys staging, long offsetMillis, boolean challenges) {
		List<String> staged = new ArrayList<>();
		List<String> targets = new ArrayList<>();
		List<String> leftovers = new ArrayList<>();
		for (String key : scan(staging, staging.pattern())) {
			String target = live.tag() + key.substring(staging.tag().length());
			if (live.isScoreKey(target) || (challenges && live.isChallengeKey(target))) {
				staged.add(key);
				targets.add(target);
			}
			else {
				leftovers.add(key);
			}
		}
		Set<String> stale = new LinkedHashSet<>();
		for (String key : scan(live, live.pattern())) {
			if (live.isScoreKey(key) || (challenges && live.isChallengeKey(key))) {
				stale.add(key);
			}
		}
		targets.forEach(stale::remove);
		stale.addAll(leftovers);
		return run(staged, targets, new ArrayList<>(stale), offsetMillis);
	}

	/** Calls of rebuild-switch.lua over keys of one slot, CHUNK keys at a time. */
	private long run(List<String> staged, List<String> targets, List<String> toDelete, long offsetMillis) {
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

	/** The keys of one tag that match a pattern ({@link TagScan}). */
	private List<String> scan(RankKeys keys, String pattern) {
		return withConnection((connection) -> TagScan.keys(connection, keys, pattern));
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
