package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeEndedEvent;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Publishes a {@link PeriodEndedEvent} when a day, week or month board has closed and a
 * {@link ChallengeEndedEvent} when a challenge has ended, once across all instances of
 * the application that share the Redis.
 * <p>
 * A daemon thread ({@value #THREAD_NAME}) looks every check interval, and once right
 * after the start, at every board that has ended and may still exist: the ended periods
 * within their retention, and the ended challenges of the registry. One script call
 * ({@code ended-claim.lua}) claims, for each of them whose board exists, its marker key
 * for a lease ({@value #LEASE_INTERVALS} check intervals, at least {@link #MIN_LEASE}):
 * the marker did not exist, or held a claim whose lease had run out. Only the instance
 * whose claim succeeds publishes: it reads the best users, renews its lease, runs the
 * listeners and then marks the end published ({@code ended-mark.lua}, each a
 * compare-and-set on its own claim). The marker lives a day longer than its board, so no
 * instance publishes the same end again, however late it starts; an instance that starts
 * after an end that no instance saw publishes it, while the board is retained, and so
 * does another instance (or the next to start) when the claimer died before marking it
 * published, once the lease has run out. A board that never existed publishes nothing.
 * <p>
 * With several shards the markers live on shard 0, and a board exists when any shard
 * holds a part of it: each shard's parts are looked up first ({@code board-ttls.lua}, one
 * call per shard), and the claim takes what they answered, so that a challenge none of
 * whose members is on shard 0 still publishes its end.
 * <p>
 * So every end is published at least once while its board is retained and some instance
 * runs, and exactly once unless the publishing instance stops (killed, or cut off from
 * Redis) after its listeners started and before the marker says published, or its
 * listeners run longer than the lease: then another instance publishes it again.
 * <p>
 * Publishing never breaks the application: a listener that throws is logged, and the
 * event is not published again. When the best users cannot be read, the claim is given
 * back and the next check tries again; so are the claims a check did not get to. Problems
 * reaching Redis are logged (the first as a warning) and the next check tries again.
 */
public class EndedBoardEvents implements SmartLifecycle {

	/** The name of the thread that looks for ended boards. */
	public static final String THREAD_NAME = "activity-rank-events";

	/** How long a marker outlives its board. */
	static final Duration MARKER_MARGIN = Duration.ofDays(1);

	/** The TTL of a marker whose board has none (nothing the starter writes). */
	static final Duration MARKER_WITHOUT_BOARD_TTL = Duration.ofDays(400);

	/** A claim's lease, in check intervals. */
	static final int LEASE_INTERVALS = 3;

	/** The shortest lease: listeners that send mail or call services need time. */
	static final Duration MIN_LEASE = Duration.ofMinutes(1);

	/** What a marker holds once the listeners of its end ran. */
	static final String PUBLISHED = "published";

	private static final Log logger = LogFactory.getLog(EndedBoardEvents.class);

	private static final List<Period> ENDING = List.of(Period.DAY, Period.WEEK, Period.MONTH);

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	/** Where the markers live: shard 0, the prefix itself with one shard. */
	private final RankKeys keys;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final ActivityRankService ranks;

	private final ChallengeService challenges;

	private final ApplicationEventPublisher publisher;

	private final int top;

	private final Duration checkInterval;

	private final ChallengeRegistry registry;

	private final LuaScript claim = LuaScript.load("ended-claim.lua");

	private final LuaScript mark = LuaScript.load("ended-mark.lua");

	private final LuaScript ttls = LuaScript.load("board-ttls.lua");

	/** Tells this instance's claims apart from those of every other. */
	private final String instance = UUID.randomUUID().toString();

	private final Duration lease;

	private final WarnOnce checkFailures = new WarnOnce(logger, "further failures are logged at debug level");

	private final Object checking = new Object();

	private volatile ScheduledExecutorService scheduler;

	/**
	 * Create the publisher.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their key naming
	 * @param calendar the application's clock, period boundaries and retention
	 * @param periods the configured periods; TOTAL never ends
	 * @param ranks reads the best users of a period board
	 * @param challenges reads the best users of a challenge board
	 * @param publisher where events go
	 * @param top how many best users an event carries
	 * @param checkInterval how often to look for ended boards
	 */
	public EndedBoardEvents(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, ActivityRankService ranks, ChallengeService challenges,
			ApplicationEventPublisher publisher, int top, Duration checkInterval) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.keys = shards.keys(0);
		this.calendar = calendar;
		this.periods = ENDING.stream().filter(periods::contains).toList();
		this.ranks = ranks;
		this.challenges = challenges;
		this.publisher = publisher;
		this.top = top;
		this.checkInterval = checkInterval;
		this.registry = new ChallengeRegistry(connectionFactory, this.keys);
		Duration intervals = checkInterval.multipliedBy(LEASE_INTERVALS);
		this.lease = (intervals.compareTo(MIN_LEASE) < 0) ? MIN_LEASE : intervals;
	}

	@Override
	public void start() {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, THREAD_NAME);
			thread.setDaemon(true);
			return thread;
		});
		executor.scheduleWithFixedDelay(this::checkSafely, 0, this.checkInterval.toMillis(), TimeUnit.MILLISECONDS);
		this.scheduler = executor;
	}

	@Override
	public void stop() {
		ScheduledExecutorService executor = this.scheduler;
		this.scheduler = null;
		if (executor != null) {
			// a check under way finishes, so that it marks what its listeners published
			executor.shutdown();
			try {
				if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
					executor.shutdownNow();
					logger.warn("The " + THREAD_NAME + " thread did not stop within 10 seconds");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.scheduler != null;
	}

	private void checkSafely() {
		try {
			checkNow();
		}
		catch (RuntimeException ex) {
			this.checkFailures.log("Could not look for ended boards and challenges; trying again in "
					+ this.checkInterval.toSeconds() + " s", ex);
		}
	}

	/**
	 * Look for ended boards now and publish the ends this instance claims, on the calling
	 * thread.
	 * @return the number of events this instance published
	 */
	int checkNow() {
		synchronized (this.checking) {
			Instant now = this.calendar.now();
			this.registry.prune(now);
			List<Ended> ended = new ArrayList<>();
			for (Period period : this.periods) {
				List<LocalDate> starts = this.calendar.retainedPeriods(period);
				// the first is the period that runs now; the oldest end is published
				// first
				for (int i = starts.size() - 1; i >= 1; i--) {
					LocalDate start = starts.get(i);
					ended.add(new Ended((keys) -> keys.board(period, start), this.keys.periodEnded(period, start),
							() -> new PeriodEndedEvent(period, start, this.ranks.board(period, start).top(this.top))));
				}
			}
			for (StoredChallenge challenge : this.registry.endingIn(Double.NEGATIVE_INFINITY, now.toEpochMilli())) {
				String id = challenge.definition().id();
				ended.add(new Ended((keys) -> keys.challengeBoard(id), this.keys.challengeEnded(id),
						() -> new ChallengeEndedEvent(challenge.definition(),
								this.challenges.board(id).top(this.top))));
			}
			List<Claimed> claimed = claim(ended, now);
			int published = 0;
			int done = 0;
			try {
				for (Claimed end : claimed) {
					done++;
					published += publish(end) ? 1 : 0;
				}
			}
			finally {
				// the claims this check did not get to: the next check takes them
				claimed.subList(done, claimed.size()).forEach(this::release);
			}
			return published;
		}
	}

	/** The ends whose board exists and which this instance claimed, in one call. */
	private List<Claimed> claim(List<Ended> ended, Instant now) {
		if (ended.isEmpty()) {
			return List.of();
		}
		String claim = claimUntil(now.plus(this.lease));
		// sharded boards lie in other slots than the markers: their TTLs are read first
		long[] ttls = (this.shards.shards() > 1) ? boardTtls(ended) : null;
		ScriptArgs call = new ScriptArgs();
		for (Ended end : ended) {
			if (ttls == null) {
				call.key(end.board().apply(this.keys));
			}
			call.key(end.marker());
		}
		call.arg(MARKER_MARGIN.toMillis()).arg(MARKER_WITHOUT_BOARD_TTL.toMillis()).arg(claim);
		call.arg(now.toEpochMilli()).arg((ttls != null) ? "ttls" : "paired");
		for (int i = 0; ttls != null && i < ttls.length; i++) {
			call.arg(ttls[i]);
		}
		List<Claimed> claimed = new ArrayList<>();
		for (Object number : this.claim.run(this.connectionFactory, call)) {
			claimed.add(new Claimed(ended.get((int) RedisReplies.asLong(number) - 1), claim));
		}
		return claimed;
	}

	/**
	 * Each board's PTTL over all shards, one call per shard: the largest, -1 when a part
	 * has no TTL, -2 when no shard holds the board.
	 */
	private long[] boardTtls(List<Ended> ended) {
		long[] ttls = new long[ended.size()];
		Arrays.fill(ttls, -2);
		for (RankKeys shard : this.shards.allKeys()) {
			ScriptArgs call = new ScriptArgs();
			for (Ended end : ended) {
				call.key(end.board().apply(shard));
			}
			List<Object> reply = this.ttls.run(this.connectionFactory, call);
			for (int i = 0; i < ttls.length; i++) {
				ttls[i] = longest(ttls[i], RedisReplies.asLong(reply.get(i)));
			}
		}
		return ttls;
	}

	private static long longest(long ttl, long other) {
		if (ttl == -2 || other == -2) {
			return Math.max(ttl, other);
		}
		return (ttl == -1 || other == -1) ? -1 : Math.max(ttl, other);
	}

	private String claimUntil(Instant leaseEnd) {
		return "claimed:" + this.instance + ":" + leaseEnd.toEpochMilli();
	}

	private boolean publish(Claimed claimed) {
		Object event;
		try {
			event = claimed.end().event().get();
		}
		catch (RuntimeException ex) {
			// the end stays unpublished: give the claim back for the next check
			release(claimed);
			throw ex;
		}
		// a fresh lease for the listeners; a claim that ran out may be another's by now
		String renewed = claimUntil(this.calendar.now().plus(this.lease));
		if (!mark(claimed.end(), claimed.claim(), renewed)) {
			logger.warn("The claim to publish " + event + " ran out before its listeners ran; another instance "
					+ "publishes it");
			return false;
		}
		boolean published = true;
		try {
			this.publisher.publishEvent(event);
		}
		catch (RuntimeException ex) {
			logger.warn("A listener failed on " + event + "; it is not published again", ex);
			published = false;
		}
		if (!mark(claimed.end(), renewed, PUBLISHED)) {
			logger.warn("Could not mark " + event + " as published (its listeners ran longer than the lease of "
					+ this.lease.toSeconds() + " s, or Redis could not be reached); another instance may publish it "
					+ "again");
		}
		return published;
	}

	private void release(Claimed claimed) {
		if (!mark(claimed.end(), claimed.claim(), "")) {
			logger.warn("Could not give back the claim " + claimed.end().marker() + "; another instance publishes "
					+ "that end once its lease has run out");
		}
	}

	/**
	 * Replace the claim a marker holds with {@code value} ('' deletes it); false when it
	 * no longer held that claim, or Redis could not be reached (logged).
	 */
	private boolean mark(Ended end, String claim, String value) {
		ScriptArgs call = new ScriptArgs();
		call.key(end.marker());
		call.arg(claim).arg(value);
		try {
			List<Object> reply = this.mark.run(this.connectionFactory, call);
			return RedisReplies.asLong(reply.get(0)) == 1;
		}
		catch (RuntimeException ex) {
			logger.warn("Could not update the marker " + end.marker(), ex);
			return false;
		}
	}

	/**
	 * A board that has ended: its key on a shard, its marker, and how to build its event
	 * once claimed.
	 */
	private record Ended(Function<RankKeys, String> board, String marker, Supplier<Object> event) {
	}

	/** An end this instance claimed, and the claim its marker holds. */
	private record Claimed(Ended end, String claim) {
	}

}
