package io.github.activityrank.redis;

import java.time.LocalDate;

import io.github.activityrank.Period;

/**
 * The keys of the scope boards (docs/scopes.md), in the key space of a {@link RankKeys}:
 * every key starts with its hash tag, so an award's scope boards share the slot of the
 * user's other keys.
 */
public final class ScopeKeys {

	private final RankKeys keys;

	/**
	 * The scope keys of a key space.
	 * @param keys the key space's naming
	 */
	public ScopeKeys(RankKeys keys) {
		this.keys = keys;
	}

	/**
	 * The board of one scope id for the period that contains {@code day}, laid out like
	 * the period boards: {@code {prefix}:scope:<kind>:<id>:week:2026-W47}.
	 * @param kind a scope kind (lowercase letters, digits, {@code -})
	 * @param encodedId the scope id as {@link RankKeys#encode} returns it (never a
	 * {@code :})
	 * @param period the period
	 * @param day a day of it
	 * @return the key
	 */
	public String scopeBoard(String kind, String encodedId, Period period, LocalDate day) {
		return this.keys.tag() + ":scope:" + kind + ":" + encodedId
				+ this.keys.board(period, day).substring(this.keys.tag().length());
	}

	/**
	 * The dense companion of a scope board.
	 * @param kind a scope kind
	 * @param encodedId the scope id as {@link RankKeys#encode} returns it
	 * @param period the period
	 * @param day a day of it
	 * @return the key
	 */
	public String scopeDense(String kind, String encodedId, Period period, LocalDate day) {
		return this.keys.tag() + ":dense"
				+ scopeBoard(kind, encodedId, period, day).substring(this.keys.tag().length());
	}

	/**
	 * The scope ids of a kind ranked by the points awarded in each during the period
	 * (sorted set, member = encoded scope id, score = points):
	 * {@code {prefix}:scopes:<kind>:week:2026-W47}. With shards, each shard holds the
	 * points of its users; a read sums them.
	 * @param kind a scope kind
	 * @param period the period
	 * @param day a day of it
	 * @return the key
	 */
	public String scopesBoard(String kind, Period period, LocalDate day) {
		return this.keys.tag() + ":scopes:" + kind + this.keys.board(period, day).substring(this.keys.tag().length());
	}

	/**
	 * The scopes a user got points in (set, member = {@code <kind>:<encoded id>}), which
	 * a removal reads to take the user off their scope boards.
	 * @param encodedUserId the user id as {@link RankKeys#encode} returns it
	 * @return the key
	 */
	public String scoped(String encodedUserId) {
		return this.keys.tag() + ":scoped:" + encodedUserId;
	}

}
