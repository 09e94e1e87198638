package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;

/**
 * The KEYS and ARGV of one revoke-expired call ({@code lua/revoke-expired.lua}): an award
 * whose record has expired, taken back from the boards and tallies of its instant. A call
 * of one award, so it has no lean layout and shares nothing with {@link ScoreCallArgs}
 * but the badges' counter.
 *
 * @param keys the key names
 * @param calendar the zone the award's day is found in
 * @param periods the configured boards
 * @param order whether boards keep dense companions
 * @param layout the boards' largest score and time part
 * @param badges the badges module, which names the rule's counter
 */
record RevokeExpiredArgs(RankKeys keys, ActivityCalendar calendar, List<Period> periods, BoardOrder order,
		BoardLayout layout, BadgeScript badges) {

	/**
	 * The arguments of one call, with the keys this store names for the award's instant.
	 * @param userId the user
	 * @param rule the award's rule, or {@code null} for explicit points
	 * @param points the points it gave
	 * @param awardedAt when it was made
	 * @return the call
	 */
	ScriptArgs call(String userId, String rule, long points, Instant awardedAt) {
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

}
