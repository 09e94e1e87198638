package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.engine.StreakSettings;

import static io.github.activityrank.redis.RedisReplies.asString;

/**
 * The award path's two scripts and the one place that knows their arguments and replies:
 * the score script (a batch of awards and revokes) and revoke-expired (an award whose
 * record has expired). Both are composed at load time from the Lua modules under
 * {@code lua/}, with the board module the configured order needs: plain boards take an
 * award with one ZINCRBY, boards with a tie-break time part or a dense companion are read
 * and written per member. The layout is documented in each module's header and in
 * docs/redis-layout.md.
 */
final class ScoreScript {

	private static final Outcome[] STATUS = { Outcome.AWARDED, Outcome.ALREADY_AWARDED, Outcome.CAPPED, Outcome.REVOKED,
			Outcome.NOTHING_TO_REVOKE, Outcome.REJECTED, Outcome.REJECTED };

	/** Status 6: an award made before its user was removed. */
	private static final int REMOVED = 6;

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final BoardOrder order;

	private final BoardLayout layout;

	/** Why a script rejects: a board would pass its largest score. */
	private final String tooLarge;

	private final LuaScript score;

	/** The score script of batches from streams: with the fence (each message once). */
	private final LuaScript fencedScore;

	private final LuaScript revokeExpired;

	/** The items module's arguments, or {@code null} when no item type is configured. */
	private final ItemArgs items;

	private final StreakScript streaks;

	private final ScopeArgs scopes; // the scopes module's arguments, or null

	private final BadgeScript badges;

	/** The short way for batches that need none of the other modules. */
	private final LeanScoreCall lean;

	ScoreScript(RankKeys keys, ActivityCalendar calendar, List<Period> periods, BoardOrder order, BoardLayout layout,
			ItemArgs items, StreakSettings streaks, BadgeSettings badges, ScopeArgs scopes) {
		this.items = items;
		this.scopes = scopes;
		this.keys = keys;
		this.calendar = calendar;
		this.periods = periods;
		this.order = order;
		this.layout = layout;
		this.tooLarge = "a board would pass its largest score of " + layout.largestPoints()
				+ " points; nothing was stored";
		String boards = ScoreModules.boardModule(layout.timed(), order.dense());
		this.streaks = new StreakScript(streaks, keys);
		this.badges = new BadgeScript(badges, keys, periods);
		List<String> modules = ScoreModules.upToFence(boards, this.streaks.enabled(), this.badges, scopes != null,
				items != null);
		// nothing after an award writes: its boards, read first, need no journal
		boolean boardsLast = items == null && scopes == null && !this.streaks.enabled() && !this.badges.enabled();
		this.score = ScoreModules.compose(modules, boardsLast, false);
		this.fencedScore = ScoreModules.compose(modules, false, true);
		// badges, levels and scope boards keep the lean way (badge-, scope-core's hooks)
		this.lean = (!order.dense() && items == null && !this.streaks.enabled())
				? new LeanScoreCall(keys, calendar, periods, layout, this.badges, scopes) : null;
		this.revokeExpired = LuaScript.compose(ScoreModules.COMMON, boards, "lua/caps.lua", "lua/records.lua",
				"lua/revoke-expired.lua");
	}

	LuaScript score() {
		return this.score;
	}

	/** The score script of a call: with the fence when a command came from a stream. */
	LuaScript score(List<ScoreCommand> commands) {
		return fenced(commands) ? this.fencedScore : this.score;
	}

	private static boolean fenced(List<ScoreCommand> commands) {
		for (ScoreCommand command : commands) {
			if (command.source() != null) {
				return true;
			}
		}
		return false;
	}

	LuaScript revokeExpired() {
		return this.revokeExpired;
	}

	/**
	 * The arguments of one score script call for commands of one day.
	 * @param commands the commands
	 * @param dayKeys the key names of that day and the retained days before it
	 * @param now the current instant, from which TTLs count
	 * @param earliest the earliest instant of the commands: the instant of every command
	 * unless {@code own}
	 * @param own whether each command passes its own instant
	 * @return the call
	 */
	ScriptArgs batch(List<ScoreCommand> commands, DayKeys dayKeys, Instant now, Instant earliest, boolean own) {
		LocalDate today = dayKeys.today;
		int retainedDays = this.calendar.retainedRecordDays();
		boolean anyAward = false;
		boolean anyRevoke = false;
		boolean anyOlder = false;
		boolean anyCaps = false;
		// what commands share (points, caps, look-back) goes once into the header, as
		// numbered specs
		Map<ScoreSpec, Integer> specs = new LinkedHashMap<>();
		ScoreSpec[] specOf = new ScoreSpec[commands.size()];
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			anyRevoke |= command.revoke();
			anyAward |= !command.revoke();
			specOf[c] = ScoreSpec.of(command, retainedDays);
			anyOlder |= specOf[c].olderDays() > 0;
			anyCaps |= specOf[c].hasCaps();
			specs.putIfAbsent(specOf[c], specs.size() + 1);
		}
		List<Integer> bonusSpecs = new ArrayList<>();
		if (this.streaks.enabled()) {
			for (ScoreCommand bonus : this.streaks.bonuses()) {
				ScoreSpec spec = ScoreSpec.of(bonus, retainedDays);
				anyCaps |= spec.hasCaps();
				bonusSpecs.add(specs.computeIfAbsent(spec, (s) -> specs.size() + 1));
			}
		}
		ScriptArgs call = new ScriptArgs();
		call.arg(commands.size()).arg(this.calendar.recordTtlMillis(today));
		call.arg(anyAward ? todaysBoards(call, dayKeys, earliest, own) : "");
		int revokeDays = anyRevoke ? retainedDays + 1 : 0;
		call.arg(revokeDays);
		for (int d = 0; d < revokeDays; d++) {
			call.arg(boardsOfDay(call, dayKeys, d, earliest, own));
		}
		call.arg(specs.size());
		specs.keySet().forEach((spec) -> spec.write(call));
		call.arg(anyAward ? this.calendar.tallyTtlMillis(Period.WEEK, today) : 0)
			.arg(anyAward ? this.calendar.tallyTtlMillis(Period.MONTH, today) : 0)
			.arg(anyRevoke ? dayKeys.weekOf : "")
			.arg(anyRevoke ? dayKeys.monthOf : "");
		// the prefixes of the older days' keys: the script names those keys itself, only
		// for a command that searches them
		prefixes(call, (anyRevoke || anyOlder) ? dayKeys.recordPrefixes : NONE);
		prefixes(call, anyRevoke ? dayKeys.weekPrefixes : NONE);
		prefixes(call, anyRevoke ? dayKeys.monthPrefixes : NONE);
		// challenges, removals, rules: numbers in one argument (as the lean call's);
		// each command's spec and record index in another, filled in below
		call.numbers(call.sharedKey(this.keys.openChallenges()), call.sharedKey(this.keys.challenges()),
				now.toEpochMilli(), this.layout.largestPoints(), earliest.toEpochMilli(),
				call.sharedKey(UserRemoval.flag(this.keys)), call.sharedKey(this.keys.rules()))
			.arg(this.keys.challengeBoardPrefix())
			.arg(this.order.dense() ? this.keys.challengeDensePrefix() : "")
			.arg(this.layout.timed() ? "1" : "0")
			.arg(earliest.toEpochMilli())
			.arg(own ? LeanScoreCall.instantOffsets(commands, earliest, now) : "0")
			.arg(this.keys.joinedChallenges(""));
		long[] commandNumbers = new long[commands.size() * 2];
		int commandSlot = call.reserve();
		if (this.badges.enabled()) {
			// the badges module reads its arguments first: it comes before streaks
			this.badges.header(call, dayKeys, this.layout.timed(), specs.keySet());
		}
		if (this.streaks.enabled()) {
			// the streak module reads its arguments right after those of score-args
			this.streaks.header(call, today, bonusSpecs, anyCaps ? 3 : 1);
		}
		if (fenced(commands)) {
			fence(call, commands);
		}
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			String member = RankKeys.encode(command.userId());
			// today's record; its week and month hash follow only for caps to count in
			int first = call.key(dayKeys.recordPrefixes[0] + member);
			if (anyCaps) {
				call.key(dayKeys.weekPrefixes[0] + member);
				call.key(dayKeys.monthPrefixes[0] + member);
			}
			if (this.streaks.enabled()) {
				// the user's streak bucket, at a fixed distance from the record's index
				call.key(this.streaks.bucketKey(member));
			}
			int spec = specs.get(specOf[c]);
			commandNumbers[2 * c] = command.revoke() ? -spec : spec;
			commandNumbers[2 * c + 1] = first;
			call.arg(member).arg(RankKeys.encode(command.field()));
		}
		call.numbersAt(commandSlot, commandNumbers);
		if (this.items != null) {
			this.items.append(call, commands, today);
		}
		if (this.scopes != null) {
			this.scopes.append(call, commands, today, earliest, own);
		}
		return call;
	}

	/**
	 * The lean call of a batch, when it may take the short way.
	 * @param commands the commands, all of one day
	 * @param dayKeys the key names of that day
	 * @param now the current instant
	 * @param earliest the earliest instant of the commands
	 * @param own whether each command passes its own instant
	 * @return the call, or {@code null} when the batch needs the full script
	 */
	ScriptArgs lean(List<ScoreCommand> commands, DayKeys dayKeys, Instant now, Instant earliest, boolean own) {
		// the lean way has no fence, and with scopes no revoke (scopes.lua takes back)
		return (this.lean != null && !fenced(commands) && (this.scopes == null || !ScopeArgs.needed(commands)))
				? this.lean.args(commands, dayKeys, earliest, own, now, this.calendar.retainedRecordDays()) : null;
	}

	/**
	 * The outcome of each command of a score script call.
	 * @param reply the script's reply, one integer per command, or the text of the
	 * failure of a command Redis failed on for good (the script left none of its writes)
	 * @param count the number of commands
	 * @return their results, in order
	 */
	List<AwardResult> results(List<Object> reply, int count) {
		List<AwardResult> results = new ArrayList<>(count);
		for (int c = 0; c < count; c++) {
			Object value = reply.get(c);
			results.add((value instanceof Number number) ? result(number.longValue())
					: AwardResult.setAside(asString(value)));
		}
		return results;
	}

	BadgeScript badges() {
		return this.badges;
	}

	/**
	 * Tell the badges' listener what a score script reply says its call reached.
	 * @param reply the reply
	 * @param count the number of commands
	 */
	void announce(List<Object> reply, int count) {
		this.badges.announce(reply, count);
	}

	/**
	 * The arguments of one revoke-expired call, with the keys this store names for the
	 * award's instant.
	 * @param userId the user
	 * @param rule the award's rule, or {@code null} for explicit points
	 * @param points the points it gave
	 * @param awardedAt when it was made
	 * @return the call
	 */
	ScriptArgs revokeExpired(String userId, String rule, long points, Instant awardedAt) {
		LocalDate day = LocalDate.ofInstant(awardedAt, this.calendar.zone());
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		StringBuilder boards = new StringBuilder();
		for (Period period : this.periods) {
			if (boards.length() > 0) {
				boards.append(',');
			}
			boards.append(call.key(this.keys.board(period, day)))
				.append(':')
				.append(this.order.dense() ? call.key(this.keys.dense(period, day)) : 0);
		}
		int week = call.key(this.keys.tallies(Period.WEEK, day, member));
		int month = call.key(this.keys.tallies(Period.MONTH, day, member));
		call.arg(member)
			.arg(points)
			.arg(boards.toString())
			.arg(this.layout.timed() ? "1" : "0")
			.arg(this.layout.largestPoints())
			.arg((rule != null) ? RankKeys.ruleCapField(rule) : "")
			.arg(week)
			.arg(month);
		this.badges.counter(call, member, rule);
		return call;
	}

	/**
	 * One command's outcome from its reply, points * 8 + status.
	 * @param value the reply
	 * @return the result
	 */
	AwardResult result(long value) {
		int status = (int) Math.floorMod(value, 8L);
		Outcome outcome = STATUS[status];
		String reason = (status == REMOVED) ? AwardResult.USER_REMOVED
				: (outcome == Outcome.REJECTED) ? this.tooLarge : null;
		return new AwardResult(outcome, Math.floorDiv(value, 8L), reason);
	}

	private static final String[] NONE = {};

	/**
	 * The fence module's arguments: the fence hash, the streams the commands came from,
	 * and each command's stream and message id.
	 */
	private void fence(ScriptArgs call, List<ScoreCommand> commands) {
		Map<String, Integer> streams = new LinkedHashMap<>();
		StringBuilder sources = new StringBuilder();
		for (ScoreCommand command : commands) {
			sources.append((sources.length() > 0) ? "," : "");
			SourceMessage source = command.source();
			if (source == null) {
				sources.append("0:0-0");
			}
			else {
				int stream = streams.computeIfAbsent(source.stream(), (s) -> streams.size() + 1);
				sources.append(stream).append(':').append(source.id());
			}
		}
		call.arg(call.sharedKey(this.keys.ingestFence())).arg(streams.size());
		streams.keySet().forEach(call::arg);
		call.arg(sources.toString());
	}

	private static void prefixes(ScriptArgs call, String[] prefixes) {
		call.arg(prefixes.length);
		Arrays.stream(prefixes).forEach(call::arg);
	}

	/** "idx:ttl:largest:time:denseIdx,..." for the boards an award made today goes to. */
	private String todaysBoards(ScriptArgs call, DayKeys dayKeys, Instant now, boolean own) {
		StringBuilder boards = new StringBuilder();
		for (int p = 0; p < this.periods.size(); p++) {
			if (p > 0) {
				boards.append(',');
			}
			boards.append(call.sharedKey(dayKeys.boards[0][p]))
				.append(':')
				.append(this.calendar.boardTtlMillis(this.periods.get(p), dayKeys.today));
			appendLayout(boards, call, dayKeys, 0, p, now, own);
		}
		return boards.toString();
	}

	/**
	 * "idx:largest:time:denseIdx,..." for the boards an award made d days back went to.
	 */
	private String boardsOfDay(ScriptArgs call, DayKeys dayKeys, int d, Instant now, boolean own) {
		StringBuilder boards = new StringBuilder();
		for (int p = 0; p < this.periods.size(); p++) {
			if (p > 0) {
				boards.append(',');
			}
			boards.append(call.sharedKey(dayKeys.boards[d][p]));
			appendLayout(boards, call, dayKeys, d, p, now, own);
		}
		return boards.toString();
	}

	/**
	 * ":largest:time:denseIdx" of one board; when each command carries its own instant,
	 * time is the base the script computes each one's time part from.
	 */
	private void appendLayout(StringBuilder boards, ScriptArgs call, DayKeys dayKeys, int d, int p, Instant now,
			boolean own) {
		long origin = dayKeys.origins[d][p];
		Period period = this.periods.get(p);
		boards.append(':')
			.append(this.layout.largestPoints())
			.append(':')
			.append(own ? this.layout.timeBase(period, origin) : this.layout.timePart(period, origin, now, d == 0))
			.append(':')
			.append(this.order.dense() ? call.sharedKey(dayKeys.dense[d][p]) : 0);
	}

}
