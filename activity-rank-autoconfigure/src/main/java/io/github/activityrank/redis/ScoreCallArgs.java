package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.SourceMessage;

/**
 * The KEYS and ARGV of one score script call, in both of its layouts: the full script's
 * (its header read by {@code lua/score-args.lua}, then the badges and streak headers, the
 * fence, the commands, the items and scopes tails) and the lean loop's ({@code
 * lua/score-lean.lua}, with badge-core's and scope-core's headers). The module classes
 * ({@link BadgeScript}, {@link StreakScript}, {@link ItemArgs}, {@link ScopeArgs}) write
 * their own parts and are called only from here, so the order of the parts is decided in
 * one place. What both layouts do (number the specs, name each command's record and tally
 * keys, pass the commands' own instants) is written once.
 *
 * @param keys the key names
 * @param calendar today, the retained days and the TTLs
 * @param periods the configured boards
 * @param order whether boards keep dense companions
 * @param layout the boards' largest score and time part
 * @param items the items module's arguments, or {@code null} when no item type is
 * configured
 * @param streaks the streaks module
 * @param badges the badges module
 * @param scopes the scopes module's arguments, or {@code null} when no scope kind is
 * configured
 */
record ScoreCallArgs(RankKeys keys, ActivityCalendar calendar, List<Period> periods, BoardOrder order,
		BoardLayout layout, ItemArgs items, StreakScript streaks, BadgeScript badges, ScopeArgs scopes) {

	private static final String[] NONE = {};

	/**
	 * Whether the configuration has the lean loop: no dense companions, items or streaks
	 * (badges, levels and scope boards keep it, through badge- and scope-core's hooks).
	 */
	boolean leanLoop() {
		return !this.order.dense() && this.items == null && !this.streaks.enabled();
	}

	/**
	 * Whether a call needs the fence (each stream message applied once).
	 * @param commands the call's commands
	 * @return {@code true} when a command came from a stream
	 */
	static boolean fenced(List<ScoreCommand> commands) {
		for (ScoreCommand command : commands) {
			if (command.source() != null) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The arguments of a full call for commands of one day.
	 * @param commands the commands
	 * @param dayKeys the key names of that day and the retained days before it
	 * @param now the current instant, from which TTLs count
	 * @param earliest the earliest instant of the commands: the instant of every command
	 * unless {@code own}
	 * @param own whether each command passes its own instant
	 * @return the call
	 */
	ScriptArgs full(List<ScoreCommand> commands, DayKeys dayKeys, Instant now, Instant earliest, boolean own) {
		LocalDate today = dayKeys.today;
		int retainedDays = this.calendar.retainedRecordDays();
		Map<ScoreSpec, Integer> specs = new LinkedHashMap<>();
		long[] specOf = numberSpecs(commands, retainedDays, specs);
		// a revoke's spec number is negative, an award's positive
		boolean anyAward = any(specOf, false);
		boolean anyRevoke = any(specOf, true);
		boolean anyOlder = any(specs.keySet(), (spec) -> spec.olderDays() > 0);
		// the milestone bonuses' specs follow the commands'
		List<Integer> bonusSpecs = new ArrayList<>();
		if (this.streaks.enabled()) {
			for (ScoreCommand bonus : this.streaks.bonuses()) {
				bonusSpecs.add(number(specs, ScoreSpec.of(bonus, retainedDays)));
			}
		}
		boolean anyCaps = any(specs.keySet(), ScoreSpec::hasCaps);
		ScriptArgs call = new ScriptArgs();
		call.arg(commands.size()).arg(this.calendar.recordTtlMillis(today));
		call.arg(anyAward ? boards(call, dayKeys, 0, true, earliest, own) : "");
		int revokeDays = anyRevoke ? retainedDays + 1 : 0;
		call.arg(revokeDays);
		for (int d = 0; d < revokeDays; d++) {
			call.arg(boards(call, dayKeys, d, false, earliest, own));
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
			.arg(instants(commands, earliest, now, own))
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
			// week and month hashes follow the record only for caps to count in
			int first = recordKeys(call, dayKeys, member, anyCaps);
			if (this.streaks.enabled()) {
				// the user's streak bucket, at a fixed distance from the record's index
				call.key(this.streaks.bucketKey(member));
			}
			commandNumbers[2 * c] = specOf[c];
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
	 * The arguments of a lean call, when the batch may take the short way: the loop at
	 * the top of the script, which returns before the other modules are defined. It stops
	 * at a command it cannot take (a revoke of an award not in today's record, a penalty
	 * given back), and the full script takes the rest.
	 * @param commands the commands, all of one day
	 * @param dayKeys the key names of that day
	 * @param now the current instant, for the commands without one
	 * @param earliest the earliest instant of the commands
	 * @param own whether each command passes its own instant (as its offset from the
	 * earliest)
	 * @return the call, or {@code null} when the batch needs the full script
	 */
	ScriptArgs lean(List<ScoreCommand> commands, DayKeys dayKeys, Instant now, Instant earliest, boolean own) {
		// the lean way has no fence, and with scopes no revoke (scopes.lua takes back)
		if (!leanLoop() || fenced(commands) || (this.scopes != null && ScopeArgs.needed(commands))) {
			return null;
		}
		int retainedDays = this.calendar.retainedRecordDays();
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
		Map<ScoreSpec, Integer> specs = new LinkedHashMap<>();
		long[] specOf = numberSpecs(commands, retainedDays, specs);
		// week and month hashes are named only when a rule of the batch has weekly or
		// monthly caps
		boolean periodCaps = any(specs.keySet(), ScoreSpec::hasPeriodCaps);
		// the record prefixes of today and the retained days, which a once-per-ever award
		// and a revoke missing today search
		boolean searches = any(specOf, true) || any(specs.keySet(), (spec) -> spec.olderDays() > 0);
		int prefixes = searches ? retainedDays + 1 : 0;
		// the header's numbers in one argument: the script reads them with one
		// struct.unpack, where a tonumber per argument costs more than a command
		call.arg("lean")
			.numbers(commands.size(), registry, earliest.toEpochMilli(), removed, rules, call.keyCount(),
					periodCaps ? 3 : 1, open, now.toEpochMilli(), this.layout.largestPoints(), prefixes, specs.size())
			.arg(this.calendar.recordTtlMillis(dayKeys.today))
			.arg(boards.toString())
			.arg(earliest.toEpochMilli())
			.arg(instants(commands, earliest, now, own))
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
			recordKeys(call, dayKeys, member, periodCaps);
			call.arg(specOf[c]).arg(member).arg(RankKeys.encode(command.field()));
		}
		return call;
	}

	/**
	 * Number the commands' specs, what commands share (points, caps, look-back) and the
	 * header passes once each: in order of first use, from 1.
	 * @param commands the commands
	 * @param retainedDays the days of records kept before today
	 * @param specs where the specs go, with their numbers
	 * @return each command's spec number, negative for a revoke (which refers to its
	 * rule's caps by minus the number)
	 */
	private static long[] numberSpecs(List<ScoreCommand> commands, int retainedDays, Map<ScoreSpec, Integer> specs) {
		long[] numbers = new long[commands.size()];
		for (int c = 0; c < commands.size(); c++) {
			ScoreCommand command = commands.get(c);
			int number = number(specs, ScoreSpec.of(command, retainedDays));
			numbers[c] = command.revoke() ? -number : number;
		}
		return numbers;
	}

	/**
	 * Whether a command revokes (or awards): loops, as streams allocate on every call.
	 */
	private static boolean any(long[] specOf, boolean revokes) {
		for (long number : specOf) {
			if ((number < 0) == revokes) {
				return true;
			}
		}
		return false;
	}

	private static boolean any(Set<ScoreSpec> specs, Predicate<ScoreSpec> test) {
		for (ScoreSpec spec : specs) {
			if (test.test(spec)) {
				return true;
			}
		}
		return false;
	}

	/** A spec's number, numbering it next when it is new. */
	private static int number(Map<ScoreSpec, Integer> specs, ScoreSpec spec) {
		return specs.computeIfAbsent(spec, (s) -> specs.size() + 1);
	}

	/**
	 * Name a command's key of today's record and, with tallies, its week and month hashes
	 * right after it: the scripts find them from the record's index.
	 * @return the record's key index
	 */
	private static int recordKeys(ScriptArgs call, DayKeys dayKeys, String member, boolean tallies) {
		int record = call.key(dayKeys.recordPrefixes[0] + member);
		if (tallies) {
			call.key(dayKeys.weekPrefixes[0] + member);
			call.key(dayKeys.monthPrefixes[0] + member);
		}
		return record;
	}

	/**
	 * Each command's instant as milliseconds after the earliest, comma-separated, or "0"
	 * when all are made at the earliest: one argument ({@code instants_after} in
	 * common.lua). The lean loop parses it only when an instant matters to the call (a
	 * time part, a removal marker, a running challenge), so a call where none does pays
	 * one argument for them, not one per command.
	 */
	private static String instants(List<ScoreCommand> commands, Instant earliest, Instant now, boolean own) {
		if (!own) {
			return "0";
		}
		StringBuilder offsets = new StringBuilder(commands.size() * 3);
		long base = earliest.toEpochMilli();
		for (ScoreCommand command : commands) {
			offsets.append((offsets.length() > 0) ? "," : "")
				.append(((command.at() != null) ? command.at() : now).toEpochMilli() - base);
		}
		return offsets.toString();
	}

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

	/**
	 * "idx:ttl:largest:time:denseIdx,..." for the boards of day {@code d} back from
	 * today, with their TTL for the boards an award made today goes to ({@code ttl}),
	 * without it for those a revoke takes back from; when each command carries its own
	 * instant, time is the base the script computes each one's time part from.
	 */
	private String boards(ScriptArgs call, DayKeys dayKeys, int d, boolean ttl, Instant earliest, boolean own) {
		StringBuilder boards = new StringBuilder();
		for (int p = 0; p < this.periods.size(); p++) {
			Period period = this.periods.get(p);
			long origin = dayKeys.origins[d][p];
			boards.append((p > 0) ? "," : "").append(call.sharedKey(dayKeys.boards[d][p]));
			if (ttl) {
				boards.append(':').append(this.calendar.boardTtlMillis(period, dayKeys.today));
			}
			boards.append(':')
				.append(this.layout.largestPoints())
				.append(':')
				.append(own ? this.layout.timeBase(period, origin)
						: this.layout.timePart(period, origin, earliest, d == 0))
				.append(':')
				.append(this.order.dense() ? call.sharedKey(dayKeys.dense[d][p]) : 0);
		}
		return boards.toString();
	}

}
