package io.github.activityrank.sample.web;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.forum.Categories;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.InvalidRequestException;
import io.github.activityrank.sample.forum.NotFoundException;
import io.github.activityrank.sample.forum.User;
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The day, week and month leaderboards, the last 7 days', and each of them among the
 * people a user follows. Reading them never scores.
 */
@RestController
@RequestMapping("/api/rank")
class RankController {

	private static final List<Period> BOARDS = List.of(Period.DAY, Period.WEEK, Period.MONTH);

	/** The rolling board of the last 7 days (activity-rank.rolling: [7]). */
	static final String ROLLING_7 = "last-7-days";

	/** Followees ranked on a following board: {@code among}'s limit, less the user. */
	static final int MAX_FOLLOWEES = ActivityLimits.MAX_AMONG_USERS - 1;

	private final ActivityRankService ranks;

	private final ForumService forum;

	private final RankZone zone;

	RankController(ActivityRankService ranks, ForumService forum, RankZone zone) {
		this.ranks = ranks;
		this.forum = forum;
		this.zone = zone;
	}

	/**
	 * A page of the board: {@code size} lines from position {@code offset} (0 is the
	 * top).
	 */
	@GetMapping("/{period}")
	Board top(@PathVariable String period, @RequestParam(defaultValue = "30") int size,
			@RequestParam(defaultValue = "0") long offset, @RequestParam(required = false) @Nullable String category) {
		String board = canonical(period);
		if (size < 1 || size > ActivityLimits.MAX_PAGE_SIZE) {
			throw new InvalidRequestException("size must be from 1 to " + ActivityLimits.MAX_PAGE_SIZE);
		}
		if (offset < 0) {
			throw new InvalidRequestException("offset must be 0 or more");
		}
		if (category != null && !category.isEmpty()) {
			if (!Categories.ALL.contains(category)) {
				throw new NotFoundException("No category '" + category + "'; there are " + Categories.ALL);
			}
			Leaderboard inCategory = ROLLING_7.equals(board) ? this.ranks.rolling(7, "category", category)
					: this.ranks.board("category", category, board(board), this.zone.today());
			return new Board(board, entries(inCategory.page(offset, size)));
		}
		Leaderboard shown = ROLLING_7.equals(board) ? this.ranks.rolling(7)
				: this.ranks.board(board(board), this.zone.today());
		return new Board(board, entries(shown.page(offset, size)));
	}

	/**
	 * The categories, most active first: the points awarded in each during the period.
	 */
	@GetMapping("/{period}/categories")
	List<CategoryPoints> categories(@PathVariable String period) {
		if (ROLLING_7.equals(canonical(period))) {
			return lastSevenDays();
		}
		Period board = board(period);
		List<CategoryPoints> categories = new ArrayList<>();
		this.ranks.scopes("category", board)
			.top(Categories.ALL.size())
			.forEach((entry) -> categories.add(new CategoryPoints(entry.id(), entry.score())));
		for (String category : Categories.ALL) {
			if (categories.stream().noneMatch((c) -> c.category().equals(category))) {
				categories.add(new CategoryPoints(category, 0));
			}
		}
		return categories;
	}

	/**
	 * A category and the points awarded in it during a period.
	 * @param category the category
	 * @param points the points
	 */
	/**
	 * The categories by their points of the last 7 days, each summed from its rolling
	 * board: a forum's few categories and users make that a few small reads.
	 */
	private List<CategoryPoints> lastSevenDays() {
		List<CategoryPoints> categories = new ArrayList<>();
		for (String category : Categories.ALL) {
			Leaderboard board = this.ranks.rolling(7, "category", category);
			long points = 0;
			long size = board.size();
			for (long offset = 0; offset < size; offset += ActivityLimits.MAX_PAGE_SIZE) {
				points += board.page(offset, ActivityLimits.MAX_PAGE_SIZE).stream().mapToLong(RankEntry::score).sum();
			}
			categories.add(new CategoryPoints(category, points));
		}
		categories.sort(Comparator.comparingLong(CategoryPoints::points).reversed());
		return categories;
	}

	record CategoryPoints(String category, long points) {
	}

	/**
	 * The acting user's line; {@code rank} is null and {@code score} 0 while they are not
	 * on the board.
	 */
	@GetMapping("/{period}/me")
	Mine me(@PathVariable String period, Actor actor) {
		String board = canonical(period);
		String userId = String.valueOf(actor.id());
		Entry entry = leaderboard(board).rankOf(userId).map(RankController::entry).orElseGet(() -> {
			User user = this.forum.requireUser(actor.id());
			return new Entry(null, userId, 0, user.name(), user.avatar());
		});
		return new Mine(board, entry);
	}

	@GetMapping("/{period}/around-me")
	Board aroundMe(@PathVariable String period, Actor actor, @RequestParam(defaultValue = "5") int radius) {
		String board = canonical(period);
		if (radius < 0 || radius > ActivityLimits.MAX_RADIUS) {
			throw new InvalidRequestException("radius must be from 0 to " + ActivityLimits.MAX_RADIUS);
		}
		return new Board(board, entries(leaderboard(board).around(String.valueOf(actor.id()), radius)));
	}

	/**
	 * The board among the acting user and the people they follow: ranks run from 1 within
	 * that set, and those without points in the period are left out. A user following
	 * more than {@value #MAX_FOLLOWEES} people is ranked with the first
	 * {@value #MAX_FOLLOWEES} of them by id ({@code among} ranks at most
	 * {@value ActivityLimits#MAX_AMONG_USERS} users).
	 */
	@GetMapping("/{period}/following")
	Board following(@PathVariable String period, Actor actor) {
		String board = canonical(period);
		List<String> userIds = new ArrayList<>();
		userIds.add(String.valueOf(actor.id()));
		this.forum.followees(actor.id(), MAX_FOLLOWEES).forEach((id) -> userIds.add(String.valueOf(id)));
		return new Board(board, entries(leaderboard(board).among(userIds)));
	}

	/** A board's name as the API writes it: a period's, or {@value #ROLLING_7}. */
	static String canonical(String name) {
		if (ROLLING_7.equalsIgnoreCase(name)) {
			return ROLLING_7;
		}
		for (Period period : BOARDS) {
			if (name(period).equalsIgnoreCase(name)) {
				return name(period);
			}
		}
		throw new NotFoundException("No leaderboard '" + name + "'; there are day, week and month, and " + ROLLING_7);
	}

	/** The board of a canonical name: the current period's, or the last 7 days'. */
	private Leaderboard leaderboard(String board) {
		return ROLLING_7.equals(board) ? this.ranks.rolling(7) : this.ranks.board(board(board));
	}

	static Period board(String name) {
		for (Period period : BOARDS) {
			if (name(period).equalsIgnoreCase(name)) {
				return period;
			}
		}
		throw new NotFoundException("No leaderboard '" + name + "'; there are day, week and month");
	}

	static String name(Period period) {
		return period.name().toLowerCase(Locale.ROOT);
	}

	private static List<Entry> entries(List<RankEntry> entries) {
		return entries.stream().map(RankController::entry).toList();
	}

	private static Entry entry(RankEntry entry) {
		if (entry.details() instanceof User user) {
			return new Entry(entry.rank(), entry.id(), entry.score(), user.name(), user.avatar());
		}
		return new Entry(entry.rank(), entry.id(), entry.score(), null, null);
	}

	/**
	 * A board.
	 *
	 * @param period day, week, month or last-7-days
	 * @param entries the lines, best first
	 */
	record Board(String period, List<Entry> entries) {
	}

	/**
	 * The acting user's line on a board.
	 *
	 * @param period day, week, month or last-7-days
	 * @param entry the line
	 */
	record Mine(String period, Entry entry) {
	}

	/**
	 * One line of a board.
	 *
	 * @param rank 1-based, numbered as {@code activity-rank.ranking} and
	 * {@code tie-break} say; null when not on the board
	 * @param userId the user
	 * @param score the points
	 * @param name the display name, null for a user the forum does not know
	 * @param avatar the avatar URL, null for a user the forum does not know
	 */
	record Entry(@Nullable Long rank, String userId, long score, @Nullable String name, @Nullable String avatar) {
	}

}
