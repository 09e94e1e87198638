package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * Takes broken streaks off the streak board of every shard: nothing is written when a day
 * passes, and a member whose last active day is before yesterday stays on the board until
 * this step removes it ({@code streak-prune.lua}, bounded chunks of {@value #CHUNK});
 * until then the board's reads leave it out themselves.
 * <p>
 * A daemon thread ({@value #THREAD_NAME}{@code -1}) prunes once right after the start and
 * again at each day's start in the configured zone, so a streak leaves the board as the
 * day that breaks it begins; after a failure (logged, the first as a warning) it tries
 * again every {@link #RETRY}. Every instance runs it; a second run on the same day finds
 * nothing to remove.
 */
public class StreakPruning implements SmartLifecycle {

	/** The name of the thread that prunes, followed by {@code -1}. */
	public static final String THREAD_NAME = "activity-rank-streaks";

	/** The most members one script call removes. */
	static final int CHUNK = 1000;

	/** How soon a failed run is tried again. */
	static final Duration RETRY = Duration.ofMinutes(1);

	/** How long after a day's start the run waits, so that the clock surely shows it. */
	private static final Duration AFTER_MIDNIGHT = Duration.ofMillis(200);

	private static final Log logger = LogFactory.getLog(StreakPruning.class);

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final LuaScript prune = LuaScript.load("streak-prune.lua");

	private final WarnOnce failures = new WarnOnce(logger, "further failures are logged at debug level");

	private volatile ScheduledExecutorService scheduler;

	/**
	 * Create the step.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today in the configured zone
	 */
	public StreakPruning(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
	}

	/**
	 * Remove every streak broken as of today from the board of every shard.
	 * @return how many members left the board
	 */
	public long prune() {
		long stale = this.calendar.today().minusDays(2).toEpochDay();
		long removed = 0;
		for (RankKeys keys : this.shards.allKeys()) {
			StreakKeys streakKeys = new StreakKeys(keys);
			long chunk;
			do {
				ScriptArgs call = new ScriptArgs();
				call.key(streakKeys.board());
				call.key(streakKeys.lastDays());
				call.arg(stale).arg(CHUNK);
				chunk = RedisReplies.asLong(this.prune.run(this.connectionFactory, call).get(0));
				removed += chunk;
			}
			while (chunk == CHUNK);
		}
		return removed;
	}

	@Override
	public void start() {
		CustomizableThreadFactory threads = new CustomizableThreadFactory(THREAD_NAME + "-");
		threads.setDaemon(true);
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(threads);
		this.scheduler = executor;
		executor.execute(this::run);
	}

	@Override
	public void stop() {
		ScheduledExecutorService executor = this.scheduler;
		this.scheduler = null;
		if (executor != null) {
			executor.shutdownNow();
		}
	}

	@Override
	public boolean isRunning() {
		return this.scheduler != null;
	}

	private void run() {
		Duration next;
		try {
			prune();
			Instant now = this.calendar.clock().instant();
			Instant tomorrow = this.calendar.today().plusDays(1).atStartOfDay(this.calendar.zone()).toInstant();
			next = Duration.between(now, tomorrow).plus(AFTER_MIDNIGHT);
		}
		catch (RuntimeException ex) {
			this.failures.log(
					"Could not take broken streaks off the streak board; trying again in " + RETRY.toSeconds() + " s",
					ex);
			next = RETRY;
		}
		ScheduledExecutorService executor = this.scheduler;
		try {
			if (executor != null) {
				executor.schedule(this::run, Math.max(AFTER_MIDNIGHT.toMillis(), next.toMillis()),
						TimeUnit.MILLISECONDS);
			}
		}
		catch (RejectedExecutionException ex) {
			// stopped meanwhile
		}
	}

}
