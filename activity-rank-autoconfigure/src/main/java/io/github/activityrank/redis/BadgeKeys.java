package io.github.activityrank.redis;

import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;

/**
 * The names of the badge keys (docs/badges.md), after the hash tag of the key space, so
 * that a user's badges live on the user's shard and in the slot of the award script's
 * keys:
 * <ul>
 * <li>{@code {prefix}:badges:<user>}: the user's badges (hash, badge →
 * "tier:earnedAtMs:times"), the standing awards of each counted rule ({@code #n:<rule>})
 * and the last board that granted each top badge ({@code #top:<badge>});</li>
 * <li>{@code {prefix}:badge-holders:<badge>}: the holders of a badge (sorted set, encoded
 * user id → tier held);</li>
 * <li>{@code {prefix}:top-badges:<user>} and {@code {prefix}:top-badge-holders:<badge>}:
 * the same for the top badges, granted when a board ends. They are kept apart because a
 * ledger rebuild replaces the keys awards write (the first two), and the ledger does not
 * hold the ends of boards.</li>
 * </ul>
 */
final class BadgeKeys {

	private final RankKeys keys;

	BadgeKeys(RankKeys keys) {
		this.keys = keys;
	}

	String hashPrefix() {
		return this.keys.tag() + ":badges:";
	}

	String hash(String member) {
		return hashPrefix() + member;
	}

	String holdersPrefix() {
		return this.keys.tag() + ":badge-holders:";
	}

	String holders(String badge) {
		return holdersPrefix() + badge;
	}

	String topHash(String member) {
		return this.keys.tag() + ":top-badges:" + member;
	}

	String topHolders(String badge) {
		return this.keys.tag() + ":top-badge-holders:" + badge;
	}

	/** The holders of a badge, in the key of its kind. */
	String holders(BadgeDefinition badge) {
		return (badge.kind() == Kind.TOP) ? topHolders(badge.name()) : holders(badge.name());
	}

}
