package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ScopeKind;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.ScoreCommand;

/**
 * The scope boards' arguments of the score script: the tail that the full script's scopes
 * module reads (its header in lua/scopes.lua) and the header of the lean loop's
 * scope-core (lua/scope-core.lua); per award, the boards of the scope ids it names, laid
 * out like the period boards of the same day.
 */
final class ScopeArgs {

	private final ScopeKeys keys;

	private final ActivityCalendar calendar;

	private final BoardLayout layout;

	private final boolean dense;

	private final ScopeSettings scopes;

	ScopeArgs(RankKeys keys, ActivityCalendar calendar, BoardLayout layout, boolean dense, ScopeSettings scopes) {
		this.keys = new ScopeKeys(keys);
		this.calendar = calendar;
		this.layout = layout;
		this.dense = dense;
		this.scopes = scopes;
	}

	/**
	 * Append the tail, then its start index as the last argument.
	 * @param call the call so far
	 * @param commands the batch's commands
	 * @param today the day of the batch's keys
	 * @param instant the instant of the commands, or the base of their own instants
	 * @param own whether each command passes its own instant
	 */
	void append(ScriptArgs call, List<ScoreCommand> commands, LocalDate today, Instant instant, boolean own) {
		int start = call.argCount() + 1;
		call.arg(this.layout.largestPoints())
			.arg(this.layout.timed() ? "1" : "0")
			.arg(this.dense ? "1" : "0")
			.arg(this.keys.scoped(""));
		Map<Period, Long> times = new EnumMap<>(Period.class);
		for (ScoreCommand command : commands) {
			call.arg(command.revoke() ? "" : group(call, command, today, instant, own, times));
		}
		call.arg(start);
	}

	/**
	 * Scope-core's header of a lean call (lua/scope-core.lua), its keys added to the
	 * call: the scoped-set prefix; packed, the ranges of the call's scope boards and of
	 * its boards of scope ids (each added one after the other, so the script asks once
	 * whether all exist), where each command's group starts among these numbers (0: none)
	 * and the groups' numbers; the number of texts, then the groups' texts.
	 * @param call the call, to which the keys are added
	 * @param commands the batch's commands, all awards
	 * @param today the day of the batch's keys
	 * @param instant the instant of the commands, or the base of their own instants
	 * @param own whether each command passes its own instant
	 * @param global the periods of today's boards, whose check of the largest score holds
	 * for a plain scope board of the same period (never above them)
	 * @return the header's arguments, in order
	 */
	List<byte[]> lean(ScriptArgs call, List<ScoreCommand> commands, LocalDate today, Instant instant, boolean own,
			Collection<Period> global) {
		long firstBoard = call.keyCount() + 1;
		forEachBoard(commands, (kind, id, period) -> call.sharedKey(this.keys.scopeBoard(kind, id, period, today)));
		long lastBoard = call.keyCount();
		forEachBoard(commands, (kind, id, period) -> call.sharedKey(this.keys.scopesBoard(kind, period, today)));
		List<Long> numbers = new ArrayList<>(List.of(firstBoard, lastBoard, lastBoard + 1, (long) call.keyCount(), 0L));
		List<Long> groups = new ArrayList<>();
		List<byte[]> texts = new ArrayList<>();
		Map<Period, Long> times = new EnumMap<>(Period.class);
		Map<Map<String, String>, Long> starts = new HashMap<>();
		for (ScoreCommand command : commands) {
			Map<String, String> scopes = command.revoke() ? Map.of() : command.scopes();
			numbers.add(scopes.isEmpty() ? 0 : starts.computeIfAbsent(scopes, (named) -> leanGroup(call, named,
					commands.size() + 6L + groups.size(), groups, texts, today, instant, own, times, global)));
		}
		// whether any group reads a board (else the script looks at none apart)
		for (int g = 0; g < groups.size(); g += 4 + 7 * groups.get(g + 2).intValue()) {
			numbers.set(4, Math.max(numbers.get(4), groups.get(g + 3)));
		}
		numbers.addAll(groups);
		List<byte[]> header = new ArrayList<>(List.of(ScriptArgs.bytes(this.keys.scoped("")),
				starts.isEmpty() ? new byte[0]
						: ScriptArgs.packed(numbers.stream().mapToLong(Long::longValue).toArray()),
				ScriptArgs.bytes(Integer.toString(texts.size()))));
		header.addAll(texts);
		return header;
	}

	/**
	 * Each board the awards of a lean call name: its kind, its (encoded) id, its period.
	 */
	private void forEachBoard(List<ScoreCommand> commands, BoardConsumer board) {
		for (ScoreCommand command : commands) {
			Map<String, String> scopes = command.revoke() ? Map.of() : command.scopes();
			scopes.forEach((name, id) -> {
				ScopeKind kind = this.scopes.kind(name);
				kind.periods().forEach((period) -> board.accept(kind.name(), RankKeys.encode(id), period));
			});
		}
	}

	@FunctionalInterface
	private interface BoardConsumer {

		void accept(String kind, String id, Period period);

	}

	/**
	 * Append one group of a lean call: its numbers (where its texts start, its ids, its
	 * boards, whether any is read, seven numbers per board), then its texts (its record
	 * text, its scoped-set members, its ids).
	 * @param start where its numbers start among the call's numbers
	 * @return {@code start}
	 */
	private long leanGroup(ScriptArgs call, Map<String, String> scopes, long start, List<Long> groups,
			List<byte[]> texts, LocalDate today, Instant instant, boolean own, Map<Period, Long> times,
			Collection<Period> global) {
		StringBuilder text = new StringBuilder();
		List<Long> boards = new ArrayList<>();
		List<byte[]> members = new ArrayList<>();
		List<byte[]> ids = new ArrayList<>();
		boolean read = false;
		for (Map.Entry<String, String> scope : scopes.entrySet()) {
			ScopeKind kind = this.scopes.kind(scope.getKey());
			String id = RankKeys.encode(scope.getValue());
			text.append((text.length() > 0) ? ";" : "").append(kind.name()).append('=').append(id).append(':');
			kind.periods().forEach((period) -> text.append(letter(period)));
			members.add(ScriptArgs.bytes(kind.name() + ":" + id));
			ids.add(ScriptArgs.bytes(id));
			for (Period period : kind.periods()) {
				long time = times.computeIfAbsent(period, (each) -> time(each, today, instant, own));
				boolean covered = !this.layout.timed() && global.contains(period);
				read |= !covered;
				boards.addAll(List.of((long) call.sharedKey(this.keys.scopeBoard(kind.name(), id, period, today)),
						this.calendar.boardTtlMillis(period, today), time,
						(long) call.sharedKey(this.keys.scopesBoard(kind.name(), period, today)), kind.keep(),
						(long) ids.size(), covered ? 1L : 0L));
			}
		}
		groups.addAll(List.of(texts.size() + 1L, (long) ids.size(), boards.size() / 7L, read ? 1L : 0L));
		groups.addAll(boards);
		texts.add(ScriptArgs.bytes(text.toString()));
		texts.addAll(members);
		texts.addAll(ids);
		return start;
	}

	/**
	 * The scope ids an award names that count, {@code kind|id|keep|letters|boards;...}
	 * (letters: the kind's periods, {@code d w m t}; boards:
	 * {@code boardIdx:ttlMs:time:denseIdx:scopesIdx,...} per period), or empty for none.
	 */
	private String group(ScriptArgs call, ScoreCommand command, LocalDate today, Instant instant, boolean own,
			Map<Period, Long> times) {
		StringBuilder groups = new StringBuilder();
		for (Map.Entry<String, String> scope : command.scopes().entrySet()) {
			ScopeKind kind = this.scopes.kind(scope.getKey());
			String id = RankKeys.encode(scope.getValue());
			groups.append((groups.length() > 0) ? ";" : "")
				.append(kind.name())
				.append('|')
				.append(id)
				.append('|')
				.append(kind.keep())
				.append('|');
			kind.periods().forEach((period) -> groups.append(letter(period)));
			groups.append('|');
			for (int p = 0; p < kind.periods().size(); p++) {
				Period period = kind.periods().get(p);
				long time = times.computeIfAbsent(period, (each) -> time(each, today, instant, own));
				groups.append((p > 0) ? "," : "")
					.append(call.sharedKey(this.keys.scopeBoard(kind.name(), id, period, today)))
					.append(':')
					.append(this.calendar.boardTtlMillis(period, today))
					.append(':')
					.append(time)
					.append(':')
					.append(this.dense ? call.sharedKey(this.keys.scopeDense(kind.name(), id, period, today)) : 0)
					.append(':')
					.append(call.sharedKey(this.keys.scopesBoard(kind.name(), period, today)));
			}
		}
		return groups.toString();
	}

	/**
	 * A period's letter in an award's record of its scope ids, from which a revoke names
	 * the boards of the award's day (lua/scopes.lua).
	 */
	private static char letter(Period period) {
		return switch (period) {
			case DAY -> 'd';
			case WEEK -> 'w';
			case MONTH -> 'm';
			case TOTAL -> 't';
		};
	}

	/**
	 * Whether a batch must take the full script although the configuration has the lean
	 * one: a revoke may take back what an award's scopes got, which the full script's
	 * scopes module does.
	 * @param commands the batch
	 * @return {@code true} when it does
	 */
	static boolean needed(List<ScoreCommand> commands) {
		for (ScoreCommand command : commands) {
			if (command.revoke()) {
				return true;
			}
		}
		return false;
	}

	/** The time part of an award made at the instant, or the base of own instants. */
	private long time(Period period, LocalDate today, Instant instant, boolean own) {
		long origin = this.layout.origin(period, today);
		return own ? this.layout.timeBase(period, origin) : this.layout.timePart(period, origin, instant, true);
	}

}
