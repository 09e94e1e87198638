package io.github.activityrank.sample.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.forum.InvalidRequestException;
import io.github.activityrank.sample.forum.NotFoundException;
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The article boards that praise, comments and page views feed
 * ({@code activity-rank.items.article}): hot now, the top of the day, week or all time,
 * each article's distinct readers; and the forum's active users. Reading them never
 * scores.
 */
@RestController
@RequestMapping("/api")
class ItemBoardController {

	/** The item type of articles in {@code application.yml}. */
	static final String ARTICLE = "article";

	private static final List<Period> BOARDS = List.of(Period.DAY, Period.WEEK, Period.TOTAL);

	/** The most articles one readers query counts. */
	static final int MAX_READER_IDS = 100;

	private final ItemRankService items;

	private final ActivityRankService ranks;

	ItemBoardController(ItemRankService items, ActivityRankService ranks) {
		this.items = items;
		this.ranks = ranks;
	}

	/**
	 * The hot articles: each award's points halve every 12 hours. A line's {@code score}
	 * is that decayed sum now in thousandths of a point.
	 */
	@GetMapping("/articles/hot")
	ArticleBoard hot(@RequestParam(defaultValue = "10") int size) {
		return new ArticleBoard("hot", entries(this.items.hot(ARTICLE).top(checkSize(size))));
	}

	/** The articles with the most points from awards this day, week or ever. */
	@GetMapping("/articles/top/{period}")
	ArticleBoard top(@PathVariable String period, @RequestParam(defaultValue = "10") int size) {
		Period board = board(period);
		return new ArticleBoard(RankController.name(board),
				entries(this.items.board(ARTICLE, board).top(checkSize(size))));
	}

	/**
	 * Distinct users who read, praised or commented each article, ever (a HyperLogLog per
	 * article: about 0.81% off).
	 */
	@GetMapping("/articles/readers")
	Readers readers(@RequestParam List<Long> ids) {
		if (ids.isEmpty() || ids.size() > MAX_READER_IDS) {
			throw new InvalidRequestException("ids must name 1 to " + MAX_READER_IDS + " articles");
		}
		Map<String, Long> readers = new LinkedHashMap<>();
		for (Long id : ids) {
			if (id == null || id <= 0) {
				throw new InvalidRequestException("ids must be article ids (positive numbers)");
			}
			readers.computeIfAbsent(String.valueOf(id),
					(article) -> this.items.uniqueUsers(ARTICLE, article, Period.TOTAL));
		}
		return new Readers(readers);
	}

	/** Distinct users with an award today and this week. */
	@GetMapping("/active-users")
	ActiveUsers activeUsers() {
		return new ActiveUsers(this.ranks.activeUsers(Period.DAY), this.ranks.activeUsers(Period.WEEK));
	}

	private static Period board(String name) {
		for (Period period : BOARDS) {
			if (RankController.name(period).equalsIgnoreCase(name)) {
				return period;
			}
		}
		throw new NotFoundException("No article board '" + name + "'; there are day, week and total");
	}

	private static int checkSize(int size) {
		if (size < 1 || size > ActivityLimits.MAX_PAGE_SIZE) {
			throw new InvalidRequestException("size must be from 1 to " + ActivityLimits.MAX_PAGE_SIZE);
		}
		return size;
	}

	private static List<ArticleEntry> entries(List<RankEntry> entries) {
		return entries.stream()
			.map((e) -> new ArticleEntry(e.rank(), e.id(), e.score(),
					(e.details() instanceof String title) ? title : null))
			.toList();
	}

	/**
	 * An article board.
	 *
	 * @param board hot, day, week or total
	 * @param entries the lines, best first
	 */
	record ArticleBoard(String board, List<ArticleEntry> entries) {
	}

	/**
	 * One line of an article board.
	 *
	 * @param rank 1-based position
	 * @param articleId the article
	 * @param score the points; on the hot board thousandths of a point
	 * @param title the title, null for an article the forum no longer has
	 */
	record ArticleEntry(long rank, String articleId, long score, @Nullable String title) {
	}

	/**
	 * Distinct readers per article.
	 *
	 * @param readers by article id, in the order asked
	 */
	record Readers(Map<String, Long> readers) {
	}

	/**
	 * The forum's active users.
	 *
	 * @param today distinct users with an award today
	 * @param thisWeek distinct users with an award this week
	 */
	record ActiveUsers(long today, long thisWeek) {
	}

}
