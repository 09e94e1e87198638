package io.github.activityrank.engine;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankUserLookup;

/**
 * The service's side of the scope boards (docs/scopes.md): the checks of a direct award's
 * scope kinds and the reads of the boards, each a {@link CheckedLeaderboard} over a
 * {@link ScopeBoards} source, observed like the period boards.
 */
final class ScopeReads {

	private final ScopeSettings scopes;

	private final ScopeBoards boards;

	private final ActivityCalendar calendar;

	private final RankUserLookup userLookup;

	private final Supplier<ActivityObservations> observations;

	ScopeReads(ScopeSettings scopes, ScopeBoards boards, ActivityCalendar calendar, RankUserLookup userLookup,
			Supplier<ActivityObservations> observations) {
		this.scopes = scopes;
		this.boards = boards;
		this.calendar = calendar;
		this.userLookup = userLookup;
		this.observations = observations;
	}

	/**
	 * Check that every scope kind the events name is configured, before any is applied.
	 * @param events the events of a direct call
	 * @throws IllegalArgumentException naming the configured kinds
	 */
	void checkKinds(List<ActivityEvent> events) {
		for (ActivityEvent event : events) {
			// most awards name no scope: no key set, iterator or lambda for them
			if (event != null && !event.scopes().isEmpty()) {
				for (String kind : event.scopes().keySet()) {
					this.scopes.kind(kind);
				}
			}
		}
	}

	/**
	 * The scope ids of an award that count, or why it is rejected.
	 * @param event the event
	 * @return the ids by kind, or a {@code String} problem
	 */
	Object counted(ActivityEvent event) {
		String problem = ScopeSettings.idProblem(event.scopes());
		if (problem != null) {
			return problem;
		}
		try {
			return event.revoke() ? Map.of() : this.scopes.counted(event.scopes(), event.rule());
		}
		catch (IllegalArgumentException ex) {
			// a queued, relayed or replayed award whose kind is no longer configured
			return ex.getMessage();
		}
	}

	Leaderboard board(String kind, String scopeId, Period period) {
		this.scopes.checkRead(kind, scopeId, period, this.calendar.today());
		// the current period's board: the day is read on every call
		return observed(new CheckedLeaderboard(
				() -> this.boards.scopeBoard(kind, scopeId, period, this.calendar.today()), this.userLookup), period);
	}

	Leaderboard board(String kind, String scopeId, Period period, LocalDate day) {
		this.scopes.checkRead(kind, scopeId, period, day);
		return observed(new CheckedLeaderboard(this.boards.scopeBoard(kind, scopeId, period, day), this.userLookup),
				period);
	}

	/**
	 * Check the arguments of a read of a scope id's rolling board.
	 * @param kind the kind, which must keep day boards
	 * @param scopeId the scope id
	 * @throws IllegalArgumentException naming what to change
	 */
	void checkRolling(String kind, String scopeId) {
		if (!this.scopes.kind(kind).periods().contains(Period.DAY)) {
			throw new IllegalArgumentException("No rolling board of scope kind '" + kind
					+ "': a rolling board sums day boards, and it keeps " + this.scopes.kind(kind).periods()
					+ "; add day to activity-rank.scopes." + kind + ".periods");
		}
		this.scopes.checkRead(kind, scopeId, Period.DAY, this.calendar.today());
		if (scopeId == null) {
			throw new IllegalArgumentException("Invalid scope id: a scope id is required");
		}
	}

	Leaderboard scopes(String kind, Period period) {
		this.scopes.checkRead(kind, null, period, this.calendar.today());
		return observed(new CheckedLeaderboard(() -> this.boards.scopes(kind, period, this.calendar.today()), null),
				period);
	}

	private Leaderboard observed(Leaderboard board, Period period) {
		return this.observations.get().board(board, BoardKind.SCOPE, period);
	}

}
