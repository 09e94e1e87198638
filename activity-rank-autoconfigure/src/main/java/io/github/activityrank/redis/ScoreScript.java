package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.StreakSettings;

import static io.github.activityrank.redis.RedisReplies.asString;

/**
 * The award path's two scripts and their replies: the score script (a batch of awards and
 * revokes) and revoke-expired (an award whose record has expired). Both are composed at
 * load time from the Lua modules under {@code lua/}, with the board module the configured
 * order needs: plain boards take an award with one ZINCRBY, boards with a tie-break time
 * part or a dense companion are read and written per member. The score script's arguments
 * are {@link ScoreCallArgs}'s; revoke-expired's, a call of one award, are written here
 * from its settings. The layout is documented in each module's header and in
 * docs/redis-layout.md.
 */
final class ScoreScript {

	private static final Outcome[] STATUS = { Outcome.AWARDED, Outcome.ALREADY_AWARDED, Outcome.CAPPED, Outcome.REVOKED,
			Outcome.NOTHING_TO_REVOKE, Outcome.REJECTED, Outcome.REJECTED };

	/** Status 6: an award made before its user was removed. */
	private static final int REMOVED = 6;

	/** Why a script rejects: a board would pass its largest score. */
	private final String tooLarge;

	private final LuaScript score;

	/** The score script of batches from streams: with the fence (each message once). */
	private final LuaScript fencedScore;

	private final LuaScript revokeExpired;

	/** The score script's arguments, in the full and the lean layout. */
	private final ScoreCallArgs args;

	ScoreScript(RankKeys keys, ActivityCalendar calendar, List<Period> periods, BoardOrder order, BoardLayout layout,
			ItemArgs items, StreakSettings streaks, BadgeSettings badges, ScopeArgs scopes) {
		this.tooLarge = "a board would pass its largest score of " + layout.largestPoints()
				+ " points; nothing was stored";
		String boards = ScoreModules.boardModule(layout.timed(), order.dense());
		this.args = new ScoreCallArgs(keys, calendar, periods, order, layout, items, new StreakScript(streaks, keys),
				new BadgeScript(badges, keys, periods), scopes);
		boolean streaksOn = this.args.streaks().enabled();
		List<String> modules = ScoreModules.upToFence(boards, streaksOn, this.args.badges(), scopes != null,
				items != null);
		// nothing after an award writes: its boards, read first, need no journal
		boolean boardsLast = items == null && scopes == null && !streaksOn && !this.args.badges().enabled();
		this.score = ScoreModules.compose(modules, boardsLast, false);
		this.fencedScore = ScoreModules.compose(modules, false, true);
		this.revokeExpired = LuaScript.compose(ScoreModules.COMMON, boards, "lua/caps.lua", "lua/records.lua",
				"lua/revoke-expired.lua");
	}

	LuaScript score() {
		return this.score;
	}

	/** The score script of a call: with the fence when a command came from a stream. */
	LuaScript score(List<ScoreCommand> commands) {
		return ScoreCallArgs.fenced(commands) ? this.fencedScore : this.score;
	}

	LuaScript revokeExpired() {
		return this.revokeExpired;
	}

	/**
	 * The arguments of one full score script call for commands of one day
	 * ({@link ScoreCallArgs#full}).
	 * @param commands the commands
	 * @param dayKeys the key names of that day and the retained days before it
	 * @param now the current instant, from which TTLs count
	 * @param earliest the earliest instant of the commands: the instant of every command
	 * unless {@code own}
	 * @param own whether each command passes its own instant
	 * @return the call
	 */
	ScriptArgs batch(List<ScoreCommand> commands, DayKeys dayKeys, Instant now, Instant earliest, boolean own) {
		return this.args.full(commands, dayKeys, now, earliest, own);
	}

	/**
	 * The lean call of a batch, when it may take the short way
	 * ({@link ScoreCallArgs#lean}).
	 * @param commands the commands, all of one day
	 * @param dayKeys the key names of that day
	 * @param now the current instant
	 * @param earliest the earliest instant of the commands
	 * @param own whether each command passes its own instant
	 * @return the call, or {@code null} when the batch needs the full script
	 */
	ScriptArgs lean(List<ScoreCommand> commands, DayKeys dayKeys, Instant now, Instant earliest, boolean own) {
		return this.args.lean(commands, dayKeys, now, earliest, own);
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
		return this.args.badges();
	}

	/**
	 * Tell the badges' listener what a score script reply says its call reached.
	 * @param reply the reply
	 * @param count the number of commands
	 */
	void announce(List<Object> reply, int count) {
		this.args.badges().announce(reply, count);
	}

	/**
	 * The arguments of one revoke-expired call (a call of one award), with the keys this
	 * store names for the award's instant.
	 * @param userId the user
	 * @param rule the award's rule, or {@code null} for explicit points
	 * @param points the points it gave
	 * @param awardedAt when it was made
	 * @return the call
	 */
	ScriptArgs revokeExpired(String userId, String rule, long points, Instant awardedAt) {
		LocalDate day = LocalDate.ofInstant(awardedAt, this.args.calendar().zone());
		RankKeys keys = this.args.keys();
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		StringBuilder boards = new StringBuilder();
		for (Period period : this.args.periods()) {
			if (boards.length() > 0) {
				boards.append(',');
			}
			boards.append(call.key(keys.board(period, day)))
				.append(':')
				.append(this.args.order().dense() ? call.key(keys.dense(period, day)) : 0);
		}
		int week = call.key(keys.tallies(Period.WEEK, day, member));
		int month = call.key(keys.tallies(Period.MONTH, day, member));
		call.arg(member)
			.arg(points)
			.arg(boards.toString())
			.arg(this.args.layout().timed() ? "1" : "0")
			.arg(this.args.layout().largestPoints())
			.arg((rule != null) ? RankKeys.ruleCapField(rule) : "")
			.arg(week)
			.arg(month);
		this.args.badges().counter(call, member, rule);
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

}
