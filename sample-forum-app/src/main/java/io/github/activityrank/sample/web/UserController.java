package io.github.activityrank.sample.web;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;
import io.github.activityrank.RuleTally;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.InvalidRequestException;
import io.github.activityrank.sample.forum.User;
import io.github.activityrank.sample.web.ArticleController.Toggle;

import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Users, following, and what each user earned: per day, and per rule in a period.
 */
@RestController
@RequestMapping("/api/users")
class UserController {

	private static final Pattern ARTICLE_PAGE = Pattern.compile("page:/articles/(\\d+)");

	private static final Pattern ARTICLE_ACTION = Pattern.compile("(\\d+)_(praise|collect)");

	private static final Pattern COMMENT = Pattern.compile("comment:(\\d+)");

	private static final Pattern PUBLISH = Pattern.compile("article:(\\d+)");

	private static final Pattern FOLLOW = Pattern.compile("user:(\\d+)_follow");

	private static final Pattern CHECK_IN = Pattern.compile("^checkin-\\d{4}-\\d{2}-\\d{2}$");

	private static final Pattern STREAK_BONUS = Pattern.compile("^streak:(\\d+):\\d+$");

	private final ForumService forum;

	private final ActivityRankService ranks;

	private final RankZone zone;

	UserController(ForumService forum, ActivityRankService ranks, RankZone zone) {
		this.forum = forum;
		this.ranks = ranks;
		this.zone = zone;
	}

	@GetMapping
	List<User> list() {
		return this.forum.listUsers();
	}

	@GetMapping("/{id}")
	User get(@PathVariable long id) {
		return this.forum.requireUser(id);
	}

	@PostMapping("/{id}/follow")
	Toggle follow(@PathVariable long id, Actor actor) {
		return new Toggle(true, this.forum.setFollow(actor.id(), id, true));
	}

	@DeleteMapping("/{id}/follow")
	Toggle unfollow(@PathVariable long id, Actor actor) {
		return new Toggle(false, this.forum.setFollow(actor.id(), id, false));
	}

	/** What the user earned per day over the last {@code days} days, newest first. */
	@GetMapping("/{id}/activity")
	Activity activity(@PathVariable long id, @RequestParam(defaultValue = "7") int days) {
		if (days < 1 || days > ActivityLimits.MAX_HISTORY_DAYS) {
			throw new InvalidRequestException("days must be from 1 to " + ActivityLimits.MAX_HISTORY_DAYS);
		}
		User user = this.forum.requireUser(id);
		LocalDate today = this.zone.today();
		LocalDate from = today.minusDays(days - 1);
		List<Day> history = this.ranks.history(String.valueOf(id), from, today)
			.stream()
			.map(UserController::day)
			.toList();
		return new Activity(String.valueOf(id), user.name(), user.avatar(), from, today, history);
	}

	/**
	 * What the user did in the current day, week or month: per rule, the awards that
	 * still stand and their points, with the page's label for the rule.
	 */
	@GetMapping("/{id}/summary/{period}")
	Summary summary(@PathVariable long id, @PathVariable String period) {
		Period board = RankController.board(period);
		this.forum.requireUser(id);
		ActivitySummary summary = this.ranks.summary(String.valueOf(id), board);
		List<RuleLine> rules = summary.byRule()
			.entrySet()
			.stream()
			.sorted(Comparator.comparingInt((Map.Entry<String, RuleTally> e) -> RuleLabels.order(e.getKey()))
				.thenComparing(Map.Entry::getKey))
			.map((e) -> new RuleLine(e.getKey(), RuleLabels.of(e.getKey()), e.getValue().count(),
					e.getValue().points()))
			.toList();
		return new Summary(String.valueOf(id), RankController.name(board), summary.start(), summary.points(), rules);
	}

	private static Day day(DayActivity day) {
		List<Award> awards = day.awards()
			.entrySet()
			.stream()
			.map((e) -> new Award(e.getKey(), describe(e.getKey()), e.getValue()))
			.sorted((a, b) -> a.field().compareTo(b.field()))
			.toList();
		return new Day(day.day(), day.points(), awards);
	}

	/**
	 * A readable description of an idempotency field written by {@link ForumService}, a
	 * check-in or a streak's milestone bonus.
	 */
	static String describe(String field) {
		Matcher m;
		if (CHECK_IN.matcher(field).matches()) {
			return "checked in";
		}
		if ((m = STREAK_BONUS.matcher(field)).matches()) {
			return m.group(1) + "-day streak bonus";
		}
		if ((m = ARTICLE_PAGE.matcher(field)).find()) {
			return "viewed article " + m.group(1);
		}
		if ((m = FOLLOW.matcher(field)).find()) {
			return "followed user " + m.group(1);
		}
		if ((m = ARTICLE_ACTION.matcher(field)).find()) {
			return (m.group(2).equals("praise") ? "praised" : "collected") + " article " + m.group(1);
		}
		if ((m = COMMENT.matcher(field)).find()) {
			return "wrote comment " + m.group(1);
		}
		if ((m = PUBLISH.matcher(field)).find()) {
			return "published article " + m.group(1);
		}
		return field;
	}

	/**
	 * A user's recent activity.
	 *
	 * @param userId the user
	 * @param name the display name
	 * @param avatar the avatar URL
	 * @param from the first day of the range
	 * @param to the last day of the range, today
	 * @param days one entry per day with points, newest first
	 */
	record Activity(String userId, String name, String avatar, LocalDate from, LocalDate to, List<Day> days) {
	}

	/**
	 * What a user did in a day, week or month.
	 *
	 * @param userId the user
	 * @param period day, week or month
	 * @param start the first day of the period
	 * @param points the period's points from awards that still stand
	 * @param rules per rule with standing awards, in the page's order
	 */
	record Summary(String userId, String period, LocalDate start, long points, List<RuleLine> rules) {
	}

	/**
	 * The standing awards of one rule in a period.
	 *
	 * @param rule the rule name, {@code ""} for awards of explicit points
	 * @param label what the page calls it
	 * @param count how many awards
	 * @param points their points
	 */
	record RuleLine(String rule, String label, long count, long points) {
	}

	/**
	 * One day of a user's activity.
	 *
	 * @param day the day
	 * @param points the day's total
	 * @param awards what the points were for
	 */
	record Day(LocalDate day, long points, List<Award> awards) {
	}

	/**
	 * One award.
	 *
	 * @param field the idempotency field
	 * @param what a readable description
	 * @param points the points
	 */
	record Award(String field, String what, long points) {
	}

}
