package io.github.activityrank.engine;

import java.time.LocalDate;
import java.util.Map;

import io.github.activityrank.ItemRankService;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankItemLookup;
import io.github.activityrank.RankUserLookup;

/**
 * {@link ItemRankService} over {@link ItemBoards}: checks the type, period and item id,
 * and reads boards through {@link CheckedLeaderboard} like the user boards.
 */
public class DefaultItemRankService implements ItemRankService, ObservationsAware {

	private final Map<String, ItemType> types;

	private final ItemBoards boards;

	private final ActivityCalendar calendar;

	private final RankItemLookup lookup;

	private ActivityObservations observations = ActivityObservations.NONE;

	/**
	 * Create the service.
	 * @param types the configured item types by name
	 * @param boards the boards
	 * @param calendar today
	 * @param lookup display data for entries, or {@code null}
	 */
	public DefaultItemRankService(Map<String, ItemType> types, ItemBoards boards, ActivityCalendar calendar,
			RankItemLookup lookup) {
		this.types = Map.copyOf(types);
		this.boards = boards;
		this.calendar = calendar;
		this.lookup = lookup;
	}

	/**
	 * Observe board reads.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	@Override
	public Leaderboard board(String type, Period period) {
		ItemType item = type(type);
		checkPeriod(item, period);
		return this.observations.board(
				new CheckedLeaderboard(() -> this.boards.board(item, period, this.calendar.today()), lookup(type)),
				BoardKind.ITEM, period);
	}

	@Override
	public Leaderboard board(String type, Period period, LocalDate day) {
		ItemType item = type(type);
		checkPeriod(item, period);
		checkDay(day);
		return this.observations.board(new CheckedLeaderboard(this.boards.board(item, period, day), lookup(type)),
				BoardKind.ITEM, period);
	}

	@Override
	public Leaderboard hot(String type) {
		ItemType item = type(type);
		if (!item.hot()) {
			throw new IllegalArgumentException("Item type '" + type + "' has no hot board: set activity-rank.items."
					+ type + ".hot.half-life, for example 12h");
		}
		return this.observations.board(new CheckedLeaderboard(this.boards.hot(item), lookup(type)), BoardKind.ITEM,
				null);
	}

	@Override
	public LocalDate today() {
		return this.calendar.today();
	}

	@Override
	public long uniqueUsers(String type, String itemId, Period period, LocalDate day) {
		ItemType item = type(type);
		checkPeriod(item, period);
		checkDay(day);
		checkItem(type, itemId);
		if (!item.uniqueUsers()) {
			throw new IllegalArgumentException("Item type '" + type + "' does not count users: set activity-rank.items."
					+ type + ".unique-users=true");
		}
		return this.boards.uniqueUsers(item, itemId, period, day);
	}

	@Override
	public long removeItem(String type, String itemId) {
		ItemType item = type(type);
		checkItem(type, itemId);
		return this.boards.removeItem(item, itemId);
	}

	private ItemType type(String type) {
		ItemType item = (type != null) ? this.types.get(type) : null;
		if (item == null) {
			throw new IllegalArgumentException(
					"Unknown item type '" + type + "': configured types are " + this.types.keySet());
		}
		return item;
	}

	private static void checkPeriod(ItemType type, Period period) {
		if (period == null || !type.periods().contains(period)) {
			throw new IllegalArgumentException(
					"Item type '" + type.name() + "' has no " + period + " board: its periods are " + type.periods());
		}
	}

	private static void checkDay(LocalDate day) {
		if (day == null) {
			throw new IllegalArgumentException("day is required");
		}
	}

	private static void checkItem(String type, String itemId) {
		String problem = ItemType.itemProblem(type, itemId);
		if (problem != null) {
			throw new IllegalArgumentException(problem);
		}
	}

	private RankUserLookup lookup(String type) {
		RankItemLookup items = this.lookup;
		return (items != null) ? (ids) -> items.lookup(type, ids) : null;
	}

}
