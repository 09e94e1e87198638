package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Deletes everything stored about one user in one atomic script call. Every key is named
 * from the calendar and the retention settings, or read from the registry of challenges,
 * never searched for: SCAN would cost a pass over the whole keyspace and KEYS would block
 * the server.
 * <p>
 * The challenge boards are those of the registry, read just before the script: every
 * retained challenge, joined or open to all. A challenge created between that read and
 * the script cannot hold the user yet unless an award lands in between, which is no
 * different from an award still queued for the user landing after the removal.
 */
final class UserRemoval {

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final BoardLayout layout;

	private final ChallengeRegistry challenges;

	private final ScopeKeys scopeKeys;

	private final LuaScript remove = LuaScript.load("remove.lua");

	UserRemoval(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			BoardLayout layout) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.calendar = calendar;
		this.layout = layout;
		this.challenges = new ChallengeRegistry(connectionFactory, keys);
		this.scopeKeys = new ScopeKeys(keys);
	}

	long remove(String userId) {
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		List<String> owned = ownedKeys(member);
		owned.forEach(call::key);
		call.key(flag(this.keys));
		call.key(marker(this.keys, member));
		call.key(recentRemovals(this.keys));
		// every period, configured or not: boards of a period dropped from the
		// configuration live on until they expire
		for (Period period : Period.values()) {
			for (LocalDate start : this.calendar.retainedPeriods(period)) {
				call.key(this.keys.board(period, start));
				call.key(this.keys.dense(period, start));
			}
		}
		// the user's scope boards: those of the scopes the user got points in
		for (String scope : scopesOf(member)) {
			int colon = scope.indexOf(':');
			for (Period period : Period.values()) {
				for (LocalDate start : this.calendar.retainedPeriods(period)) {
					call.key(this.scopeKeys.scopeBoard(scope.substring(0, colon), scope.substring(colon + 1), period,
							start));
					call.key(this.scopeKeys.scopeDense(scope.substring(0, colon), scope.substring(colon + 1), period,
							start));
				}
			}
		}
		for (String challengeId : this.challenges.ids()) {
			call.key(this.keys.challengeBoard(challengeId));
			call.key(this.keys.challengeDense(challengeId));
		}
		call.arg(member).arg(owned.size()).arg(this.layout.timed() ? "0" : "1");
		// the marker outlives every award made before the removal that may still be
		// queued, retried or relayed: as long as the records that make awards idempotent,
		// counted from this removal, whatever other users are removed later
		long now = this.calendar.now().toEpochMilli();
		call.arg(now).arg(now + (this.calendar.retainedRecordDays() + 1) * 86_400_000L);
		List<Object> reply = this.remove.run(this.connectionFactory, call);
		return reply.isEmpty() ? 0 : RedisReplies.asLong(reply.get(0));
	}

	/**
	 * The removal flag: a key that names no one and exists while any user's
	 * {@link #marker} may, so that the score script reads markers only then.
	 */
	static String flag(RankKeys keys) {
		return keys.tag() + ":removed";
	}

	/**
	 * The users removed in the last day (sorted set, member = encoded user id, score =
	 * the removal's epoch ms): a running rebuild takes them out of what it staged.
	 */
	static String recentRemovals(RankKeys keys) {
		return flag(keys) + "-recently";
	}

	/**
	 * A user's removal marker, the removal's epoch ms, expiring {@code retention.record}
	 * and a day after that removal: the score script drops the user's awards made at or
	 * before it. The script names it from {@link #flag} and the member.
	 */
	static String marker(RankKeys keys, String member) {
		return flag(keys) + ":" + member;
	}

	/**
	 * The keys that belong to the user alone and are deleted whole: the record hashes of
	 * today and every retained day before it, then the user's week and month hashes
	 * (tallies and weekly and monthly cap counters) of the weeks and months those days
	 * fall in. A week or month hash expires {@code retention.record} after its period
	 * ends, so none outlives the periods of the retained days. Last, the user's
	 * joined-challenges hash.
	 */
	private List<String> ownedKeys(String member) {
		LocalDate today = this.calendar.today();
		int days = this.calendar.retainedRecordDays();
		List<String> owned = new ArrayList<>(days + 1);
		Set<String> periods = new LinkedHashSet<>();
		for (int d = 0; d <= days; d++) {
			LocalDate day = today.minusDays(d);
			owned.add(this.keys.record(day, member));
			periods.add(this.keys.tallies(Period.WEEK, day, member));
			periods.add(this.keys.tallies(Period.MONTH, day, member));
		}
		owned.addAll(periods);
		owned.add(this.keys.joinedChallenges(member));
		owned.add(this.scopeKeys.scoped(member));
		return owned;
	}

	/**
	 * The scopes the user got points in, {@code <kind>:<encoded id>}, read before the
	 * script.
	 */
	private Set<String> scopesOf(String member) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Set<byte[]> found = connection.setCommands()
				.sMembers(this.scopeKeys.scoped(member).getBytes(StandardCharsets.UTF_8));
			Set<String> scopes = new LinkedHashSet<>();
			if (found != null) {
				found.forEach((scope) -> scopes.add(new String(scope, StandardCharsets.UTF_8)));
			}
			return scopes;
		}
	}

}
