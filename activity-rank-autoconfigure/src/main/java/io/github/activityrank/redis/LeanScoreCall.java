package io.github.activityrank.redis;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ScoreCommand;

/**
 * The lean call of the score script ({@code lua/score-lean.lua}): a batch that needs no
 * challenge, item or streak module, on boards without a dense companion, goes through a
 * short loop at the top of the script, which returns before the other modules are
 * defined. The loop stops at a command it cannot take (a revoke of an award not in
 * today's record); {@link ScoreScript} sends the rest to the full script. While a
 * challenge may run it takes nothing, and lean calls pause for a while so that each batch
 * is not sent twice.
 */
final class LeanScoreCall {

	/** The reply of a lean call that took nothing because a challenge may run. */
	static final long CHALLENGES_RUN = -1;

	/** How long lean calls pause once a challenge was seen in the registry. */
	private static final long PAUSE_NANOS = 10_000_000_000L;

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final BoardLayout layout;

	/** Whether the configuration lets any batch take the lean way. */
	private final boolean configured;

	private volatile long pausedUntil = System.nanoTime();

	LeanScoreCall(RankKeys keys, ActivityCalendar calendar, List<Period> periods, BoardLayout layout,
			boolean configured) {
		this.keys = keys;
		this.calendar = calendar;
		this.periods = periods;
		this.layout = layout;
		this.configured = configured;
	}

	/**
	 * Whether batches may take the lean way now: the configuration allows it and no
	 * challenge was seen lately.
	 * @return whether to send a batch as a lean call first
	 */
	boolean open() {
		return this.configured && System.nanoTime() - this.pausedUntil >= 0;
	}

	/** A lean call saw a challenge in the registry: the full script's for a while. */
	void challengesRun() {
		this.pausedUntil = System.nanoTime() + PAUSE_NANOS;
	}

	/**
	 * The arguments of a lean call, laid out as score-lean.lua's header says.
	 * @param commands the commands, all of one day
	 * @param dayKeys the key names of that day
	 * @param earliest the earliest instant of the commands
	 * @param own whether each command passes its own instant
	 * @param now the current instant, for the commands without one
	 * @return the call
	 */
	ScriptArgs args(List<ScoreCommand> commands, DayKeys dayKeys, Instant earliest, boolean own, Instant now,
			int retainedDays) {
		ScriptArgs call = new ScriptArgs();
		StringBuilder boards = new StringBuilder();
		for (int p = 0; p < this.periods.size(); p++) {
			Period period = this.periods.get(p);
			long origin = dayKeys.origins[0][p];
			long time = !this.layout.timed() ? -1
					: own ? this.layout.timeBase(period, origin) : this.layout.timePart(period, origin, earliest);
			boards.append((p > 0) ? "," : "")
				.append(call.key(dayKeys.boards[0][p]))
				.append(':')
				.append(this.calendar.boardTtlMillis(period, dayKeys.today))
				.append(':')
				.append(this.layout.largestPoints())
				.append(':')
				.append(time);
		}
		int registry = call.key(this.keys.challenges());
		int removed = call.key(UserRemoval.markers(this.keys));
		int rules = call.key(this.keys.rules());
		// the specs: what commands share, numbered in order of first use; a revoke refers
		// to its rule's caps by minus the number
		Map<ScoreSpec, Integer> specs = new LinkedHashMap<>();
		String[] specOf = new String[commands.size()];
		boolean anyCaps = false;
		boolean searches = false;
		for (int c = 0; c < commands.size(); c++) {
			ScoreSpec spec = ScoreSpec.of(commands.get(c), retainedDays);
			searches |= spec.olderDays() > 0 || commands.get(c).revoke();
			int number = specs.computeIfAbsent(spec, (k) -> specs.size() + 1);
			specOf[c] = commands.get(c).revoke() ? Integer.toString(-number) : Integer.toString(number);
			anyCaps |= spec.hasCaps();
		}
		call.arg("lean")
			.arg(commands.size())
			.arg(this.calendar.recordTtlMillis(dayKeys.today))
			.arg(boards.toString())
			.arg(registry)
			.arg(earliest.toEpochMilli())
			.arg(own ? "1" : "0")
			.arg(removed)
			.arg(rules)
			.arg(call.keyCount())
			.arg(anyCaps ? 3 : 1)
			.arg(this.calendar.tallyTtlMillis(Period.WEEK, dayKeys.today))
			.arg(this.calendar.tallyTtlMillis(Period.MONTH, dayKeys.today));
		// the record prefixes of today and the retained days, which a once-per-ever award
		// and a revoke missing today search
		call.arg(searches ? retainedDays + 1 : 0);
		for (int d = 0; searches && d <= retainedDays; d++) {
			call.arg(dayKeys.recordPrefixes[d]);
		}
		call.arg(specs.size());
		specs.keySet().forEach((spec) -> spec.write(call));
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			String member = RankKeys.encode(command.userId());
			call.key(dayKeys.recordPrefixes[0] + member);
			if (anyCaps) {
				call.key(dayKeys.weekPrefixes[0] + member);
				call.key(dayKeys.monthPrefixes[0] + member);
			}
			call.arg(specOf[c]).arg(member).arg(RankKeys.encode(command.field()));
			if (own) {
				call.arg(((command.at() != null) ? command.at() : now).toEpochMilli());
			}
		}
		return call;
	}

}
