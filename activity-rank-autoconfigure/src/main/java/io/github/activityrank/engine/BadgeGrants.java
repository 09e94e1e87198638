package io.github.activityrank.engine;

/**
 * Grants badges retroactively to users who already qualify, from what Redis holds (see
 * {@code ActivityRankAdmin.grantBadges()}).
 */
@FunctionalInterface
public interface BadgeGrants {

	/** No badges configured: nothing to grant. */
	BadgeGrants NONE = () -> {
		throw new UnsupportedOperationException(
				"grantBadges() grants the badges under activity-rank.badges, and none are configured");
	};

	/**
	 * Grant every badge tier users qualify for and do not hold yet.
	 * @return how many tiers were granted
	 */
	long grantBadges();

}
