package io.github.activityrank.redis;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ScoreCommand;

/**
 * The lean call of the score script ({@code lua/score-lean.lua}): when the configuration
 * needs no item or streak module and no dense companions, a batch goes through a short
 * loop at the top of the script, which returns before the other modules are defined;
 * awards reach running challenges' boards there through the challenges module, and their
 * scope boards through scope-core, which come before it. The loop stops at a command it
 * cannot take (a revoke of an award not in today's record, a penalty given back);
 * {@link ScoreScript} sends the rest to the full script.
 */
final class LeanScoreCall {

	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final BoardLayout layout;

	/** Badge-core's arguments, when levels or badges are configured. */
	private final BadgeScript badges;

	/** Scope-core's arguments, or {@code null} when no scope kind is configured. */
	private final ScopeArgs scopes;

	LeanScoreCall(RankKeys keys, ActivityCalendar calendar, List<Period> periods, BoardLayout layout,
			BadgeScript badges, ScopeArgs scopes) {
		this.keys = keys;
		this.calendar = calendar;
		this.periods = periods;
		this.layout = layout;
		this.badges = badges;
		this.scopes = scopes;
	}

	/**
	 * The arguments of a lean call, laid out as score-lean.lua's header says.
	 * @param commands the commands, all of one day
	 * @param dayKeys the key names of that day
	 * @param earliest the earliest instant of the commands
	 * @param own whether each command passes its own instant (as its offset from the
	 * earliest)
	 * @param now the current instant, for the commands without one
	 * @return the call
	 */
	ScriptArgs args(List<ScoreCommand> commands, DayKeys dayKeys, Instant earliest, boolean own, Instant now,
			int retainedDays) {
		ScriptArgs call = new ScriptArgs();
		StringBuilder boards = new StringBuilder();
		int levelsBoard = 0;
		for (int p = 0; p < this.periods.size(); p++) {
			Period period = this.periods.get(p);
			long origin = dayKeys.origins[0][p];
			long time = !this.layout.timed() ? -1
					: own ? this.layout.timeBase(period, origin) : this.layout.timePart(period, origin, earliest);
			int board = call.key(dayKeys.boards[0][p]);
			levelsBoard = (p == this.badges.board()) ? board : levelsBoard;
			boards.append((p > 0) ? "," : "")
				.append(board)
				.append(':')
				.append(this.calendar.boardTtlMillis(period, dayKeys.today))
				.append(':')
				.append(time);
		}
		int registry = call.key(this.keys.challenges());
		int open = call.key(this.keys.openChallenges());
		int removed = call.key(UserRemoval.flag(this.keys));
		int rules = call.key(this.keys.rules());
		// scope-core's header: its keys named now, before the commands' (which the script
		// finds from their count), its arguments written after the specs
		List<byte[]> scopeHeader = (this.scopes != null)
				? this.scopes.lean(call, commands, dayKeys.today, earliest, own, this.periods) : List.of();
		// the specs: what commands share, numbered in order of first use; a revoke refers
		// to its rule's caps by minus the number
		Map<ScoreSpec, Integer> specs = new LinkedHashMap<>();
		String[] specOf = new String[commands.size()];
		// week and month hashes are named only when a rule of the batch has weekly or
		// monthly caps
		boolean periodCaps = false;
		boolean searches = false;
		for (int c = 0; c < commands.size(); c++) {
			ScoreSpec spec = ScoreSpec.of(commands.get(c), retainedDays);
			searches |= spec.olderDays() > 0 || commands.get(c).revoke();
			int number = specs.computeIfAbsent(spec, (k) -> specs.size() + 1);
			specOf[c] = commands.get(c).revoke() ? Integer.toString(-number) : Integer.toString(number);
			periodCaps |= spec.hasPeriodCaps();
		}
		// the record prefixes of today and the retained days, which a once-per-ever award
		// and a revoke missing today search
		int prefixes = searches ? retainedDays + 1 : 0;
		// the header's numbers in one argument: the script reads them with one
		// struct.unpack, where a tonumber per argument costs more than a command
		call.arg("lean")
			.numbers(commands.size(), registry, earliest.toEpochMilli(), removed, rules, call.keyCount(),
					periodCaps ? 3 : 1, open, now.toEpochMilli(), this.layout.largestPoints(), prefixes, specs.size())
			.arg(this.calendar.recordTtlMillis(dayKeys.today))
			.arg(boards.toString())
			.arg(earliest.toEpochMilli())
			.arg(own ? instantOffsets(commands, earliest, now) : "0")
			.arg(this.calendar.tallyTtlMillis(Period.WEEK, dayKeys.today))
			.arg(this.calendar.tallyTtlMillis(Period.MONTH, dayKeys.today))
			// the challenges: read only while one runs
			.arg(this.keys.challengeBoardPrefix())
			.arg(this.keys.joinedChallenges(""))
			.arg(this.layout.timed() ? "1" : "0");
		for (int d = 0; d < prefixes; d++) {
			call.arg(dayKeys.recordPrefixes[d]);
		}
		specs.keySet().forEach((spec) -> spec.write(call));
		if (this.badges.enabled()) {
			this.badges.header(call, levelsBoard, this.layout.timed(), specs.keySet());
		}
		scopeHeader.forEach(call::arg);
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			String member = RankKeys.encode(command.userId());
			call.key(dayKeys.recordPrefixes[0] + member);
			if (periodCaps) {
				call.key(dayKeys.weekPrefixes[0] + member);
				call.key(dayKeys.monthPrefixes[0] + member);
			}
			call.arg(specOf[c]).arg(member).arg(RankKeys.encode(command.field()));
		}
		return call;
	}

	/**
	 * Each command's instant as milliseconds after the earliest, comma-separated: one
	 * argument of the lean and the full call alike ({@code instants_after} in
	 * common.lua). The lean loop parses it only when an instant matters to the call (a
	 * time part, a removal marker, a running challenge), so a call where none does pays
	 * one argument for them, not one per command.
	 */
	static String instantOffsets(List<ScoreCommand> commands, Instant earliest, Instant now) {
		StringBuilder offsets = new StringBuilder(commands.size() * 3);
		long base = earliest.toEpochMilli();
		for (ScoreCommand command : commands) {
			offsets.append((offsets.length() > 0) ? "," : "")
				.append(((command.at() != null) ? command.at() : now).toEpochMilli() - base);
		}
		return offsets.toString();
	}

}
