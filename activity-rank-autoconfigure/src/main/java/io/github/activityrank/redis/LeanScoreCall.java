package io.github.activityrank.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ScoreCommand;

/**
 * The lean call of the score script ({@code lua/score-lean.lua}): a batch that needs no
 * caps, no once-per-ever search, no challenge, item or streak module and no tie-break or
 * dense companion goes through a short loop at the top of the script, which returns
 * before the other modules are defined. The loop stops at a command it cannot take (a
 * revoke of an award not in today's record); {@link ScoreScript} sends the rest to the
 * full script. While a challenge may run it takes nothing, and lean calls pause for a
 * while so that each batch is not sent twice.
 */
final class LeanScoreCall {

	/** The reply of a lean call that took nothing because a challenge may run. */
	static final long CHALLENGES_RUN = -1;

	/** How long lean calls pause once a challenge was seen in the registry. */
	private static final long PAUSE_NANOS = 10_000_000_000L;

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final long largestPoints;

	/** Whether the configuration lets any batch take the lean way. */
	private final boolean configured;

	private volatile long pausedUntil = System.nanoTime();

	LeanScoreCall(RankKeys keys, ActivityCalendar calendar, List<Period> periods, long largestPoints,
			boolean configured) {
		this.keys = keys;
		this.calendar = calendar;
		this.periods = periods;
		this.largestPoints = largestPoints;
		this.configured = configured;
	}

	/**
	 * Whether a batch may take the lean way: the configuration allows it, no challenge
	 * was seen lately, and no command counts caps or searches older days.
	 * @param commands the batch
	 * @return whether to send it as a lean call first
	 */
	boolean takes(List<ScoreCommand> commands) {
		if (!this.configured || System.nanoTime() - this.pausedUntil < 0) {
			return false;
		}
		for (ScoreCommand command : commands) {
			if (command.oncePerEver() || command.ruleCap() != null || command.globalCap() != null
					|| command.ruleWeeklyCap() != null || command.globalWeeklyCap() != null
					|| command.ruleMonthlyCap() != null || command.globalMonthlyCap() != null) {
				return false;
			}
		}
		return true;
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
	ScriptArgs args(List<ScoreCommand> commands, DayKeys dayKeys, Instant earliest, boolean own, Instant now) {
		ScriptArgs call = new ScriptArgs();
		StringBuilder boards = new StringBuilder();
		for (int p = 0; p < this.periods.size(); p++) {
			if (p > 0) {
				boards.append(',');
			}
			boards.append(call.key(dayKeys.boards[0][p]))
				.append(':')
				.append(this.calendar.boardTtlMillis(this.periods.get(p), dayKeys.today))
				.append(':')
				.append(this.largestPoints);
		}
		int registry = call.key(this.keys.challenges());
		int removed = call.key(UserRemoval.markers(this.keys));
		int rules = call.key(this.keys.rules());
		call.arg("lean")
			.arg(commands.size())
			.arg(this.calendar.recordTtlMillis(dayKeys.today))
			.arg(boards.toString())
			.arg(registry)
			.arg(earliest.toEpochMilli())
			.arg(own ? "1" : "0")
			.arg(removed)
			.arg(rules)
			.arg(call.keyCount());
		// the specs: an award's points and rule, numbered in order of first use
		Map<String, String> specs = new HashMap<>();
		String[] specOf = new String[commands.size()];
		List<String> specArgs = new ArrayList<>();
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			if (command.revoke()) {
				specOf[c] = "r";
				continue;
			}
			String rule = (command.rule() != null) ? command.rule() : "";
			specOf[c] = specs.computeIfAbsent(command.points() + ":" + rule, (k) -> {
				specArgs
					.addAll(List.of(Long.toString(command.points()), rule, Long.toString(RecordValues.number(rule))));
				return Integer.toString(specs.size() + 1);
			});
		}
		call.arg(specs.size());
		specArgs.forEach(call::arg);
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			String member = RankKeys.encode(command.userId());
			call.key(dayKeys.recordPrefixes[0] + member);
			call.arg(specOf[c]).arg(member).arg(RankKeys.encode(command.field()));
			if (own) {
				call.arg(((command.at() != null) ? command.at() : now).toEpochMilli());
			}
		}
		return call;
	}

}
