package io.github.activityrank.sample.web;

import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.DayActivity;
import io.github.activityrank.RankEntry;
import io.github.activityrank.Streak;
import io.github.activityrank.StreakService;
import io.github.activityrank.sample.forum.CheckInService;
import io.github.activityrank.sample.forum.CheckInService.CheckIn;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.InvalidRequestException;
import io.github.activityrank.sample.forum.User;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Streaks ({@code activity-rank.streaks}): the daily check-in that makes a day active, a
 * user's streak with the next milestone, their calendar of the last 12 months and the
 * longest streaks now. Reading them never scores.
 */
@RestController
@RequestMapping("/api")
class StreakController {

	/** How long the starter keeps a day's records, which give the calendar its points. */
	private static final String RECORD_RETENTION = "activity-rank.retention.record";

	private final StreakService streaks;

	private final ActivityRankService ranks;

	private final CheckInService checkIns;

	private final ForumService forum;

	private final RankZone zone;

	/**
	 * Bonus points by streak length, as {@code activity-rank.streaks.milestones} says.
	 */
	private final SortedMap<Integer, Long> milestones;

	/** Days of records kept after a day ends ({@code activity-rank.retention.record}). */
	private final long recordDays;

	StreakController(StreakService streaks, ActivityRankService ranks, CheckInService checkIns, ForumService forum,
			RankZone zone, Environment environment) {
		this.streaks = streaks;
		this.ranks = ranks;
		this.checkIns = checkIns;
		this.forum = forum;
		this.zone = zone;
		Binder binder = Binder.get(environment);
		this.milestones = new TreeMap<>(
				binder.bind("activity-rank.streaks.milestones", Bindable.mapOf(Integer.class, Long.class))
					.orElse(Map.of()));
		this.recordDays = binder.bind(RECORD_RETENTION, Duration.class).orElse(Duration.ofDays(31)).toDays();
	}

	/** Check the acting user in for today: +1 the first time that day. */
	@PostMapping("/check-in")
	CheckIn checkIn(Actor actor) {
		return this.checkIns.checkIn(actor.id());
	}

	/**
	 * A user's streak: the days in a row, the longest run, whether today is already
	 * active, and the next milestone with its bonus.
	 */
	@GetMapping("/users/{id}/streak")
	StreakView streak(@PathVariable long id) {
		this.forum.requireUser(id);
		Streak streak = this.streaks.streak(String.valueOf(id));
		LocalDate today = this.zone.today();
		Milestone next = this.milestones.entrySet()
			.stream()
			.filter((m) -> m.getKey() > streak.current())
			.findFirst()
			.map((m) -> new Milestone(m.getKey(), m.getValue(), m.getKey() - streak.current()))
			.orElse(null);
		return new StreakView(String.valueOf(id), streak.current(), streak.longest(), streak.lastActive(),
				today.equals(streak.lastActive()), next);
	}

	/**
	 * A user's active days of the last 12 months, with each day's points while its
	 * records are kept ({@code activity-rank.retention.record}, 31 days by default).
	 */
	@GetMapping("/users/{id}/calendar")
	Calendar calendar(@PathVariable long id) {
		this.forum.requireUser(id);
		String userId = String.valueOf(id);
		LocalDate to = this.zone.today();
		LocalDate from = to.minusYears(1).plusDays(1);
		LocalDate pointsFrom = to.minusDays(Math.min(this.recordDays, ChronoUnit.DAYS.between(from, to)));
		Map<LocalDate, Long> points = this.ranks.history(userId, pointsFrom, to)
			.stream()
			.collect(Collectors.toMap(DayActivity::day, DayActivity::points));
		List<CalendarDay> days = this.streaks.activeDays(userId, from, to)
			.stream()
			.map((day) -> new CalendarDay(day, day.isBefore(pointsFrom) ? null : points.getOrDefault(day, 0L)))
			.toList();
		return new Calendar(userId, from, to, pointsFrom, days);
	}

	/**
	 * The longest streaks now: users by their current streak, the earlier start first.
	 */
	@GetMapping("/streaks")
	StreakBoard board(@RequestParam(defaultValue = "10") int size) {
		if (size < 1 || size > ActivityLimits.MAX_PAGE_SIZE) {
			throw new InvalidRequestException("size must be from 1 to " + ActivityLimits.MAX_PAGE_SIZE);
		}
		List<RankEntry> top = this.streaks.board().top(size);
		Map<Long, User> users = this.forum
			.usersById(top.stream().map(RankEntry::id).filter(StreakController::isId).map(Long::valueOf).toList());
		Function<RankEntry, StreakLine> line = (e) -> {
			User user = isId(e.id()) ? users.get(Long.valueOf(e.id())) : null;
			return new StreakLine(e.rank(), e.id(), e.score(), (e.details() instanceof LocalDate start) ? start : null,
					(user != null) ? user.name() : null, (user != null) ? user.avatar() : null);
		};
		return new StreakBoard(top.stream().map(line).toList());
	}

	private static boolean isId(String id) {
		return id.length() <= 18 && !id.isEmpty() && id.chars().allMatch(Character::isDigit);
	}

	/**
	 * A user's streak.
	 *
	 * @param userId the user
	 * @param current the active days in a row ending today, or yesterday while today is
	 * not over; 0 once a whole day passed without a check-in
	 * @param longest the longest run ever
	 * @param lastActive the last active day, null for a user who never checked in
	 * @param activeToday whether today is already active
	 * @param next the next milestone, null when the streak is past the last one
	 */
	record StreakView(String userId, int current, int longest, @Nullable LocalDate lastActive, boolean activeToday,
			@Nullable Milestone next) {
	}

	/**
	 * A milestone ahead.
	 *
	 * @param days the streak length that earns it
	 * @param points its bonus
	 * @param daysToGo active days still needed
	 */
	record Milestone(int days, long points, int daysToGo) {
	}

	/**
	 * A user's calendar.
	 *
	 * @param userId the user
	 * @param from the first day shown, a year before {@code to} plus one day
	 * @param to today
	 * @param pointsFrom the first day whose points are still known
	 * @param days the active days, ascending
	 */
	record Calendar(String userId, LocalDate from, LocalDate to, LocalDate pointsFrom, List<CalendarDay> days) {
	}

	/**
	 * An active day.
	 *
	 * @param day the day
	 * @param points what the user earned that day, null before {@code pointsFrom}
	 */
	record CalendarDay(LocalDate day, @Nullable Long points) {
	}

	/**
	 * The longest streaks now.
	 *
	 * @param entries the lines, longest first
	 */
	record StreakBoard(List<StreakLine> entries) {
	}

	/**
	 * One line of the streak board.
	 *
	 * @param rank 1-based position
	 * @param userId the user
	 * @param days the current streak's length
	 * @param since the day it started
	 * @param name the display name, null for a user the forum does not know
	 * @param avatar the avatar URL, null for a user the forum does not know
	 */
	record StreakLine(long rank, String userId, long days, @Nullable LocalDate since, @Nullable String name,
			@Nullable String avatar) {
	}

}
