package io.github.activityrank.engine;

import java.util.List;

import io.github.activityrank.Period;

/**
 * What the award script and the badge reads need of {@code activity-rank.levels.*} and
 * {@code activity-rank.badges.*}.
 *
 * @param levelPeriod the board whose points make the level and points badges
 * @param levels the points from which each level starts, increasing, level 1 first
 * (empty: no levels configured)
 * @param levelNames one name per level, or empty
 * @param badges the configured badges
 * @param listener told of the badges and levels each award reached
 */
public record BadgeSettings(Period levelPeriod, List<Long> levels, List<String> levelNames,
		List<BadgeDefinition> badges, AchievementListener listener) {

	/** The most levels {@code activity-rank.levels.at} may list. */
	public static final int MAX_LEVELS = 100;

	/**
	 * No levels and no badges: the award script is composed without the badges module.
	 */
	public static final BadgeSettings OFF = new BadgeSettings(Period.TOTAL, List.of(), List.of(), List.of(),
			AchievementListener.NONE);

	public BadgeSettings {
		levels = List.copyOf(levels);
		levelNames = List.copyOf(levelNames);
		badges = List.copyOf(badges);
	}

	/**
	 * Whether any level or badge is configured.
	 * @return {@code false} for settings like {@link #OFF}, whatever their listener
	 */
	public boolean configured() {
		return !this.levels.isEmpty() || !this.badges.isEmpty();
	}

	/**
	 * Whether the award script decides anything: levels, or a count, points or streak
	 * badge.
	 * @return {@code true} when the badges module is composed in
	 */
	public boolean inScript() {
		return !this.levels.isEmpty() || this.badges.stream().anyMatch((b) -> b.kind() != BadgeDefinition.Kind.TOP);
	}

	/**
	 * The same settings telling another listener.
	 * @param listener the listener
	 * @return the settings
	 */
	public BadgeSettings withListener(AchievementListener listener) {
		return new BadgeSettings(this.levelPeriod, this.levels, this.levelNames, this.badges, listener);
	}

	/**
	 * The level of some points: level 1 below the second threshold.
	 * @param points the points of the levels' board
	 * @return 1 to the number of levels (1 without levels)
	 */
	public int levelOf(long points) {
		int level = 1;
		while (level < this.levels.size() && points >= this.levels.get(level)) {
			level++;
		}
		return level;
	}

	/**
	 * A level's name.
	 * @param level 1 to the number of levels
	 * @return its name, or {@code null} when none are configured
	 */
	public String nameOf(int level) {
		return (level >= 1 && level <= this.levelNames.size()) ? this.levelNames.get(level - 1) : null;
	}

	/**
	 * A badge by name.
	 * @param name the name
	 * @return the definition, or {@code null}
	 */
	public BadgeDefinition badge(String name) {
		return this.badges.stream().filter((b) -> b.name().equals(name)).findFirst().orElse(null);
	}

}
