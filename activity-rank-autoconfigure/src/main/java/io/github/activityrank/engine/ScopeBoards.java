package io.github.activityrank.engine;

import java.time.LocalDate;

import io.github.activityrank.Period;

/**
 * The read side of the scope boards (docs/scopes.md): per scope id, its users ranked by
 * the points awarded in it; per kind, its scope ids ranked by the points awarded in each.
 * The write side is the {@link ActivityStore}, in the same script call as the period
 * boards.
 */
public interface ScopeBoards {

	/**
	 * The board of one scope id.
	 * @param kind a configured scope kind
	 * @param scopeId a valid scope id
	 * @param period one of the kind's periods
	 * @param day a day of the period
	 * @return its reads
	 */
	BoardSource scopeBoard(String kind, String scopeId, Period period, LocalDate day);

	/**
	 * The scope ids of a kind ranked by the points awarded in each.
	 * @param kind a configured scope kind
	 * @param period one of the kind's periods
	 * @param day a day of the period
	 * @return its reads
	 */
	BoardSource scopes(String kind, Period period, LocalDate day);

}
