package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScoreCommand;

/**
 * The tail of the score script's arguments that the items module reads (its header in
 * lua/items.lua): the boards of the item types a batch touches, today's active-user
 * counters, and each command's item.
 */
final class ItemArgs {

	/** The hot boards' fixed origin: their scores are log2 of a sum relative to it. */
	static final Instant HOT_ORIGIN = Instant.parse("2024-01-01T00:00:00Z");

	private final ItemKeys keys;

	private final ActivityCalendar calendar;

	private final Map<String, ItemType> types;

	private final List<Period> periods;

	ItemArgs(ItemKeys keys, ActivityCalendar calendar, Map<String, ItemType> types, List<Period> periods) {
		this.keys = keys;
		this.calendar = calendar;
		this.types = Map.copyOf(types);
		this.periods = List.copyOf(periods);
	}

	/**
	 * Append the tail, then its start index as the last argument.
	 * @param call the call so far
	 * @param commands the batch's commands
	 * @param today the day of the batch's keys
	 */
	void append(ScriptArgs call, List<ScoreCommand> commands, LocalDate today) {
		int start = call.argCount() + 1;
		call.arg(HOT_ORIGIN.toEpochMilli());
		Map<String, Integer> numbers = new LinkedHashMap<>();
		for (ScoreCommand command : commands) {
			ItemType type = typeOf(command);
			if (type != null && !command.revoke()) {
				numbers.putIfAbsent(type.name(), numbers.size() + 1);
			}
		}
		call.arg(numbers.size());
		for (String name : numbers.keySet()) {
			ItemType type = this.types.get(name);
			StringBuilder boards = new StringBuilder();
			for (Period period : type.periods()) {
				if (boards.length() > 0) {
					boards.append(',');
				}
				boards.append(call.sharedKey(this.keys.board(name, period, today)))
					.append(':')
					.append(this.calendar.boardTtlMillis(period, today));
			}
			call.arg(boards.toString())
				.arg(type.hot() ? call.sharedKey(this.keys.hot(name)) : 0)
				.arg(type.hot() ? type.halfLife().toMillis() : 0)
				.arg(type.keep());
			List<Period> counted = type.uniqueUsers() ? type.periods() : List.of();
			call.arg(counted.size());
			for (Period period : counted) {
				call.arg(this.keys.uniquePrefix(name, period, today)).arg(this.calendar.boardTtlMillis(period, today));
			}
		}
		call.arg(this.periods.size());
		for (Period period : this.periods) {
			call.arg(call.sharedKey(this.keys.active(period, today))).arg(this.calendar.boardTtlMillis(period, today));
		}
		for (ScoreCommand command : commands) {
			ItemType type = typeOf(command);
			if (type == null) {
				call.arg(0);
			}
			else if (command.revoke()) {
				// a revoke takes back what its award stored; it needs no type's boards
				call.arg(-1).arg("").arg(0);
			}
			else {
				call.arg(numbers.get(type.name()))
					.arg(RankKeys.encode(command.itemId()))
					.arg(itemPoints(type, command));
			}
		}
		call.arg(start);
	}

	/**
	 * The configured type an award scores, or {@code null} when none or its rule gives no
	 * points.
	 */
	private ItemType typeOf(ScoreCommand command) {
		if (command.itemType() == null || command.itemId() == null) {
			return null;
		}
		ItemType type = this.types.get(command.itemType());
		if (type == null || (!command.revoke() && itemPoints(type, command) <= 0)) {
			return null;
		}
		return type;
	}

	private static long itemPoints(ItemType type, ScoreCommand command) {
		Long points = (command.rule() != null) ? type.points().get(command.rule()) : null;
		return (points != null) ? points : 0;
	}

}
