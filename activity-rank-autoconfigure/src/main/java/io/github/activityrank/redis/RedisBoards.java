package io.github.activityrank.redis;

import java.time.LocalDate;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Boards;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The read side of the boards of one Redis key space (no shards): period boards and
 * challenge boards are sorted sets read alike by {@link BoardReads}.
 */
public class RedisBoards implements Boards {

	private final RankKeys keys;

	private final BoardReads reads;

	/**
	 * Create the reads.
	 * @param connectionFactory connections to Redis
	 * @param keys the key names
	 * @param calendar the configured zone, for the board layout
	 * @param order how boards order and number their members
	 */
	public RedisBoards(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar,
			BoardOrder order) {
		this.keys = keys;
		this.reads = new BoardReads(connectionFactory, new BoardLayout(order, calendar.zone()), order);
	}

	@Override
	public BoardSource board(Period period, LocalDate day) {
		return source(new BoardKeys(this.keys.board(period, day), this.keys.dense(period, day)));
	}

	@Override
	public BoardSource board(String id) {
		return source(new BoardKeys(this.keys.challengeBoard(id), this.keys.challengeDense(id)));
	}

	private BoardSource source(BoardKeys board) {
		return this.reads.source(board);
	}

}
