package io.github.activityrank.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.activityrank.Period;
import io.github.activityrank.engine.Achievement;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeSettings;

import static io.github.activityrank.redis.RedisReplies.asString;

/**
 * The badges' part of the score script (documented in lua/badge-core.lua): whether it is
 * composed in, its arguments, and the achievements its reply appends, the full call's
 * texts after the commands' integers or the lean call's one array after them. No levels
 * and no badges decided by awards: no module, no arguments, no cost.
 */
final class BadgeScript {

	private final BadgeSettings settings;

	private final BadgeKeys keys;

	/** The index of the levels' board among the store's periods; -1: not kept. */
	private final int board;

	private final String levels;

	/** The fewest points reaching level 2 or a points badge's first tier; 0: none. */
	private final long lowest;

	/** Each counted rule's count thresholds, increasing, packed once for every call. */
	private final Map<String, byte[]> reach = new TreeMap<>();

	private final String counts;

	private final String points;

	private final String streaks;

	BadgeScript(BadgeSettings settings, RankKeys keys, List<Period> periods) {
		this.settings = settings;
		this.keys = new BadgeKeys(keys);
		this.board = periods.indexOf(settings.levelPeriod());
		this.levels = settings.levels().stream().map(String::valueOf).collect(Collectors.joining(","));
		this.counts = settings.badges()
			.stream()
			.filter((b) -> b.kind() == Kind.COUNT)
			.map((b) -> b.rule() + ":" + b.name() + ":" + tiers(b))
			.collect(Collectors.joining(";"));
		this.points = list(settings, Kind.POINTS);
		this.streaks = list(settings, Kind.STREAK);
		this.lowest = Stream
			.concat(settings.levels().stream().skip(1),
					settings.badges().stream().filter((b) -> b.kind() == Kind.POINTS).map((b) -> b.thresholds().get(0)))
			.mapToLong(Long::longValue)
			.min()
			.orElse(0);
		Map<String, TreeSet<Long>> counted = new TreeMap<>();
		settings.badges()
			.stream()
			.filter((b) -> b.kind() == Kind.COUNT)
			.forEach((b) -> counted.computeIfAbsent(b.rule(), (r) -> new TreeSet<>()).addAll(b.thresholds()));
		counted.forEach((rule, at) -> this.reach.put(rule,
				ScriptArgs.packed(at.stream().mapToLong(Long::longValue).toArray())));
	}

	private static String list(BadgeSettings settings, Kind kind) {
		return settings.badges()
			.stream()
			.filter((b) -> b.kind() == kind)
			.map((b) -> b.name() + ":" + tiers(b))
			.collect(Collectors.joining(";"));
	}

	private static String tiers(BadgeDefinition badge) {
		return badge.thresholds().stream().map(String::valueOf).collect(Collectors.joining("/"));
	}

	/** Whether the badges module is composed into the score script. */
	boolean enabled() {
		return this.settings.inScript();
	}

	/** Whether the badge-streaks module follows the streaks module. */
	boolean streakBadges() {
		return !this.streaks.isEmpty();
	}

	/**
	 * The levels' board among the store's periods.
	 * @return its index, or -1 when no level or points badge reads it
	 */
	int board() {
		return this.board;
	}

	/**
	 * Add badge-core's arguments: its numbers packed (one {@code struct.unpack} in the
	 * script, where a {@code tonumber} each costs more than a command), then per spec its
	 * rule's count thresholds packed, so that nothing is decoded per call.
	 * @param call the call
	 * @param boardKey the key index of today's levels board ({@link #board()}), 0 for
	 * none
	 * @param timed whether boards hold a tie-break time part
	 * @param specs the call's specs, in the order of their numbers
	 */
	void header(ScriptArgs call, int boardKey, boolean timed, Collection<ScoreSpec> specs) {
		call.arg(this.keys.hashPrefix())
			.numbers(boardKey, this.lowest)
			.arg((timed ? "1" : "0") + "\n" + this.levels + "\n" + this.counts + "\n" + this.points + "\n"
					+ this.streaks + "\n" + this.keys.holdersPrefix());
		for (ScoreSpec spec : specs) {
			byte[] at = this.reach.get(spec.rule());
			if (at != null) {
				call.arg(at);
			}
			else {
				call.arg("");
			}
		}
	}

	/**
	 * Add revoke-expired's last two arguments: the user's badges hash and the counter of
	 * the rule when a count badge counts it (else 0 and '').
	 * @param call the call
	 * @param member the encoded user id
	 * @param rule the award's rule, or {@code null} for explicit points
	 */
	void counter(ScriptArgs call, String member, String rule) {
		boolean counted = rule != null && this.reach.containsKey(rule);
		call.arg(counted ? call.key(this.keys.hash(member)) : 0).arg(counted ? "#n:" + rule : "");
	}

	/**
	 * Add badge-core's arguments to a full call.
	 * @param call the call
	 * @param dayKeys the key names of the commands' day
	 * @param timed whether boards hold a tie-break time part
	 * @param specs the call's specs, in the order of their numbers
	 */
	void header(ScriptArgs call, DayKeys dayKeys, boolean timed, Collection<ScoreSpec> specs) {
		header(call, (this.board >= 0) ? call.sharedKey(dayKeys.boards[0][this.board]) : 0, timed, specs);
	}

	/**
	 * The replies of the commands a lean call applied, in order, after telling the
	 * listener what it reached (one array after them, only when it reached something).
	 * @param reply the lean call's reply
	 * @return the commands' replies
	 */
	List<Object> leanApplied(List<Object> reply) {
		int last = reply.size() - 1;
		if (last < 0 || !(reply.get(last) instanceof List<?> reached)) {
			return reply;
		}
		announce(reached, 0);
		return reply.subList(0, last);
	}

	/**
	 * Tell the listener what a reply says the call reached: the texts after the commands'
	 * integers.
	 * @param reply the script's reply
	 * @param count the number of commands
	 */
	void announce(List<?> reply, int count) {
		if (reply.size() <= count) {
			return;
		}
		List<Achievement> reached = new ArrayList<>(reply.size() - count);
		for (int k = count; k < reply.size(); k++) {
			String[] parts = asString(reply.get(k)).split(":");
			Instant at = Instant.ofEpochMilli(Long.parseLong(parts[parts.length - 1]));
			String userId = RankKeys.decode(parts[1]);
			reached.add(parts[0].equals("L") ? new Achievement(userId, null, Integer.parseInt(parts[2]), at)
					: new Achievement(userId, parts[2], Integer.parseInt(parts[3]), at));
		}
		this.settings.listener().reached(reached);
	}

}
