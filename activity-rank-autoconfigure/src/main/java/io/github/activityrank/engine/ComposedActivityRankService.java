package io.github.activityrank.engine;

import java.time.LocalDate;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;

/**
 * An {@link ActivityRankService} made of a read side and a write side: the service that
 * answers the queries and the {@link ActivityWrites} that take the awards, revokes and
 * removals. With the award ledger on, the writes are the ledger's, which wrap the
 * engine's, and the reads are the engine's; so no decorator passes on what it does not
 * change. It is not a {@link TimedActivityApplier}: requests made earlier go to the
 * engine itself, not through the writes.
 *
 * @param reads the service that answers every query
 * @param writes where awards, revokes and removals go
 */
public record ComposedActivityRankService(ActivityRankService reads,
		ActivityWrites writes) implements ActivityRankService, ObservationsAware {

	/**
	 * Join the two sides.
	 * @param reads the service that answers every query
	 * @param writes where awards, revokes and removals go
	 */
	public ComposedActivityRankService {
		Objects.requireNonNull(reads, "reads must not be null");
		Objects.requireNonNull(writes, "writes must not be null");
	}

	/**
	 * Hand the observations to the writes, which observe the direct calls; the reads are
	 * a bean of their own and get them themselves.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		if (this.writes instanceof ObservationsAware aware) {
			aware.setObservations(observations);
		}
	}

	@Override
	public AwardResult apply(ActivityEvent event) {
		checkKinds(Collections.singletonList(event));
		return this.writes.applyAll(Collections.singletonList(event)).get(0);
	}

	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events) {
		checkKinds(events);
		return this.writes.applyAll(events);
	}

	/**
	 * A direct call naming a scope kind that is not configured throws before any write.
	 */
	private void checkKinds(List<ActivityEvent> events) {
		if (this.reads instanceof DefaultActivityRankService engine) {
			engine.checkKinds(events);
		}
	}

	@Override
	public long removeUser(String userId) {
		return this.writes.removeUser(userId);
	}

	@Override
	public LocalDate today() {
		return this.reads.today();
	}

	@Override
	public Leaderboard board(Period period) {
		return this.reads.board(period);
	}

	@Override
	public Leaderboard board(Period period, LocalDate day) {
		return this.reads.board(period, day);
	}

	@Override
	public Leaderboard rolling(int days) {
		return this.reads.rolling(days);
	}

	@Override
	public Leaderboard rolling(int days, String scopeKind, String scopeId) {
		return this.reads.rolling(days, scopeKind, scopeId);
	}

	@Override
	public Leaderboard board(String scopeKind, String scopeId, Period period) {
		return this.reads.board(scopeKind, scopeId, period);
	}

	@Override
	public Leaderboard board(String scopeKind, String scopeId, Period period, LocalDate day) {
		return this.reads.board(scopeKind, scopeId, period, day);
	}

	@Override
	public Leaderboard scopes(String scopeKind, Period period) {
		return this.reads.scopes(scopeKind, period);
	}

	@Override
	public long activeUsers(Period period, LocalDate day) {
		return this.reads.activeUsers(period, day);
	}

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		return this.reads.history(userId, from, to);
	}

	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		return this.reads.summary(userId, period, day);
	}

}
