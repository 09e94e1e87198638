package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.StreakSettings;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link ActivityStore} on Redis: every award and revoke runs inside one score script
 * call ({@link ScoreScript}, composed from Lua modules; a batch of commands shares one
 * call); the boards are read by {@link ShardedBoards}, a user's records by
 * {@link RedisUserRecords}. How a score encodes points, and the tie-break time, is
 * {@link BoardLayout}'s.
 */
public class RedisActivityStore implements ActivityStore {

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final BoardOrder order;

	private final BoardLayout layout;

	/** The composed award scripts, their arguments and replies. */
	private final ScoreScript script;

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
		this(connectionFactory, keys, calendar, periods, BoardOrder.DEFAULT, Map.of(), StreakSettings.OFF,
				BadgeSettings.OFF);
	}

	/**
	 * Create the store with item boards, streaks and badges (docs/badges.md) as
	 * configured.
	 * @param connectionFactory connections to Redis
	 * @param keys key naming
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members
	 * @param items the configured item types by name
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide, and who is told of them
	 */
	public RedisActivityStore(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Map<String, ItemType> items, StreakSettings streaks,
			BadgeSettings badges) {
		this(connectionFactory, keys, calendar, periods, order, items, streaks, badges, ScopeSettings.NONE);
	}

	/**
	 * Create the store with item boards, streaks, badges and scope boards
	 * (docs/scopes.md) as configured.
	 * @param connectionFactory connections to Redis
	 * @param keys key naming
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members
	 * @param items the configured item types by name
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide, and who is told of them
	 * @param scopes the configured scope kinds; none: the award script has no scopes
	 * module
	 */
	public RedisActivityStore(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Map<String, ItemType> items, StreakSettings streaks,
			BadgeSettings badges, ScopeSettings scopes) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.calendar = calendar;
		this.periods = List.copyOf(periods.isEmpty() ? EnumSet.noneOf(Period.class) : EnumSet.copyOf(periods));
		this.order = order;
		this.layout = new BoardLayout(order, calendar.zone());
		this.script = new ScoreScript(keys, calendar, this.periods, order, this.layout,
				items.isEmpty() ? null : new ItemArgs(new ItemKeys(keys), calendar, items, this.periods), streaks,
				badges, scopes.enabled() ? new ScopeArgs(keys, calendar, this.layout, order.dense(), scopes) : null);
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
		DayKeys dayKeys = dayKeys(today, this.calendar.retainedRecordDays());
		// the lean call first, when the batch may take it; the full script takes what it
		// left, in order
		ScriptArgs lean = this.script.lean(commands, dayKeys, now, earliest, own);
		// its reply holds the results of the first commands it applied, in order
		List<Object> leanReply = (lean != null) ? this.script.badges().leanApplied(run(this.script.score(), lean))
				: List.of();
		List<AwardResult> results = this.script.results(leanReply, leanReply.size());
		if (results.size() < commands.size()) {
			List<ScoreCommand> rest = commands.subList(results.size(), commands.size());
			List<Object> reply = run(this.script.score(rest), this.script.batch(rest, dayKeys, now, earliest, own));
			results.addAll(this.script.results(reply, rest.size()));
			this.script.announce(reply, rest.size());
		}
		return results;
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
	 * Delete the dense companions (and their build markers) of every board this day's
	 * awards and revokes may touch. They are only kept in step while ranking is dense;
	 * one left from an earlier run in dense mode would be out of step by the time dense
	 * ranking comes back, while a missing one is rebuilt from its board. Once a day, one
	 * command.
	 */
	private void dropCompanions(DayKeys dayKeys) {
		Set<String> companions = new LinkedHashSet<>();
		for (String[] ofDay : dayKeys.dense) {
			for (String companion : ofDay) {
				companions.add(companion);
				// and a build left half way, which would otherwise resume on a stale
				// cursor
				companions.add(new BoardKeys("", companion).building());
			}
		}
		if (companions.isEmpty()) {
			return; // no periods, no boards
		}
		byte[][] names = companions.stream()
			.map((name) -> name.getBytes(StandardCharsets.UTF_8))
			.toArray(byte[][]::new);
		withConnection((connection) -> connection.keyCommands().del(names));
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
