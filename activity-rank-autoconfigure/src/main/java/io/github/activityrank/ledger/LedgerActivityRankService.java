package io.github.activityrank.ledger;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The {@link ActivityRankService} with the ledger on. Direct awards and revokes keep
 * their contract, the real {@link AwardResult} at once: they are applied to Redis first,
 * exactly as without the ledger (outside any transaction of the caller), then written to
 * the ledger as applied entries with their outcomes, in one insert on a connection of
 * their own. So a call that returned is in the ledger; a call that threw (Redis down) is
 * not, and the caller knows it. Queries go straight to the engine.
 */
public class LedgerActivityRankService implements ActivityRankService {

	private static final Log logger = LogFactory.getLog(LedgerActivityRankService.class);

	private final ActivityRankService engine;

	private final AwardLedger ledger;

	private final Supplier<Instant> clock;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	/**
	 * Create the service.
	 * @param engine the service that applies to Redis and answers queries
	 * @param ledger where applied awards are recorded
	 * @param clock the application's clock
	 */
	public LedgerActivityRankService(ActivityRankService engine, AwardLedger ledger, Supplier<Instant> clock) {
		this.engine = Objects.requireNonNull(engine, "engine must not be null");
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
	}

	@Override
	public AwardResult apply(ActivityEvent event) {
		return applyAll(Collections.singletonList(event)).get(0);
	}

	/**
	 * Apply through the engine, then record what was applied. A failure to record is
	 * logged (warn once, then debug): Redis has the awards, so the caller still gets
	 * their results.
	 */
	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events) {
		// one instant for Redis and the row, so a rebuild replays the award as it was
		// made
		Instant at = this.clock.get();
		List<AwardResult> results = (this.engine instanceof TimedActivityApplier timed)
				? timed.applyAll(events, Collections.nCopies(events.size(), at)) : this.engine.applyAll(events);
		List<ActivityEvent> recorded = new ArrayList<>(events.size());
		List<AwardResult> outcomes = new ArrayList<>(events.size());
		for (int i = 0; i < events.size(); i++) {
			if (AwardLedger.storable(events.get(i))) {
				recorded.add(events.get(i));
				outcomes.add(results.get(i));
			}
		}
		if (!recorded.isEmpty()) {
			try {
				this.ledger.appendApplied(recorded, outcomes, at);
			}
			catch (RuntimeException ex) {
				this.failureLog.log("activity-rank ledger could not record " + recorded.size()
						+ " applied award(s); Redis has them: " + ex, ex);
			}
		}
		return results;
	}

	@Override
	public List<RankEntry> top(Period period, int n) {
		return this.engine.top(period, n);
	}

	@Override
	public List<RankEntry> top(Period period, LocalDate day, int n) {
		return this.engine.top(period, day, n);
	}

	@Override
	public List<RankEntry> page(Period period, LocalDate day, long offset, int limit) {
		return this.engine.page(period, day, offset, limit);
	}

	@Override
	public Optional<RankEntry> rankOf(String userId, Period period) {
		return this.engine.rankOf(userId, period);
	}

	@Override
	public Optional<RankEntry> rankOf(String userId, Period period, LocalDate day) {
		return this.engine.rankOf(userId, period, day);
	}

	@Override
	public List<RankEntry> around(String userId, Period period, int radius) {
		return this.engine.around(userId, period, radius);
	}

	@Override
	public List<RankEntry> around(String userId, Period period, LocalDate day, int radius) {
		return this.engine.around(userId, period, day, radius);
	}

	@Override
	public long size(Period period) {
		return this.engine.size(period);
	}

	@Override
	public long size(Period period, LocalDate day) {
		return this.engine.size(period, day);
	}

	@Override
	public List<RankEntry> among(Period period, Collection<String> userIds) {
		return this.engine.among(period, userIds);
	}

	@Override
	public List<RankEntry> among(Period period, LocalDate day, Collection<String> userIds) {
		return this.engine.among(period, day, userIds);
	}

	/**
	 * Remove the user from Redis. Their ledger entries are kept (erasing them is not
	 * built yet; see docs/ledger.md).
	 */
	@Override
	public long removeUser(String userId) {
		return this.engine.removeUser(userId);
	}

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		return this.engine.history(userId, from, to);
	}

	@Override
	public ActivitySummary summary(String userId, Period period) {
		return this.engine.summary(userId, period);
	}

	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		return this.engine.summary(userId, period, day);
	}

}
