package io.github.activityrank.engine;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the award script needs to keep streaks ({@code activity-rank.streaks.*}).
 *
 * @param enabled whether awards mark active days
 * @param rules the rules whose awards make a day active; empty: any award
 * @param milestones bonus points by streak length
 * @param bonus the award a milestone gives, with the caps of the rule {@code streak}; its
 * points are replaced by each milestone's
 * @param buckets the number of bucket hashes users' streak data are spread over, per
 * shard
 */
public record StreakSettings(boolean enabled, Set<String> rules, NavigableMap<Integer, Long> milestones,
		ScoreCommand bonus, int buckets) {

	/** The default of {@code activity-rank.streaks.buckets}. */
	public static final int DEFAULT_BUCKETS = 16384;

	/** The most buckets {@code activity-rank.streaks.buckets} allows. */
	public static final int MAX_BUCKETS = 1 << 24;

	/** The rule name milestone bonuses are awarded under. */
	public static final String BONUS_RULE = "streak";

	/** Streaks off: the award script is composed without the streak module. */
	public static final StreakSettings OFF = new StreakSettings(false, Set.of(), new TreeMap<>(),
			new ScoreCommand("", "", 0, false, BONUS_RULE, false, null, null), DEFAULT_BUCKETS);

	public StreakSettings {
		rules = Set.copyOf(rules);
		milestones = Collections.unmodifiableNavigableMap(new TreeMap<>(milestones));
	}

	/**
	 * The settings of enabled streaks.
	 * @param rules the rules whose awards make a day active; empty: any award
	 * @param milestones bonus points by streak length
	 * @param bonus the caps of the bonus award (rule {@code streak})
	 * @return the settings
	 */
	public static StreakSettings of(Set<String> rules, Map<Integer, Long> milestones, ScoreCommand bonus) {
		return of(rules, milestones, bonus, DEFAULT_BUCKETS);
	}

	/**
	 * The settings of enabled streaks.
	 * @param rules the rules whose awards make a day active; empty: any award
	 * @param milestones bonus points by streak length
	 * @param bonus the caps of the bonus award (rule {@code streak})
	 * @param buckets the number of bucket hashes per shard, 1 to {@link #MAX_BUCKETS}
	 * @return the settings
	 */
	public static StreakSettings of(Set<String> rules, Map<Integer, Long> milestones, ScoreCommand bonus, int buckets) {
		return new StreakSettings(true, rules, new TreeMap<>(milestones), bonus, buckets);
	}

	/**
	 * The bonus award of each milestone, in ascending length.
	 * @return one command per milestone
	 */
	public List<ScoreCommand> bonuses() {
		return this.milestones.values().stream().map(this.bonus::withPoints).toList();
	}

}
