package io.github.activityrank.redis;

import io.github.activityrank.engine.Ranking;

/**
 * Numbers consecutive entries in board order. The first ranks after the {@code before}
 * ranks ahead of it; each later one, if it has the previous one's points, shares its rank
 * (competition, dense), and otherwise ranks by position (competition: everyone before it
 * scores higher) or right after the previous rank (dense, ordinal). One board read and
 * the merge of several shards number alike.
 */
final class RankNumbering {

	private final Ranking ranking;

	private final long before;

	private long position;

	private long rank;

	private long points;

	RankNumbering(Ranking ranking, long before, long firstPosition) {
		this.ranking = ranking;
		this.before = before;
		this.position = firstPosition;
	}

	long next(long points) {
		if (this.rank == 0) {
			this.rank = this.before + 1;
		}
		else if (this.ranking == Ranking.ORDINAL || points != this.points) {
			this.rank = (this.ranking == Ranking.COMPETITION) ? this.position + 1 : this.rank + 1;
		}
		this.points = points;
		this.position++;
		return this.rank;
	}

}
