package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.support.InputCheck;
import io.github.activityrank.support.LogText;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The {@link ActivityRankService} the starter configures: validates requests, resolves
 * rules and caps, and leaves the atomic work to the {@link ActivityStore}; reads the
 * boards from {@link PeriodBoards} and a user's records from {@link UserRecords}.
 */
public class DefaultActivityRankService
		implements ActivityRankService, ActivityWrites, TimedActivityApplier, ObservationsAware {

	private static final Log logger = LogFactory.getLog(DefaultActivityRankService.class);

	private final ActivityRules rules;

	private final ActivityStore store;

	private final UserRecords records;

	private final ActivityCalendar calendar;

	private final Set<Period> periods;

	private final PeriodBoards boards;

	private final RankUserLookup userLookup;

	private final ActivityRankCounters counters;

	private final ActiveUsers activeUsers;

	private final UserErasure erasure;

	private final ScopeReads scopes;

	private ActivityObservations observations = ActivityObservations.NONE;

	private RollingBoards rolling = RollingBoards.NONE;

	// hostile input can arrive in floods: one warning shows the problem, the rest go to
	// debug
	private final WarnOnce rejectionLog = new WarnOnce(logger, "further rejections are logged at debug level");

	/**
	 * Create the service.
	 * @param rules the validated rules
	 * @param store where points are written
	 * @param records the records of each user
	 * @param boards where the boards are read
	 * @param calendar today and the period boundaries
	 * @param periods the boards awards go to, which are also the boards that can be
	 * queried
	 * @param userLookup display data for entries, or {@code null}
	 * @param counters outcome counters
	 */
	public DefaultActivityRankService(ActivityRules rules, ActivityStore store, UserRecords records,
			PeriodBoards boards, ActivityCalendar calendar, Set<Period> periods, RankUserLookup userLookup,
			ActivityRankCounters counters) {
		this(rules, store, records, boards, calendar, periods, userLookup, counters, (period, day) -> 0,
				UserErasure.NONE, ScopeSettings.NONE, null);
	}

	/**
	 * Create the service with scope boards (docs/scopes.md).
	 * @param rules the scoring rules
	 * @param store the write side
	 * @param records the users' records
	 * @param boards the read side of the period boards
	 * @param calendar today and the retained periods
	 * @param periods the boards every award goes to
	 * @param userLookup display data for board entries, or {@code null}
	 * @param counters the counters to update
	 * @param activeUsers the counts of active users
	 * @param erasure what else a removal erases
	 * @param scopes the configured scope kinds
	 * @param scopeBoards the read side of the scope boards ({@code null} without kinds)
	 */
	public DefaultActivityRankService(ActivityRules rules, ActivityStore store, UserRecords records,
			PeriodBoards boards, ActivityCalendar calendar, Set<Period> periods, RankUserLookup userLookup,
			ActivityRankCounters counters, ActiveUsers activeUsers, UserErasure erasure, ScopeSettings scopes,
			ScopeBoards scopeBoards) {
		this.scopes = new ScopeReads(scopes, scopeBoards, calendar, userLookup, () -> this.observations);
		this.activeUsers = activeUsers;
		this.erasure = erasure;
		this.rules = rules;
		this.store = store;
		this.records = records;
		this.calendar = calendar;
		this.periods = Set.copyOf(periods);
		this.boards = boards;
		this.userLookup = userLookup;
		this.counters = counters;
	}

	/**
	 * Observe direct awards and board reads.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	/**
	 * Answer {@link #rolling(int)} from these rolling boards.
	 * @param rolling the configured rolling boards
	 */
	public void setRollingBoards(RollingBoards rolling) {
		this.rolling = (rolling != null) ? rolling : RollingBoards.NONE;
	}

	@Override
	public AwardResult apply(ActivityEvent event) {
		return applyAll(Collections.singletonList(event)).get(0);
	}

	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events) {
		checkKinds(events);
		// the dispatcher, the relay and the streams call the timed variants, each
		// observing its own path
		if (!this.observations.isActive()) {
			return applyAll(events, null);
		}
		return ObservedAwards.apply(this.observations, events, AwardPath.DIRECT, () -> applyAll(events, null));
	}

	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events, List<Instant> times) {
		return applyAll(events, times, null);
	}

	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		AwardResult[] results = new AwardResult[events.size()];
		List<ScoreCommand> commands = new ArrayList<>(events.size());
		int[] positions = new int[events.size()];
		// a request without its instant is made now: stamped here, so the day it lands on
		// is the one it was made on however long Redis takes to answer, and a resend of
		// it
		// is the same award
		Instant now = this.calendar.now();
		for (int i = 0; i < events.size(); i++) {
			Instant at = (times != null && times.get(i) != null) ? times.get(i) : now;
			Object checked = check(events.get(i), at);
			if (checked instanceof ScoreCommand command) {
				positions[commands.size()] = i;
				commands.add((sources != null) ? command.withSource(sources.get(i)) : command);
			}
			else {
				results[i] = (AwardResult) checked;
				this.counters.record(AwardResult.Outcome.REJECTED);
			}
		}
		if (!commands.isEmpty()) {
			List<AwardResult> applied = this.store.apply(commands);
			for (int j = 0; j < applied.size(); j++) {
				results[positions[j]] = applied.get(j);
				this.counters.record(applied.get(j).outcome());
			}
		}
		return List.of(results);
	}

	@Override
	public ScoreCommand command(ActivityEvent event, Instant at) {
		return (check(event, at) instanceof ScoreCommand command) ? command : null;
	}

	/** A {@link ScoreCommand}, or the {@link AwardResult} that rejects the event. */
	private Object check(ActivityEvent event, Instant at) {
		if (event == null) {
			return reject("event is null", null);
		}
		String problem = InputCheck.userIdProblem(event.userId());
		if (problem != null) {
			return reject(problem, event);
		}
		ScoringRule rule = null;
		if (event.rule() != null) {
			rule = this.rules.get(event.rule());
			if (rule == null) {
				return reject(
						"unknown rule '" + LogText.of(event.rule()) + "'; configured rules are " + this.rules.names(),
						event);
			}
		}
		else if (event.points() == null && !event.revoke()) {
			return reject("neither a rule nor points given", event);
		}
		Long points = event.points();
		if (points != null && (points < 1 || points > ActivityLimits.MAX_POINTS)) {
			return reject("points " + points + " out of range 1.." + ActivityLimits.MAX_POINTS
					+ " (use revoke to take points back)", event);
		}
		String field = (event.field() != null) ? event.field() : event.rule();
		problem = InputCheck.fieldProblem(field);
		if (problem != null) {
			return reject(problem, event);
		}
		long effective = (points != null) ? points : (rule != null) ? rule.points() : 0;
		if (event.itemType() != null || event.itemId() != null) {
			problem = ItemType.itemProblem(event.itemType(), event.itemId());
			if (problem != null) {
				return reject(problem, event);
			}
		}
		// a revoke takes back what its award's record says
		Object scoped = this.scopes.counted(event);
		if (scoped instanceof String scopeProblem) {
			return reject(scopeProblem, event);
		}
		// made in one go: this runs for every award of every path
		if (rule == null) {
			return new ScoreCommand(event.userId(), field, effective, event.revoke(), null, false, null,
					this.rules.dailyCap(), null, this.rules.weeklyCap(), null, this.rules.monthlyCap(), at, null, null,
					null, scopeIds(scoped));
		}
		return new ScoreCommand(event.userId(), field, effective, event.revoke(), rule.name(), rule.oncePerEver(),
				rule.dailyCap(), this.rules.dailyCap(), rule.weeklyCap(), this.rules.weeklyCap(), rule.monthlyCap(),
				this.rules.monthlyCap(), at, event.itemType(), event.itemId(), null, scopeIds(scoped));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> scopeIds(Object counted) {
		return (Map<String, String>) counted;
	}

	private AwardResult reject(String reason, ActivityEvent event) {
		this.rejectionLog.log("Rejected activity " + LogText.of(event) + ": " + reason, null);
		return AwardResult.rejected(reason);
	}

	@Override
	public LocalDate today() {
		return this.calendar.today();
	}

	@Override
	public long activeUsers(Period period, LocalDate day) {
		checkBoard(period, day);
		return this.activeUsers.count(period, day);
	}

	@Override
	public Leaderboard board(Period period) {
		checkBoard(period, this.calendar.today());
		// the current period's board: the day is read on every call, so a handle kept
		// across midnight follows the calendar
		return this.observations.board(
				new CheckedLeaderboard(() -> this.boards.board(period, this.calendar.today()), this.userLookup),
				BoardKind.PERIOD, period);
	}

	@Override
	public Leaderboard board(Period period, LocalDate day) {
		checkBoard(period, day);
		return this.observations.board(new CheckedLeaderboard(this.boards.board(period, day), this.userLookup),
				BoardKind.PERIOD, period);
	}

	/**
	 * Check the scope kinds of a direct call's events, before any is written.
	 * @param events the events
	 * @throws IllegalArgumentException for a kind that is not configured, naming those
	 * that are
	 */
	public void checkKinds(List<ActivityEvent> events) {
		this.scopes.checkKinds(events);
	}

	@Override
	public Leaderboard board(String scopeKind, String scopeId, Period period) {
		return this.scopes.board(scopeKind, scopeId, period);
	}

	@Override
	public Leaderboard board(String scopeKind, String scopeId, Period period, LocalDate day) {
		return this.scopes.board(scopeKind, scopeId, period, day);
	}

	@Override
	public Leaderboard scopes(String scopeKind, Period period) {
		return this.scopes.scopes(scopeKind, period);
	}

	@Override
	public Leaderboard rolling(int days) {
		return rollingBoard(days, () -> this.rolling.rolling(days));
	}

	@Override
	public Leaderboard rolling(int days, String scopeKind, String scopeId) {
		this.scopes.checkRolling(scopeKind, scopeId);
		return rollingBoard(days, () -> this.rolling.rolling(days, scopeKind, scopeId));
	}

	private Leaderboard rollingBoard(int days, Supplier<BoardSource> source) {
		// checked at once; the board itself is built or read at each call of the handle
		this.rolling.check(days);
		return this.observations.board(new CheckedLeaderboard(source, this.userLookup), BoardKind.ROLLING, null);
	}

	@Override
	public long removeUser(String userId) {
		if (InputCheck.userIdProblem(userId) != null) {
			return 0;
		}
		long changed = this.records.removeUser(userId) + this.erasure.erase(userId);
		// the count only: the id and the data are what is being erased
		logger.info("Removed a user's activity: " + changed + " keys changed");
		return changed;
	}

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		if (from == null || to == null) {
			throw new IllegalArgumentException("from and to are required");
		}
		if (to.isBefore(from)) {
			throw new IllegalArgumentException("to (" + to + ") is before from (" + from + ")");
		}
		if (ChronoUnit.DAYS.between(from, to) >= ActivityLimits.MAX_HISTORY_DAYS) {
			throw new IllegalArgumentException("history covers at most " + ActivityLimits.MAX_HISTORY_DAYS + " days");
		}
		if (InputCheck.userIdProblem(userId) != null) {
			return List.of();
		}
		return this.records.history(userId, from, to);
	}

	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		if (period == null) {
			throw new IllegalArgumentException("period is required");
		}
		if (period == Period.TOTAL) {
			throw new IllegalArgumentException(
					"A summary covers a DAY, WEEK or MONTH; TOTAL keeps no tallies per rule. "
							+ "Use board(TOTAL).rankOf(userId) for the total score.");
		}
		if (day == null) {
			throw new IllegalArgumentException("day is required");
		}
		if (InputCheck.userIdProblem(userId) != null) {
			return new ActivitySummary(userId, period, ActivityCalendar.start(period, day), 0, Map.of());
		}
		return this.records.summary(userId, period, day);
	}

	private void checkBoard(Period period, LocalDate day) {
		if (period == null) {
			throw new IllegalArgumentException("period is required");
		}
		if (day == null) {
			throw new IllegalArgumentException("day is required");
		}
		if (!this.periods.contains(period)) {
			throw new IllegalArgumentException("No " + period + " board: awards go to " + this.periods + "; add "
					+ period.name().toLowerCase() + " to activity-rank.periods");
		}
	}

}
