package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ShardMap;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static io.github.activityrank.autoconfigure.PropertyRequirements.between;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.print;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The one place that runs every check of the {@code activity-rank.*} properties: the root
 * keys' here, each group's in its properties class, beside the properties it checks.
 * <p>
 * {@link #check(ActivityRankProperties)} runs once, when the properties bean has been
 * bound and before any bean receives it (see
 * {@link ActivityRankProperties#afterPropertiesSet()}), and calls, in this order: the
 * root keys ({@link #checkRoot}), {@link RuleProperties#check},
 * {@link StreakProperties#check}, {@link RetentionProperties#check},
 * {@link RedisClientProperties#check}, {@link AsyncProperties#check},
 * {@link RetryProperties#check}, {@link EventProperties#check},
 * {@link LedgerProperties#check}, {@link PageViewProperties#check},
 * {@link ItemProperties#check}, levels and badges ({@link #checkBadges}), the rolling
 * boards ({@link #checkRolling}), scopes ({@link #checkScopes}) and
 * {@link HealthProperties#check}. The first bad value stops the start with an
 * {@link InvalidConfigurationPropertyValueException}: Spring Boot's own failure analyzer
 * prints the property, its value, where it was set and our reason, and every reason says
 * what is wrong and what to set instead. Values that cannot even be converted to the
 * property's type (an unknown {@code time-zone}, {@code once-per} or {@code periods}
 * entry, "abc" for a number or a duration) never get here: Boot's binder rejects them
 * first and names the property, the value and, for enums, the valid values.
 * {@code aspect.order} accepts every {@code int}, so it has no check beyond that.
 * <p>
 * Some checks need more than the bound values and are called where their bean is made:
 * the page-view rule must exist in the {@link ActivityRules} actually in use, which may
 * be the application's own ({@link #checkPageViewRule}); the tie-break epoch must not be
 * later than the application's clock says it is now ({@link #checkTieBreakEpoch}); keys
 * written with another shard count are refused ({@link #checkShardCount}); the ledger
 * needs spring-jdbc and a DataSource ({@link #checkLedgerDataSource}); and
 * {@code ingest.*} is checked only when ingestion is enabled ({@link #checkIngest}), with
 * the client it needs ({@link #checkIngestClient}) and a command timeout inside its lease
 * ({@link #checkCommandTimeout}).
 * <p>
 * <strong>Adding a check for a new property is one line</strong> in the {@code check}
 * method of its group's properties class (here for a root key), using the helper of
 * {@link PropertyRequirements} that fits:
 * <ul>
 * <li>{@code positiveOrUnset(property + ".weekly-cap", this.weeklyCap);} for an optional
 * cap;</li>
 * <li>{@code positive(name, duration, "31d")} and {@code notNegative(name, duration,
 * "10s")} for durations, {@code atLeast(name, number, minimum, fix)} and
 * {@code between(name, number, minimum, maximum, example)} for counts;</li>
 * <li>{@code require(valid, name, value, reason)} for anything else, where the reason
 * names the fix: {@code require(properties.getRanking() != null, "activity-rank.ranking",
 * null, "A ranking is required. Set activity-rank.ranking to ...")}.</li>
 * </ul>
 * A new group's check is called from {@link #check}. Then add a test to
 * {@code ActivityRankPropertyChecksTests}.
 */
final class ActivityRankPropertyChecks {

	private static final String ROLLING = "activity-rank.rolling";

	private static final String BADGES = "activity-rank.badges";

	private ActivityRankPropertyChecks() {
	}

	/**
	 * Check every property that the properties alone can decide.
	 * @param properties the bound properties
	 * @throws InvalidConfigurationPropertyValueException for the first bad value
	 */
	static void check(ActivityRankProperties properties) {
		Set<String> rules = properties.getRules().keySet();
		checkRoot(properties);
		properties.getRules().forEach((name, rule) -> rule.check(name, isBonusCaps(properties, name)));
		properties.getStreaks().check(rules);
		properties.getRetention().check();
		properties.getRedis().check();
		properties.getAsync().check();
		properties.getRetry().check();
		properties.getEvents().check();
		properties.getLedger().check();
		properties.getPageViews().check();
		properties.getItems().forEach((type, item) -> item.check(type, rules));
		checkBadges(properties);
		checkRolling(properties);
		checkScopes(properties);
		properties.getHealth().check();
	}

	/**
	 * Whether the rule only caps the streaks' milestone bonus, whose points come from the
	 * milestones: {@code streak} while streaks are on, its points left out.
	 * @param properties the bound properties
	 * @param name a rule's name
	 * @return whether the rule needs no points
	 */
	static boolean isBonusCaps(ActivityRankProperties properties, String name) {
		return properties.getStreaks().isEnabled() && StreakSettings.BONUS_RULE.equals(name);
	}

	private static void checkRoot(ActivityRankProperties properties) {
		String prefix = properties.getKeyPrefix();
		require(prefix == null || prefix.indexOf(':') < 0, "activity-rank.key-prefix", prefix,
				"A key prefix cannot hold ':': the starter adds ':<shard>' to the prefix of a sharded board, so the "
						+ "prefix ar:0 would share the keys of shard 0 of the prefix ar. Set activity-rank.key-prefix "
						+ "to letters, digits, '.', '_' or '-', for example " + String.valueOf(prefix).replace(':', '_')
						+ ".");
		require(isValidKeyPrefix(prefix), "activity-rank.key-prefix", prefix,
				"A key prefix must be 1 to " + RankKeys.MAX_PREFIX_LENGTH
						+ " letters, digits, '.', '_' or '-'; the starter adds the braces "
						+ "of the Redis Cluster hash tag itself. Set activity-rank.key-prefix to such a text, "
						+ "for example activity_rank.");
		between("activity-rank.shards", properties.getShards(), 1, ShardMap.MAX_SHARDS, "3");
		require(properties.getPeriods() != null && !properties.getPeriods().isEmpty(), "activity-rank.periods",
				properties.getPeriods(),
				"activity-rank.periods is empty, so awards would go nowhere. List at least one of day, week, "
						+ "month, total in activity-rank.periods (default: day, month).");
		properties.checkCaps("activity-rank");
	}

	/**
	 * Levels and each badge, then what spans them: how many badges there are and the
	 * board that levels and points badges follow.
	 */
	private static void checkBadges(ActivityRankProperties properties) {
		LevelProperties levels = properties.getLevels();
		levels.check();
		Map<String, BadgeProperties> badges = properties.getBadges();
		require(badges.size() <= BadgeDefinition.MAX_BADGES, BADGES, badges.size() + " badges", "At most "
				+ BadgeDefinition.MAX_BADGES + " badges can be configured. Remove some from " + BADGES + ".");
		boolean usesPoints = !levels.getAt().isEmpty();
		for (Map.Entry<String, BadgeProperties> badge : badges.entrySet()) {
			badge.getValue().check(badge.getKey(), properties);
			usesPoints |= !badge.getValue().getPoints().isEmpty();
		}
		Period board = levels.getPointsOf();
		require(!usesPoints || board == null || properties.getPeriods().contains(board),
				"activity-rank.levels.points-of", board,
				"Levels and points badges follow the " + print(board)
						+ " board, which activity-rank.periods does not keep. Add " + print(board)
						+ " to activity-rank.periods or set activity-rank.levels.points-of to one of them.");
	}

	/**
	 * Rolling boards are summed from the day boards, so those must be kept for every day
	 * of the longest window.
	 */
	private static void checkRolling(ActivityRankProperties properties) {
		positive("activity-rank.rolling-refresh", properties.getRollingRefresh(), "1m");
		List<Integer> rolling = properties.getRolling();
		if (rolling == null || rolling.isEmpty()) {
			return;
		}
		Set<Integer> seen = new HashSet<>();
		for (Integer days : rolling) {
			require(days != null && days >= 1 && days <= ActivityLimits.MAX_HISTORY_DAYS, ROLLING, rolling,
					"A rolling board covers 1 to " + ActivityLimits.MAX_HISTORY_DAYS + " days, not " + days + ". Set "
							+ ROLLING + " to such numbers of days, for example [7, 30].");
			require(seen.add(days), ROLLING, rolling,
					days + " is listed twice. List each number of days once in " + ROLLING + ".");
		}
		require(properties.getPeriods() != null && properties.getPeriods().contains(Period.DAY), ROLLING, rolling,
				"Rolling boards are summed from the day boards, which activity-rank.periods does not keep. Add day "
						+ "to activity-rank.periods, or remove " + ROLLING + ".");
		int longest = rolling.stream().mapToInt(Integer::intValue).max().getAsInt();
		Duration kept = properties.getRetention().getDay();
		Duration needed = Duration.ofDays(longest - 1L);
		require(kept != null && kept.compareTo(needed) >= 0, ROLLING, rolling,
				"A rolling board of " + longest + " days reads the day boards of the last " + longest
						+ " days, but activity-rank.retention.day keeps a day board only "
						+ ((kept != null) ? print(kept) : "unset") + " after its day ends. Set "
						+ "activity-rank.retention.day to at least " + print(needed) + " or shorten " + ROLLING + ".");
	}

	private static void checkScopes(ActivityRankProperties properties) {
		Map<String, ScopeProperties> scopes = properties.getScopes();
		require(scopes.size() <= ActivityLimits.MAX_SCOPE_KINDS, "activity-rank.scopes", scopes.size() + " kinds",
				"At most " + ActivityLimits.MAX_SCOPE_KINDS + " scope kinds can be configured: every kind an award "
						+ "names costs its boards in the same script call. Remove some from activity-rank.scopes.");
		scopes.forEach((kind, scope) -> scope.check(kind, properties));
	}

	/**
	 * Check {@code activity-rank.ingest.*}; called when ingestion is enabled.
	 * @param ingest the bound ingestion properties
	 * @throws InvalidConfigurationPropertyValueException for the first bad value
	 */
	static void checkIngest(IngestProperties ingest) {
		ingest.check();
	}

	/**
	 * Check that ingestion has the Redis client it reads streams with.
	 * @param lettuce whether the connection factory is Lettuce's
	 * @param factory the application's connection factory, for the message
	 * @throws InvalidConfigurationPropertyValueException when it is another client's
	 */
	static void checkIngestClient(boolean lettuce, RedisConnectionFactory factory) {
		require(lettuce, "activity-rank.ingest.enabled", true,
				"Ingestion reads streams through Lettuce, but the RedisConnectionFactory is a "
						+ factory.getClass().getName() + ". Use Lettuce (Spring Boot's default Redis client) "
						+ "or set activity-rank.ingest.enabled to false.");
	}

	/**
	 * A command must time out well inside a partition's lease: one stuck for longer could
	 * outlive the lease, so another instance would take the partition over while this one
	 * still applies its batch.
	 * @param timeout the client's command timeout
	 * @param claimIdle {@code activity-rank.ingest.claim-idle}
	 * @param starterTimeout {@code activity-rank.redis.command-timeout}
	 * @param environment where the timeout may have been set
	 * @throws InvalidConfigurationPropertyValueException when the timeout is longer than
	 * half the claim-idle, naming the property that set it
	 */
	static void checkCommandTimeout(Duration timeout, Duration claimIdle, Duration starterTimeout,
			Environment environment) {
		if (timeout.multipliedBy(2).compareTo(claimIdle) <= 0) {
			return;
		}
		String name = environment.containsProperty(ActivityRankRedisClientAutoConfiguration.CLIENT_TIMEOUT)
				? ActivityRankRedisClientAutoConfiguration.CLIENT_TIMEOUT
				: ActivityRankRedisClientAutoConfiguration.STARTER_TIMEOUT;
		// neither property made it: the application configures its client itself
		boolean own = !environment.containsProperty(ActivityRankRedisClientAutoConfiguration.CLIENT_TIMEOUT)
				&& !timeout.equals(starterTimeout);
		require(!own, "activity-rank.ingest.claim-idle", print(claimIdle), "The Redis client's command timeout ("
				+ print(timeout) + ", from the application's own client configuration) must be at most half of "
				+ "activity-rank.ingest.claim-idle: a command stuck for longer could outlive a stream partition's "
				+ "lease. Give the client a command timeout of " + print(claimIdle.dividedBy(2)) + " or less, or set "
				+ "activity-rank.ingest.claim-idle to " + print(timeout.multipliedBy(2)) + " or more.");
		require(false, name, print(timeout),
				"The Redis command timeout (" + print(timeout) + ") must be at most half of "
						+ "activity-rank.ingest.claim-idle (" + print(claimIdle) + "): a command stuck for longer "
						+ "could outlive a stream partition's lease, and another instance would take the partition "
						+ "over while this one still applies its batch. Set " + name + " to "
						+ print(claimIdle.dividedBy(2)) + " or less, or activity-rank.ingest.claim-idle to "
						+ print(timeout.multipliedBy(2)) + " or more.");
	}

	/**
	 * Check that the page-view rule exists; called only when page views are enabled.
	 * @param rule the configured {@code activity-rank.page-views.rule}
	 * @param ruleExists whether a rule of a name is configured
	 * @param ruleNames the configured rule names, for the message
	 * @throws InvalidConfigurationPropertyValueException when the rule does not exist
	 */
	static void checkPageViewRule(String rule, Predicate<String> ruleExists, Collection<String> ruleNames) {
		require(rule != null && ruleExists.test(rule), "activity-rank.page-views.rule", rule,
				"Page views are enabled but no rule '" + rule + "' is configured (known rules: " + ruleNames
						+ "). Add activity-rank.rules." + rule
						+ ".points, set activity-rank.page-views.rule to a known rule, "
						+ "or set activity-rank.page-views.enabled=false.");
	}

	/**
	 * Check that the tie-break epoch is not in the future; only the earliest tie-break
	 * uses it.
	 * @param properties the bound properties
	 * @param now the current instant of the application's clock
	 * @throws InvalidConfigurationPropertyValueException when the epoch is later than now
	 */
	static void checkTieBreakEpoch(ActivityRankProperties properties, Instant now) {
		Instant epoch = properties.getTieBreakEpoch();
		if (properties.getTieBreak() == TieBreak.EARLIEST) {
			require(epoch != null && !epoch.isAfter(now), "activity-rank.tie-break-epoch", epoch,
					"The total board counts the seconds of the earliest tie-break from this instant, so users "
							+ "reaching equal points on it before then would tie. Set activity-rank.tie-break-epoch "
							+ "to a past instant before your first award, such as " + BoardOrder.DEFAULT_EPOCH
							+ " (the default).");
		}
	}

	/**
	 * Refuse keys written with another shard count without the ledger: a user's keys
	 * would be looked for under another hash tag. With the ledger on the start goes on
	 * (the caller warns): {@code ActivityRankAdmin.rebuild()} moves the boards.
	 * @param configured {@code activity-rank.shards}
	 * @param written the shard count the keys were written with, empty when they agree
	 * @param ledger whether {@code activity-rank.ledger.enabled}
	 */
	static void checkShardCount(int configured, OptionalInt written, boolean ledger) {
		if (written.isPresent() && !ledger) {
			int stored = written.getAsInt();
			require(false, "activity-rank.shards", configured,
					"The keys of this key prefix were written with activity-rank.shards=" + stored
							+ " (recorded in the hash {prefix}:meta): a user's keys would be looked for under "
							+ "another hash tag. Keep activity-rank.shards=" + stored
							+ ", or, with the ledger on (activity-rank.ledger.enabled=true), change it and run "
							+ "ActivityRankAdmin.rebuild() to write the boards again from the ledger; or use a "
							+ "new activity-rank.key-prefix.");
		}
	}

	/**
	 * Check that the ledger, when enabled, has what it needs; called where the ledger is
	 * configured, since only the class path and the context know.
	 * @param jdbcPresent whether spring-jdbc is on the class path
	 * @param dataSourcePresent whether the context has a DataSource
	 * @throws InvalidConfigurationPropertyValueException when either is missing
	 */
	static void checkLedgerDataSource(boolean jdbcPresent, boolean dataSourcePresent) {
		require(jdbcPresent, "activity-rank.ledger.enabled", true,
				"The award ledger writes to the application's database through spring-jdbc, which is not on the "
						+ "class path. Add spring-boot-starter-jdbc (or another starter that brings a DataSource "
						+ "and spring-jdbc) and set spring.datasource.url, or set activity-rank.ledger.enabled=false.");
		require(dataSourcePresent, "activity-rank.ledger.enabled", true,
				"The award ledger writes to the application's database, but the context has no DataSource. "
						+ "Set spring.datasource.url (with spring-boot-starter-jdbc) or define a DataSource bean, "
						+ "or set activity-rank.ledger.enabled=false.");
	}

	private static boolean isValidKeyPrefix(String prefix) {
		try {
			new RankKeys(prefix);
			return true;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

}
