package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeSettings;

import static io.github.activityrank.autoconfigure.PropertyRequirements.between;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The checks of {@code activity-rank.levels.*} and {@code activity-rank.badges.*}, called
 * by {@link ActivityRankPropertyChecks#check}, and the settings they make.
 */
final class BadgePropertyChecks {

	private static final Pattern BADGE_NAME = Pattern.compile("[a-z0-9-]{1,40}");

	private static final String LEVELS = "activity-rank.levels.";

	private static final String BADGES = "activity-rank.badges";

	private BadgePropertyChecks() {
	}

	static void check(ActivityRankProperties properties) {
		checkLevels(properties.getLevels());
		Map<String, BadgeProperties> badges = properties.getBadges();
		require(badges.size() <= BadgeDefinition.MAX_BADGES, BADGES, badges.size() + " badges", "At most "
				+ BadgeDefinition.MAX_BADGES + " badges can be configured. Remove some from " + BADGES + ".");
		boolean usesPoints = !properties.getLevels().getAt().isEmpty();
		for (Map.Entry<String, BadgeProperties> badge : badges.entrySet()) {
			checkBadge(badge.getKey(), badge.getValue(), properties);
			usesPoints |= !badge.getValue().getPoints().isEmpty();
		}
		Period board = properties.getLevels().getPointsOf();
		require(!usesPoints || board == null || properties.getPeriods().contains(board), LEVELS + "points-of", board,
				"Levels and points badges follow the " + name(board)
						+ " board, which activity-rank.periods does not keep. Add " + name(board)
						+ " to activity-rank.periods or set " + LEVELS + "points-of to one of them.");
	}

	private static void checkLevels(LevelProperties levels) {
		List<Long> at = levels.getAt();
		require(levels.getPointsOf() != null, LEVELS + "points-of", null,
				"Set " + LEVELS + "points-of to total (the default) or one of day, week, month.");
		require(at.size() <= BadgeSettings.MAX_LEVELS, LEVELS + "at", at,
				"At most " + BadgeSettings.MAX_LEVELS + " levels can be configured. Shorten " + LEVELS + "at.");
		require(at.isEmpty() || Long.valueOf(0).equals(at.get(0)), LEVELS + "at", at,
				"Level 1 starts from 0 points, so the first entry must be 0. Set " + LEVELS
						+ "at to [0, ...], for example [0, 50, 200].");
		requireIncreasing(LEVELS + "at", at, "[0, 50, 200]");
		List<String> names = levels.getNames();
		require(names.isEmpty() || names.size() == at.size(), LEVELS + "names", names,
				LEVELS + "names has " + names.size() + " names for " + at.size() + " levels in " + LEVELS
						+ "at. Give one name per level, or remove " + LEVELS + "names.");
		for (String name : names) {
			require(name != null && !name.isBlank() && name.length() <= 64, LEVELS + "names", name,
					"A level's name must be 1 to 64 characters. Fix the entry in " + LEVELS + "names.");
		}
	}

	private static void checkBadge(String name, BadgeProperties badge, ActivityRankProperties properties) {
		String property = BADGE_NAME.matcher(name).matches() ? BADGES + "." + name : BADGES + "[" + name + "]";
		require(BADGE_NAME.matcher(name).matches(), property, name, "Badge name '" + name
				+ "' is not allowed: it must be 1 to 40 of a-z, 0-9 and '-'. Rename it, for example to first-post.");
		int kinds = (badge.getCount().isEmpty() ? 0 : 1) + (badge.getPoints().isEmpty() ? 0 : 1)
				+ (badge.getStreak().isEmpty() ? 0 : 1) + ((badge.getTop() != null) ? 1 : 0);
		require(kinds == 1, property, name,
				"A badge is earned by exactly one of count (with rule), points, streak or top (with period or "
						+ "challenges). Set one of " + property + ".count, .points, .streak or .top.");
		require(badge.getRule() == null || !badge.getCount().isEmpty(), property + ".rule", badge.getRule(),
				"Only a count badge names a rule. Remove " + property + ".rule, or set " + property + ".count.");
		require(badge.getTop() != null || (badge.getPeriod() == null && !badge.isChallenges()), property + ".period",
				badge.getPeriod(), "Only a top badge names a period or challenges. Remove " + property
						+ ".period and .challenges, or set " + property + ".top.");
		if (!badge.getCount().isEmpty()) {
			String rule = badge.getRule();
			require(rule != null && properties.getRules().containsKey(rule), property + ".rule", rule,
					"A count badge counts the awards of a rule configured under activity-rank.rules; '" + rule
							+ "' is not one. Set " + property + ".rule to one of " + properties.getRules().keySet()
							+ ".");
			requireTiers(property + ".count", badge.getCount());
		}
		if (!badge.getPoints().isEmpty()) {
			requireTiers(property + ".points", badge.getPoints());
		}
		if (!badge.getStreak().isEmpty()) {
			requireTiers(property + ".streak", badge.getStreak());
			require(properties.getStreaks().isEnabled(), property + ".streak", badge.getStreak(),
					"A streak badge needs streaks. Set activity-rank.streaks.enabled=true, or remove " + property
							+ ".");
		}
		if (badge.getTop() != null) {
			int most = properties.getEvents().getTop();
			between(property + ".top", badge.getTop(), 1, most, "3");
			require((badge.getPeriod() != null) != badge.isChallenges(), property + ".period", badge.getPeriod(),
					"A top badge is earned when a period's board ends or when a challenge ends. Set exactly one of "
							+ property + ".period (day, week or month) and " + property + ".challenges=true.");
			Period period = badge.getPeriod();
			require(period != Period.TOTAL, property + ".period", period,
					"The total board never ends. Set " + property + ".period to day, week or month.");
			require(period == null || properties.getPeriods().contains(period), property + ".period", period,
					"activity-rank.periods does not keep the " + name(period)
							+ " board. Add it to activity-rank.periods " + "or choose one of " + properties.getPeriods()
							+ ".");
			require(properties.getEvents().isEnabled(), property + ".top", badge.getTop(),
					"A top badge is granted when the board's end is published. Set activity-rank.events.enabled=true "
							+ "or remove " + property + ".");
		}
	}

	/** A period as the configuration writes it. */
	private static String name(Period period) {
		return (period != null) ? period.name().toLowerCase(Locale.ROOT) : "null";
	}

	private static void requireTiers(String property, List<Long> thresholds) {
		require(thresholds.size() <= BadgeDefinition.MAX_TIERS, property, thresholds,
				"A badge has at most " + BadgeDefinition.MAX_TIERS + " tiers. Shorten " + property + ".");
		require(thresholds.get(0) != null && thresholds.get(0) >= 1, property, thresholds,
				"A tier's threshold is at least 1. Set " + property + " to increasing numbers such as [10, 100].");
		requireIncreasing(property, thresholds, "[10, 100, 1000]");
	}

	private static void requireIncreasing(String property, List<Long> values, String example) {
		for (int k = 0; k < values.size(); k++) {
			Long value = values.get(k);
			require(value != null && value >= 0 && (k == 0 || value > values.get(k - 1)), property, values,
					"The thresholds must increase (entry " + (k + 1) + " is not above the one before). Set " + property
							+ " to increasing numbers, for example " + example + ".");
		}
	}

	/**
	 * The settings of checked properties.
	 * @param properties the checked properties
	 * @return the settings, {@link BadgeSettings#OFF} when neither levels nor badges are
	 * configured
	 */
	static BadgeSettings settings(ActivityRankProperties properties) {
		LevelProperties levels = properties.getLevels();
		if (levels.getAt().isEmpty() && properties.getBadges().isEmpty()) {
			return BadgeSettings.OFF;
		}
		List<BadgeDefinition> badges = new ArrayList<>();
		properties.getBadges().forEach((name, badge) -> badges.add(definition(name, badge)));
		return new BadgeSettings(levels.getPointsOf(), levels.getAt(), levels.getNames(), badges,
				BadgeSettings.OFF.listener());
	}

	private static BadgeDefinition definition(String name, BadgeProperties badge) {
		if (!badge.getCount().isEmpty()) {
			return new BadgeDefinition(name, Kind.COUNT, badge.getRule(), badge.getCount(), 0, null, false);
		}
		if (!badge.getPoints().isEmpty()) {
			return new BadgeDefinition(name, Kind.POINTS, null, badge.getPoints(), 0, null, false);
		}
		if (!badge.getStreak().isEmpty()) {
			return new BadgeDefinition(name, Kind.STREAK, null, badge.getStreak(), 0, null, false);
		}
		return new BadgeDefinition(name, Kind.TOP, null, List.of(), badge.getTop(), badge.getPeriod(),
				badge.isChallenges());
	}

}
