package io.github.activityrank.redis;

/**
 * The names of the badge keys (docs/badges.md), after the hash tag of the key space, so
 * that a user's badges live on the user's shard and in the slot of the award script's
 * keys:
 * <ul>
 * <li>{@code {prefix}:badges:<user>}: the user's badges (hash, badge →
 * "tier:earnedAtMs:times"), the standing awards of each counted rule ({@code #n:<rule>})
 * and the last board that granted each top badge ({@code #top:<badge>});</li>
 * <li>{@code {prefix}:badge-holders:<badge>}: the holders of a badge (sorted set, encoded
 * user id → tier held).</li>
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

}
