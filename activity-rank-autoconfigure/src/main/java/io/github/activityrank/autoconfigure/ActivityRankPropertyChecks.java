package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.ingest.IngestKeys;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerTables;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ShardMap;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import static io.github.activityrank.autoconfigure.PropertyRequirements.atLeast;
import static io.github.activityrank.autoconfigure.PropertyRequirements.between;
import static io.github.activityrank.autoconfigure.PropertyRequirements.notNegative;
import static io.github.activityrank.autoconfigure.PropertyRequirements.pathPatterns;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positiveOrUnset;
import static io.github.activityrank.autoconfigure.PropertyRequirements.print;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The one place that checks the {@code activity-rank.*} properties, one method per
 * property group.
 * <p>
 * {@link #check(ActivityRankProperties)} runs once, when the properties bean has been
 * bound and before any bean receives it (see
 * {@link ActivityRankProperties#afterPropertiesSet()}). The first bad value stops the
 * start with an {@link InvalidConfigurationPropertyValueException}: Spring Boot's own
 * failure analyzer prints the property, its value, where it was set and our reason, and
 * every reason says what is wrong and what to set instead. Values that cannot even be
 * converted to the property's type (an unknown {@code time-zone}, {@code once-per} or
 * {@code periods} entry, "abc" for a number or a duration) never get here: Boot's binder
 * rejects them first and names the property, the value and, for enums, the valid values.
 * {@code aspect.order} accepts every {@code int}, so it has no check beyond that.
 * <p>
 * Some checks need more than the bound values and are called where their bean is made:
 * the page-view rule must exist in the {@link ActivityRules} actually in use, which may
 * be the application's own ({@link #checkPageViewRule}); the tie-break epoch must not be
 * later than the application's clock says it is now ({@link #checkTieBreakEpoch}); keys
 * written with another shard count are refused ({@link #checkShardCount}); the ledger
 * needs spring-jdbc and a DataSource ({@link #checkLedgerDataSource}); and
 * {@code ingest.*} is checked only when ingestion is enabled ({@link #checkIngest}).
 * <p>
 * <strong>Adding a check for a new property is one line</strong> in the method of its
 * group, using the helper of {@link PropertyRequirements} that fits:
 * <ul>
 * <li>{@code positiveOrUnset("activity-rank.weekly-cap", properties.getWeeklyCap());} for
 * an optional cap, {@code positiveOrUnset(rule + ".weekly-cap",
 * value.getWeeklyCap());} for a rule's;</li>
 * <li>{@code positive(name, duration, "31d")} and {@code notNegative(name, duration,
 * "10s")} for durations, {@code atLeast(name, number, minimum, fix)} and
 * {@code between(name, number, minimum, maximum, example)} for counts;</li>
 * <li>{@code require(valid, name, value, reason)} for anything else, where the reason
 * names the fix: {@code require(properties.getRanking() != null, "activity-rank.ranking",
 * null, "A ranking is required. Set activity-rank.ranking to ...")}.</li>
 * </ul>
 * Then add a test to {@code ActivityRankPropertyChecksTests}.
 */
final class ActivityRankPropertyChecks {

	private static final Pattern PLAIN_MAP_KEY = Pattern.compile("[a-z0-9-]+");

	private static final String INGEST = "activity-rank.ingest.";

	private ActivityRankPropertyChecks() {
	}

	/**
	 * Check every property that the properties alone can decide.
	 * @param properties the bound properties
	 * @throws InvalidConfigurationPropertyValueException for the first bad value
	 */
	static void check(ActivityRankProperties properties) {
		checkRoot(properties);
		properties.getRules().forEach(ActivityRankPropertyChecks::checkRule);
		checkStreaks(properties.getStreaks(), properties.getRules().keySet());
		checkRetention(properties.getRetention());
		positive("activity-rank.redis.command-timeout", properties.getRedis().getCommandTimeout(), "5s");
		checkAsync(properties.getAsync());
		checkRetry(properties.getRetry());
		checkEvents(properties.getEvents());
		checkLedger(properties.getLedger());
		checkPageViews(properties.getPageViews());
		checkItems(properties.getItems(), properties.getRules().keySet());
		BadgePropertyChecks.check(properties);
		RollingPropertyChecks.check(properties);
		ScopePropertyChecks.check(properties);
		HealthPropertyChecks.check(properties.getHealth());
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
		checkCaps("activity-rank", properties);
	}

	private static void checkRule(String name, RuleProperties rule) {
		// a name with anything but lower-case letters, digits and '-' is written in
		// Boot's bracket notation to stay one map key
		String property = PLAIN_MAP_KEY.matcher(name).matches() ? "activity-rank.rules." + name
				: "activity-rank.rules[" + name + "]";
		require(ActivityRules.isValidName(name), property, name, "Rule name '" + name
				+ "' is not allowed: a rule name must be 1 to " + ActivityLimits.MAX_RULE_NAME_LENGTH
				+ " letters, digits, '.', '_' or '-'. Rename the rule under activity-rank.rules, for example to page-view.");
		long points = rule.getPoints();
		require(points != 0, property + ".points", points,
				property + ".points is 0 (or missing); a rule must give or take points. Set " + property
						+ ".points to a non-zero number, for example 2 (negative for a penalty).");
		// not Math.abs: it overflows for Long.MIN_VALUE, which would pass as negative
		require(points >= -ActivityLimits.MAX_POINTS && points <= ActivityLimits.MAX_POINTS, property + ".points",
				points,
				property + ".points is " + points + ", beyond the limit of " + ActivityLimits.MAX_POINTS + ". Set "
						+ property + ".points between -" + ActivityLimits.MAX_POINTS + " and "
						+ ActivityLimits.MAX_POINTS + ".");
		checkCaps(property, rule);
	}

	private static void checkCaps(String property, CapProperties caps) {
		positiveOrUnset(property + ".daily-cap", caps.getDailyCap());
		positiveOrUnset(property + ".weekly-cap", caps.getWeeklyCap());
		positiveOrUnset(property + ".monthly-cap", caps.getMonthlyCap());
	}

	/**
	 * A streak rule that is not configured would never make a day active, a milestone
	 * must be a length of at least one day with positive points, the bucket count must be
	 * positive.
	 */
	private static void checkStreaks(StreakProperties streaks, Collection<String> ruleNames) {
		for (String rule : streaks.getRules()) {
			require(ruleNames.contains(rule), "activity-rank.streaks.rules", rule,
					"activity-rank.streaks.rules names '" + rule + "', which is not a rule under activity-rank.rules, "
							+ "so no award would ever make a day active. Configure activity-rank.rules." + rule
							+ ".points or remove it from activity-rank.streaks.rules.");
			require(!StreakSettings.BONUS_RULE.equals(rule), "activity-rank.streaks.rules", rule,
					"The rule 'streak' is the milestone bonus itself and cannot make a day active. Remove it from "
							+ "activity-rank.streaks.rules.");
		}
		int buckets = streaks.getBuckets();
		require(buckets >= 1 && buckets <= StreakSettings.MAX_BUCKETS, "activity-rank.streaks.buckets", buckets,
				"activity-rank.streaks.buckets is the number of hashes users' streak data are spread over and must be "
						+ "between 1 and " + StreakSettings.MAX_BUCKETS + ". Remove it for the default ("
						+ StreakSettings.DEFAULT_BUCKETS + ") or set at least (users * years) / 300.");
		for (Map.Entry<Integer, Long> milestone : streaks.getMilestones().entrySet()) {
			String property = "activity-rank.streaks.milestones." + milestone.getKey();
			require(milestone.getKey() != null && milestone.getKey() >= 1, property, milestone.getKey(),
					"A milestone is a streak length of at least 1 day. Use a key such as 7 under "
							+ "activity-rank.streaks.milestones.");
			Long points = milestone.getValue();
			require(points != null && points > 0 && points <= ActivityLimits.MAX_POINTS, property, points,
					property + " must give between 1 and " + ActivityLimits.MAX_POINTS
							+ " bonus points. Set it to a positive number, for example 20.");
		}
	}

	private static void checkRetention(RetentionProperties retention) {
		positive("activity-rank.retention.day", retention.getDay(), "31d");
		positive("activity-rank.retention.week", retention.getWeek(), "70d");
		positive("activity-rank.retention.month", retention.getMonth(), "365d");
		positive("activity-rank.retention.record", retention.getRecord(), "31d");
		positive("activity-rank.retention.challenge", retention.getChallenge(), "90d");
	}

	private static void checkAsync(AsyncProperties async) {
		atLeast("activity-rank.async.threads", async.getThreads(), 1,
				"At least one thread must apply queued awards. Set activity-rank.async.threads to 1 or more "
						+ "(default 2), or set activity-rank.async.enabled=false to apply awards on the "
						+ "caller's thread.");
		atLeast("activity-rank.async.queue-capacity", async.getQueueCapacity(), 1,
				"The queue must hold at least one award. Set activity-rank.async.queue-capacity to 1 or more "
						+ "(default 10000).");
	}

	private static void checkRetry(RetryProperties retry) {
		atLeast("activity-rank.retry.capacity", retry.getCapacity(), 0,
				"A capacity cannot be negative. Set activity-rank.retry.capacity to 0 (keep no failed awards) "
						+ "or more (default 100000).");
		positive("activity-rank.retry.initial-backoff", retry.getInitialBackoff(), "200ms");
		positive("activity-rank.retry.max-backoff", retry.getMaxBackoff(), "5s");
		String maxBackoff = print(retry.getMaxBackoff());
		require(retry.getInitialBackoff().compareTo(retry.getMaxBackoff()) <= 0, "activity-rank.retry.initial-backoff",
				retry.getInitialBackoff(),
				"The first wait is longer than activity-rank.retry.max-backoff (" + maxBackoff
						+ "), the longest wait. Set activity-rank.retry.initial-backoff to at most " + maxBackoff
						+ ", or raise activity-rank.retry.max-backoff.");
		notNegative("activity-rank.retry.shutdown-grace-period", retry.getShutdownGracePeriod(), "10s");
	}

	private static void checkEvents(EventProperties events) {
		between("activity-rank.events.top", events.getTop(), 1, ActivityLimits.MAX_PAGE_SIZE, "10");
		positive("activity-rank.events.check-interval", events.getCheckInterval(), "1m");
	}

	private static void checkLedger(LedgerProperties ledger) {
		require(LedgerTables.isValidPrefix(ledger.getTablePrefix()), "activity-rank.ledger.table-prefix",
				ledger.getTablePrefix(),
				"The prefix starts the ledger's table names in SQL, so it must be a letter followed by up to 29 "
						+ "letters, digits or '_'. Set activity-rank.ledger.table-prefix to such a text, for example "
						+ LedgerTables.DEFAULT_PREFIX + " (the default).");
		require(ledger.getInitializeSchema() != null, "activity-rank.ledger.initialize-schema", null,
				"Set activity-rank.ledger.initialize-schema to embedded (the default), always or never.");
		if (ledger.getRetention() != null) {
			positive("activity-rank.ledger.retention", ledger.getRetention(), "365d (or remove it to keep for ever)");
		}
		positive("activity-rank.ledger.poll-interval", ledger.getPollInterval(), "1s");
		require(ledger.getBatchSize() >= 1 && ledger.getBatchSize() <= ActivityStore.MAX_BATCH,
				"activity-rank.ledger.batch-size", ledger.getBatchSize(),
				"One batch is one Redis script call, which holds 1 to " + ActivityStore.MAX_BATCH
						+ " awards. Set activity-rank.ledger.batch-size between 1 and " + ActivityStore.MAX_BATCH
						+ " (default " + ActivityStore.MAX_BATCH + ").");
		require(ledger.getRelayThreads() >= 1 && ledger.getRelayThreads() <= AwardLedger.LANES,
				"activity-rank.ledger.relay-threads", ledger.getRelayThreads(),
				"Set activity-rank.ledger.relay-threads between 1 and " + AwardLedger.LANES + " (default 4).");
		require(ledger.getSetAsideAfter() >= 1, "activity-rank.ledger.set-aside-after", ledger.getSetAsideAfter(),
				"Set activity-rank.ledger.set-aside-after to 1 or more (default 5).");
		require(ledger.getArchiveSize() >= 1, "activity-rank.ledger.archive-size", ledger.getArchiveSize(),
				"Set activity-rank.ledger.archive-size to the entries kept per ended board, at least 1 (default 1000).");
	}

	private static void checkPageViews(PageViewProperties pageViews) {
		if (pageViews.isEnabled()) {
			pathPatterns("activity-rank.page-views.include", pageViews.getInclude());
			pathPatterns("activity-rank.page-views.exclude", pageViews.getExclude());
		}
	}

	private static void checkItems(Map<String, ItemProperties> items, Collection<String> ruleNames) {
		for (Map.Entry<String, ItemProperties> entry : items.entrySet()) {
			String type = entry.getKey();
			ItemProperties item = entry.getValue();
			String name = "activity-rank.items." + type;
			require(ItemType.isValidName(type), name, type,
					"An item type names keys, so it must be 1 to " + ActivityLimits.MAX_ITEM_TYPE_LENGTH
							+ " of a-z, 0-9 or '-'. Rename it, for example " + "article.");
			require(!item.getPoints().isEmpty(), name + ".points", item.getPoints(),
					"The type gets no points from any rule. List rules with the points they give an item, for "
							+ "example " + name + ".points.praise=5.");
			item.getPoints().forEach((rule, points) -> {
				require(ruleNames.contains(rule), name + ".points." + rule, points,
						"There is no rule '" + rule + "'. Name a rule of activity-rank.rules, or add it there.");
				require(points != null && points > 0 && points <= ActivityLimits.MAX_POINTS, name + ".points." + rule,
						points,
						"Set the points an award gives the item between 1 and " + ActivityLimits.MAX_POINTS + ".");
			});
			require(item.getKeep() >= 1, name + ".keep", item.getKeep(),
					"Set the members kept per item board to 1 or more (default " + ItemProperties.DEFAULT_KEEP + ").");
			if (item.getHot().getHalfLife() != null) {
				positive(name + ".hot.half-life", item.getHot().getHalfLife(), "12h");
			}
		}
	}

	/**
	 * Check {@code activity-rank.ingest.*}; called when ingestion is enabled.
	 * @param ingest the bound ingestion properties
	 * @throws InvalidConfigurationPropertyValueException for the first bad value
	 */
	static void checkIngest(IngestProperties ingest) {
		require(IngestKeys.isValidStreamName(ingest.getStream()), INGEST + "stream", ingest.getStream(),
				"A stream name is 1 to 64 letters, digits, '_' or '-'. Set " + INGEST
						+ "stream to such a name, such as activity.");
		String group = ingest.getGroup();
		require(group != null && group.matches("[A-Za-z0-9._:-]{1,64}"), INGEST + "group", group,
				"A group name is 1 to 64 letters, digits, '.', '_', ':' or '-'. Set " + INGEST
						+ "group to such a name, such as activity-rank.");
		between(INGEST + "batch", ingest.getBatch(), 1, ActivityStore.MAX_BATCH, "256");
		between(INGEST + "partitions", ingest.getPartitions(), 1, IngestKeys.MAX_PARTITIONS, "4");
		atLeast(INGEST + "dead-letter-size", ingest.getDeadLetterSize(), 1,
				"The dead-letter stream must keep at least one message. Set " + INGEST
						+ "dead-letter-size to 1 or more, such as 10000.");
		Duration claimIdle = ingest.getClaimIdle();
		require(claimIdle != null && claimIdle.compareTo(Duration.ofSeconds(1)) >= 0, INGEST + "claim-idle", claimIdle,
				"Leases are renewed three times per claim-idle, so it cannot be shorter than 1s. Set " + INGEST
						+ "claim-idle to 1s or more, such as 1m.");
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
