package io.github.activityrank.engine;

import java.time.LocalDate;

import io.github.activityrank.Period;

/**
 * Active users while no item type is configured, so no award counts them in a
 * HyperLogLog: the members of the period's board, the users whose awards of the period
 * left them points. Exact, and free for the awards: the board is written anyway.
 *
 * @param boards the period boards in Redis
 */
public record BoardActiveUsers(PeriodBoards boards) implements ActiveUsers {

	@Override
	public long count(Period period, LocalDate day) {
		return this.boards.board(period, day).size();
	}

}
