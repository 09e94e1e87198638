package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;

/**
 * The root keys that decide which boards are kept, where their keys live and how they
 * rank: {@code activity-rank.key-prefix}, {@code shards}, {@code time-zone},
 * {@code periods}, {@code rolling}, {@code rolling-refresh}, {@code tie-break},
 * {@code ranking} and {@code tie-break-epoch}.
 * <p>
 * Bound as part of {@link ActivityRankProperties}, which extends it; checked by
 * {@link ActivityRankPropertyChecks#check}.
 */
public class BoardProperties extends CapProperties {

	/**
	 * Prefix of every Redis key: 1 to 64 letters, digits, '.', '_' or '-'. Keys look like
	 * "{prefix}:day:20261121"; the braces make the prefix a Redis Cluster hash tag, so
	 * one script's keys always share a slot.
	 */
	private String keyPrefix = "activity_rank";

	/**
	 * How many shards each board is split into, 1 to 1024. With more than one, each user
	 * lives on one shard, whose keys share a hash tag of their own, so a Redis Cluster
	 * spreads users, records and board entries over its masters while every query stays
	 * exact. 1 keeps every key under "{prefix}". Keys are written for one shard count:
	 * the application refuses to start on keys written with another.
	 */
	private int shards = 1;

	/**
	 * Time zone whose calendar decides where days, weeks and months begin. Defaults to
	 * the JVM's.
	 */
	private ZoneId timeZone;

	/**
	 * Boards every award goes to.
	 */
	private Set<Period> periods = EnumSet.of(Period.DAY, Period.MONTH);

	/**
	 * Rolling boards to keep, each the points of the last N days, today included, for
	 * example [7, 30]. Built from the day boards, so "day" must be among periods and
	 * retention.day must keep N - 1 days after their end.
	 */
	private List<Integer> rolling = new ArrayList<>();

	/**
	 * How often a rolling board is rebuilt from the day boards at most: a read answers a
	 * board built at most this long ago, or twice this while another instance rebuilds
	 * it.
	 */
	private Duration rollingRefresh = Duration.ofMinutes(1);

	/**
	 * How users with equal points are ordered: "none" (they are equal, and "ranking"
	 * numbers them) or "earliest" (whoever reached the score first ranks higher, and
	 * every rank is distinct; by the millisecond on day, week and month boards, by the
	 * second on the total board). With "earliest" a board holds at most 2,097,151 points
	 * per user instead of 2^53 - 1, and a revoke keeps the time of the user's last award.
	 * Choose it before the first award: boards keep the layout they were written with.
	 */
	private TieBreak tieBreak = TieBreak.NONE;

	/**
	 * How ranks are numbered for equal points: "competition" (1, 2, 2, 4), "dense" (1, 2,
	 * 2, 3) or "ordinal" (1, 2, 3, 4). Ignored with tie-break "earliest", where every
	 * rank is distinct.
	 */
	private Ranking ranking = Ranking.COMPETITION;

	/**
	 * Where the seconds of the total board count from with tie-break "earliest" (day,
	 * week and month boards count milliseconds from the start of their period). The count
	 * covers 2^32 seconds, about 136 years; after that, users reaching equal points on
	 * the total board tie with each other, never passing anyone who got there earlier.
	 * Must not be in the future, and should not change once the total board has entries.
	 */
	private Instant tieBreakEpoch = BoardOrder.DEFAULT_EPOCH;

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public int getShards() {
		return this.shards;
	}

	public void setShards(int shards) {
		this.shards = shards;
	}

	public ZoneId getTimeZone() {
		return this.timeZone;
	}

	public void setTimeZone(ZoneId timeZone) {
		this.timeZone = timeZone;
	}

	public Set<Period> getPeriods() {
		return this.periods;
	}

	public void setPeriods(Set<Period> periods) {
		this.periods = periods;
	}

	public List<Integer> getRolling() {
		return this.rolling;
	}

	public void setRolling(List<Integer> rolling) {
		this.rolling = rolling;
	}

	public Duration getRollingRefresh() {
		return this.rollingRefresh;
	}

	public void setRollingRefresh(Duration rollingRefresh) {
		this.rollingRefresh = rollingRefresh;
	}

	public TieBreak getTieBreak() {
		return this.tieBreak;
	}

	public void setTieBreak(TieBreak tieBreak) {
		this.tieBreak = tieBreak;
	}

	public Ranking getRanking() {
		return this.ranking;
	}

	public void setRanking(Ranking ranking) {
		this.ranking = ranking;
	}

	public Instant getTieBreakEpoch() {
		return this.tieBreakEpoch;
	}

	public void setTieBreakEpoch(Instant tieBreakEpoch) {
		this.tieBreakEpoch = tieBreakEpoch;
	}

}
