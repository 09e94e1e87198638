package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;
import io.github.activityrank.RuleTally;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoreCommand;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static io.github.activityrank.redis.RedisReplies.asLong;
import static io.github.activityrank.redis.RedisReplies.asString;

/**
 * {@link ActivityStore} on Redis: every award and revoke runs inside one
 * {@code score.lua} call (a batch of commands shares one call); the boards are read by
 * {@link RedisBoards}; a user is removed in one script call ({@link UserRemoval}). How a
 * score encodes points, and the tie-break time, is {@link BoardLayout}'s.
 */
public class RedisActivityStore implements ActivityStore {

	private static final Outcome[] STATUS = { Outcome.AWARDED, Outcome.ALREADY_AWARDED, Outcome.CAPPED, Outcome.REVOKED,
			Outcome.NOTHING_TO_REVOKE, Outcome.REJECTED };

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final BoardOrder order;

	private final BoardLayout layout;

	/** Why score.lua rejects: a board would pass its largest score. */
	private final String tooLarge;

	private final UserRemoval removal;

	private final LuaScript score = LuaScript.load("score.lua");

	private final LuaScript revokeExpired = LuaScript.load("revoke-expired.lua");

	private final LuaScript history = LuaScript.load("history.lua");

	private final LuaScript summary = LuaScript.load("summary.lua");

	private volatile DayKeys dayKeys;

	/**
	 * Create a store of plain points and competition ranks ({@link BoardOrder#DEFAULT}).
	 * @param connectionFactory connections to Redis
	 * @param keys key naming
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 */
	public RedisActivityStore(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			Set<Period> periods) {
		this(connectionFactory, keys, calendar, periods, BoardOrder.DEFAULT);
	}

	/**
	 * Create the store.
	 * @param connectionFactory connections to Redis
	 * @param keys key naming
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members; boards keep the layout they
	 * were written with, so the tie-break is chosen before the first award
	 */
	public RedisActivityStore(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.calendar = calendar;
		this.periods = List.copyOf(periods.isEmpty() ? EnumSet.noneOf(Period.class) : EnumSet.copyOf(periods));
		this.order = order;
		this.layout = new BoardLayout(order, calendar.zone());
		this.tooLarge = "a board would pass its largest score of " + this.layout.largestPoints()
				+ " points; nothing was stored";
		this.removal = new UserRemoval(connectionFactory, keys, calendar, this.layout);
	}

	@Override
	public List<AwardResult> apply(List<ScoreCommand> commands) {
		if (commands.size() <= MAX_BATCH) {
			return applyBatch(commands);
		}
		List<AwardResult> results = new ArrayList<>(commands.size());
		for (int from = 0; from < commands.size(); from += MAX_BATCH) {
			results.addAll(applyBatch(commands.subList(from, Math.min(commands.size(), from + MAX_BATCH))));
		}
		return results;
	}

	/**
	 * Apply one batch: one script call when its commands share one instant (the live
	 * path, whose commands carry none and are made now; direct calls with the ledger on),
	 * else one call per run of commands of the same day, each command passing its own
	 * instant: a batch of ledger entries that crosses midnight becomes two calls, each
	 * with the keys of its own day.
	 */
	private List<AwardResult> applyBatch(List<ScoreCommand> commands) {
		if (commands.isEmpty()) {
			return List.of();
		}
		Instant now = this.calendar.now();
		// the common case: every command made at one instant (now on the live path)
		Instant first = instantOf(commands.get(0), now);
		boolean same = true;
		for (int c = 1; c < commands.size() && same; c++) {
			same = instantOf(commands.get(c), now).equals(first);
		}
		if (same) {
			return applyRun(commands, now, first, LocalDate.ofInstant(first, this.calendar.zone()), false);
		}
		List<AwardResult> results = new ArrayList<>(commands.size());
		int from = 0;
		LocalDate runDay = null;
		Instant earliest = null;
		for (int c = 0; c <= commands.size(); c++) {
			Instant at = (c < commands.size()) ? instantOf(commands.get(c), now) : null;
			LocalDate day = (at != null) ? LocalDate.ofInstant(at, this.calendar.zone()) : null;
			if (c > from && !Objects.equals(day, runDay)) {
				results.addAll(applyRun(commands.subList(from, c), now, earliest, runDay, true));
				from = c;
				earliest = null;
			}
			runDay = day;
			earliest = (earliest == null || (at != null && at.isBefore(earliest))) ? at : earliest;
		}
		return results;
	}

	private static Instant instantOf(ScoreCommand command, Instant now) {
		return (command.at() != null) ? command.at() : now;
	}

	/**
	 * One script call for commands of one day.
	 * @param commands the commands
	 * @param now the current instant, from which TTLs count
	 * @param earliest the earliest instant of the commands: the instant of every command
	 * unless {@code own}
	 * @param today the day the commands were made
	 * @param own whether each command passes its own instant (else all are made at
	 * {@code earliest})
	 */
	private List<AwardResult> applyRun(List<ScoreCommand> commands, Instant now, Instant earliest, LocalDate today,
			boolean own) {
		int retainedDays = this.calendar.retainedRecordDays();
		boolean anyAward = false;
		boolean anyRevoke = false;
		// what commands share (points, caps, look-back) goes once into the header, as
		// numbered specs
		Map<Spec, Integer> specs = new LinkedHashMap<>();
		Spec[] specOf = new Spec[commands.size()];
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			anyRevoke |= command.revoke();
			anyAward |= !command.revoke();
			specOf[c] = Spec.of(command, retainedDays);
			specs.putIfAbsent(specOf[c], specs.size() + 1);
		}
		DayKeys dayKeys = dayKeys(today, retainedDays);
		ScriptArgs call = new ScriptArgs();
		call.arg(commands.size()).arg(this.calendar.recordTtlMillis(today));
		call.arg(anyAward ? todaysBoards(call, dayKeys, earliest, own) : "");
		int revokeDays = anyRevoke ? retainedDays + 1 : 0;
		call.arg(revokeDays);
		for (int d = 0; d < revokeDays; d++) {
			call.arg(boardsOfDay(call, dayKeys, d, earliest, own));
		}
		call.arg(specs.size());
		for (Spec spec : specs.keySet()) {
			call.arg(spec.points())
				.arg(spec.ruleCapField())
				.arg(capOrBlank(spec.ruleCap()))
				.arg(capOrBlank(spec.globalCap()))
				.arg(spec.olderDays())
				.arg(capOrBlank(spec.ruleWeeklyCap()))
				.arg(capOrBlank(spec.globalWeeklyCap()))
				.arg(capOrBlank(spec.ruleMonthlyCap()))
				.arg(capOrBlank(spec.globalMonthlyCap()))
				.arg(spec.countField())
				.arg(spec.pointsField())
				.arg(spec.rule());
		}
		call.arg(anyAward ? this.calendar.tallyTtlMillis(Period.WEEK, today) : 0)
			.arg(anyAward ? this.calendar.tallyTtlMillis(Period.MONTH, today) : 0)
			.arg(anyRevoke ? dayKeys.weekOf : "")
			.arg(anyRevoke ? dayKeys.monthOf : "");
		// challenges: the open ones are read once per batch, each user's joined ones once
		// per user
		call.arg(call.sharedKey(this.keys.openChallenges()))
			.arg(now.toEpochMilli())
			.arg(this.keys.challengeBoardPrefix())
			.arg(this.order.dense() ? this.keys.challengeDensePrefix() : "")
			.arg(this.layout.largestPoints())
			.arg(this.layout.timed() ? "1" : "0")
			.arg(earliest.toEpochMilli())
			.arg(own ? "1" : "0");
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			String member = RankKeys.encode(command.userId());
			// today's record first, then the days before it that this command looks at
			int days = command.revoke() ? revokeDays : 1 + specOf[c].olderDays();
			int first = call.key(dayKeys.recordPrefixes[0] + member);
			for (int d = 1; d < days; d++) {
				call.key(dayKeys.recordPrefixes[d] + member);
			}
			// then the week and month hashes: today's for an award, those of every day
			// searched for a revoke
			int weeks = command.revoke() ? dayKeys.weekPrefixes.length : 1;
			for (int w = 0; w < weeks; w++) {
				call.key(dayKeys.weekPrefixes[w] + member);
			}
			int months = command.revoke() ? dayKeys.monthPrefixes.length : 1;
			for (int m = 0; m < months; m++) {
				call.key(dayKeys.monthPrefixes[m] + member);
			}
			int joined = call.sharedKey(this.keys.joinedChallenges(member));
			int spec = specs.get(specOf[c]);
			call.arg(command.revoke() ? -spec : spec)
				.arg(member)
				.arg(RankKeys.encode(command.field()))
				.arg(first)
				.arg(joined);
			if (own) {
				call.arg(instantOf(command, now).toEpochMilli());
			}
		}
		List<Object> reply = run(this.score, call);
		List<AwardResult> results = new ArrayList<>(commands.size());
		for (int c = 0; c < commands.size(); c++) {
			// each reply is points * 8 + status
			long value = asLong(reply.get(c));
			Outcome outcome = STATUS[(int) Math.floorMod(value, 8L)];
			results.add(new AwardResult(outcome, Math.floorDiv(value, 8L),
					(outcome == Outcome.REJECTED) ? this.tooLarge : null));
		}
		return results;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One {@code revoke-expired.lua} call, with the keys this store names for the award's
	 * instant; any store of the same prefix and periods can replay it.
	 */
	@Override
	public AwardResult revokeExpired(String userId, String rule, long points, Instant awardedAt) {
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
			.arg(RankKeys.tallyCountField(rule))
			.arg(RankKeys.tallyPointsField(rule))
			.arg((rule != null) ? RankKeys.ruleCapField(rule) : "")
			.arg(week)
			.arg(month);
		long value = asLong(run(this.revokeExpired, call).get(0));
		Outcome outcome = STATUS[(int) Math.floorMod(value, 8L)];
		return new AwardResult(outcome, Math.floorDiv(value, 8L), (outcome == Outcome.REJECTED) ? this.tooLarge : null);
	}

	/**
	 * What a command shares with others of its kind in a batch.
	 *
	 * @param points the points of an award (0 for a revoke)
	 * @param ruleCapField the rule's cap counter field, or '' for explicit points
	 * @param ruleCap the rule's daily cap, or {@code null}
	 * @param globalCap the daily cap over all rules, or {@code null}
	 * @param olderDays days before today an award checks for an earlier record
	 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
	 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
	 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
	 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
	 * @param countField the field that counts the rule's standing awards
	 * @param pointsField the field that sums their points
	 * @param rule the rule's name, which challenges count, or '' for explicit points
	 */
	private record Spec(long points, String ruleCapField, Long ruleCap, Long globalCap, int olderDays,
			Long ruleWeeklyCap, Long globalWeeklyCap, Long ruleMonthlyCap, Long globalMonthlyCap, String countField,
			String pointsField, String rule) {

		static Spec of(ScoreCommand command, int retainedDays) {
			String rule = command.rule();
			String capField = (rule != null) ? RankKeys.ruleCapField(rule) : "";
			String countField = RankKeys.tallyCountField(rule);
			String pointsField = RankKeys.tallyPointsField(rule);
			if (command.revoke()) {
				return new Spec(0, capField, null, null, 0, null, null, null, null, countField, pointsField,
						(rule != null) ? rule : "");
			}
			return new Spec(command.points(), capField, command.ruleCap(), command.globalCap(),
					command.oncePerEver() ? retainedDays : 0, command.ruleWeeklyCap(), command.globalWeeklyCap(),
					command.ruleMonthlyCap(), command.globalMonthlyCap(), countField, pointsField,
					(rule != null) ? rule : "");
		}

	}

	private static String capOrBlank(Long cap) {
		return (cap != null) ? cap.toString() : "";
	}

	/**
	 * "idx:ttl:largest:time:denseIdx,..." for the boards an award made today goes to.
	 */
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
	 * "idx:largest:time:denseIdx,..." for the boards an award made on the d-th day back
	 * went to.
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
	 * ":largest:time:denseIdx" of one board, as score.lua reads them; when each command
	 * carries its own instant, time is the base the script computes each one's time part
	 * from.
	 */
	private void appendLayout(StringBuilder boards, ScriptArgs call, DayKeys dayKeys, int d, int p, Instant now,
			boolean own) {
		long origin = dayKeys.origins[d][p];
		boards.append(':')
			.append(this.layout.largestPoints())
			.append(':')
			.append(own ? this.layout.timeBase(origin) : this.layout.timePart(origin, now))
			.append(':')
			.append(this.order.dense() ? call.sharedKey(dayKeys.dense[d][p]) : 0);
	}

	private DayKeys dayKeys(LocalDate today, int retainedDays) {
		DayKeys cached = this.dayKeys;
		if (cached == null || !cached.today.equals(today)) {
			cached = new DayKeys(this.keys, this.layout, this.periods, today, retainedDays + 1);
			if (!this.order.dense()) {
				dropCompanions(cached);
			}
			this.dayKeys = cached;
		}
		return cached;
	}

	/**
	 * Delete the dense companions of every board this day's awards and revokes may touch.
	 * They are only kept in step while ranking is dense; one left from an earlier run in
	 * dense mode would be out of step by the time dense ranking comes back, while a
	 * missing one is rebuilt from its board. Once a day, one command.
	 */
	private void dropCompanions(DayKeys dayKeys) {
		Set<String> companions = new LinkedHashSet<>();
		for (String[] ofDay : dayKeys.dense) {
			companions.addAll(List.of(ofDay));
		}
		if (companions.isEmpty()) {
			return; // no periods, no boards
		}
		byte[][] names = companions.stream()
			.map((name) -> name.getBytes(StandardCharsets.UTF_8))
			.toArray(byte[][]::new);
		withConnection((connection) -> connection.keyCommands().del(names));
	}

	/**
	 * The key names of today and the retained days before it, built once a day:
	 * formatting dates for every command would cost more than the rest of building a
	 * batch.
	 */
	private static final class DayKeys {

		final LocalDate today;

		/**
		 * Per day back from today: the start of its record keys, to which the member is
		 * appended.
		 */
		final String[] recordPrefixes;

		/**
		 * Per day back from today: its boards, in the order of the configured periods.
		 */
		final String[][] boards;

		/** Per day back from today: the dense companions of its boards. */
		final String[][] dense;

		/**
		 * Per day back from today: where its boards' tie-break seconds count from.
		 */
		final long[][] origins;

		/**
		 * The start of the week hash keys of the weeks these days fall in, newest first.
		 */
		final String[] weekPrefixes;

		/**
		 * The start of the month hash keys of the months these days fall in, newest
		 * first.
		 */
		final String[] monthPrefixes;

		/** Per day back from today, the 1-based position of its week: "1,1,2,...". */
		final String weekOf;

		/** Per day back from today, the 1-based position of its month. */
		final String monthOf;

		DayKeys(RankKeys keys, BoardLayout layout, List<Period> periods, LocalDate today, int days) {
			this.today = today;
			this.recordPrefixes = new String[days];
			this.boards = new String[days][periods.size()];
			this.dense = new String[days][periods.size()];
			this.origins = new long[days][periods.size()];
			List<String> weeks = new ArrayList<>();
			List<String> months = new ArrayList<>();
			StringBuilder weekOf = new StringBuilder();
			StringBuilder monthOf = new StringBuilder();
			for (int d = 0; d < days; d++) {
				LocalDate day = today.minusDays(d);
				this.recordPrefixes[d] = keys.record(day, "");
				for (int p = 0; p < periods.size(); p++) {
					this.boards[d][p] = keys.board(periods.get(p), day);
					this.dense[d][p] = keys.dense(periods.get(p), day);
					this.origins[d][p] = layout.originSecond(periods.get(p), day);
				}
				// days run backwards, so a new week or month is never one seen before
				appendPosition(weekOf, weeks, keys.tallies(Period.WEEK, day, ""));
				appendPosition(monthOf, months, keys.tallies(Period.MONTH, day, ""));
			}
			this.weekPrefixes = weeks.toArray(String[]::new);
			this.monthPrefixes = months.toArray(String[]::new);
			this.weekOf = weekOf.toString();
			this.monthOf = monthOf.toString();
		}

		private static void appendPosition(StringBuilder positions, List<String> prefixes, String prefix) {
			if (prefixes.isEmpty() || !prefixes.get(prefixes.size() - 1).equals(prefix)) {
				prefixes.add(prefix);
			}
			if (positions.length() > 0) {
				positions.append(',');
			}
			positions.append(prefixes.size());
		}

	}

	@Override
	public long removeUser(String userId) {
		return this.removal.remove(userId);
	}

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		String member = RankKeys.encode(userId);
		List<LocalDate> days = new ArrayList<>();
		ScriptArgs call = new ScriptArgs();
		for (LocalDate day = to; !day.isBefore(from); day = day.minusDays(1)) {
			days.add(day);
			call.key(this.keys.record(day, member));
		}
		List<Object> reply = run(this.history, call);
		List<DayActivity> activity = new ArrayList<>();
		for (int d = 0; d < days.size(); d++) {
			List<?> fields = (List<?>) reply.get(d);
			Map<String, Long> awards = new LinkedHashMap<>();
			long total = 0;
			for (int i = 0; i + 1 < fields.size(); i += 2) {
				String field = asString(fields.get(i));
				if (field.startsWith("#")) {
					continue; // cap counters, not awards
				}
				long points = Long.parseLong(asString(fields.get(i + 1)));
				awards.put(RankKeys.decode(field), points);
				total += points;
			}
			if (!awards.isEmpty()) {
				activity.add(new DayActivity(days.get(d), total, Collections.unmodifiableMap(awards)));
			}
		}
		return activity;
	}

	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.tallies(period, day, RankKeys.encode(userId)));
		call.arg(RankKeys.TALLY_COUNT).arg(RankKeys.TALLY_POINTS);
		List<Object> reply = run(this.summary, call);
		Map<String, long[]> tallies = new TreeMap<>();
		for (int i = 0; i + 1 < reply.size(); i += 2) {
			String field = asString(reply.get(i));
			long value = Long.parseLong(asString(reply.get(i + 1)));
			boolean count = field.startsWith(RankKeys.TALLY_COUNT);
			String rule = field.substring(count ? RankKeys.TALLY_COUNT.length() : RankKeys.TALLY_POINTS.length());
			tallies.computeIfAbsent(rule, (name) -> new long[2])[count ? 0 : 1] = value;
		}
		Map<String, RuleTally> byRule = new LinkedHashMap<>();
		long points = 0;
		for (Map.Entry<String, long[]> tally : tallies.entrySet()) {
			long[] value = tally.getValue();
			if (value[0] > 0) {
				byRule.put(tally.getKey(), new RuleTally(value[0], value[1]));
				points += value[1];
			}
		}
		return new ActivitySummary(userId, period, ActivityCalendar.start(period, day), points, byRule);
	}

	private List<Object> run(LuaScript script, ScriptArgs call) {
		return withConnection((connection) -> {
			List<Object> reply = script.run(connection, call.keyCount(), call.keysAndArgs());
			return (reply != null) ? reply : List.of();
		});
	}

	private <T> T withConnection(Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return action.apply(connection);
		}
	}

}
