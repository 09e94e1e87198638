package io.github.activityrank.ledger;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What a direct call does when the ledger cannot write its entries: fail, or, with
 * {@code activity-rank.ledger.redis-only-on-failure}, apply to Redis alone, counted and
 * logged at most once a minute.
 */
final class RedisOnlyFallback {

	/** The log category of the service whose calls fall back. */
	private static final Log logger = LogFactory.getLog(LedgerActivityWrites.class);

	/** The property that lets a direct call go to Redis alone when the ledger fails. */
	static final String REDIS_ONLY_PROPERTY = "activity-rank.ledger.redis-only-on-failure";

	/** Shortest time between two warnings of direct calls applied to Redis alone. */
	private static final Duration WARN_EVERY = Duration.ofMinutes(1);

	private final ActivityRankService engine;

	private final AwardLedger ledger;

	private final boolean redisOnlyOnFailure;

	/** {@link System#nanoTime()} of the last warning of a call applied to Redis alone. */
	private final AtomicLong lastRedisOnlyWarning = new AtomicLong();

	RedisOnlyFallback(ActivityRankService engine, AwardLedger ledger, boolean redisOnlyOnFailure) {
		this.engine = engine;
		this.ledger = ledger;
		this.redisOnlyOnFailure = redisOnlyOnFailure;
	}

	/**
	 * The events' entries could not be written: nothing was applied. The call fails,
	 * unless Redis alone is allowed then.
	 */
	List<AwardResult> notRecorded(List<ActivityEvent> events, int storable, Exception ex) {
		if (!this.redisOnlyOnFailure) {
			throw new IllegalStateException("activity-rank ledger could not write " + storable
					+ " award(s) of a direct call, so none was applied: " + ex + ". To apply them to Redis alone "
					+ "when the ledger's database fails (a rebuild then loses them), set " + REDIS_ONLY_PROPERTY
					+ "=true", ex);
		}
		List<AwardResult> results = this.engine.applyAll(events);
		this.ledger.countRedisOnly(storable);
		long now = System.nanoTime();
		long last = this.lastRedisOnlyWarning.get();
		String message = "activity-rank ledger could not write " + storable + " award(s) of a direct call; applied "
				+ "to Redis alone (" + REDIS_ONLY_PROPERTY + "=true), so a rebuild does not restore them: " + ex;
		if ((last == 0 || now - last >= WARN_EVERY.toNanos()) && this.lastRedisOnlyWarning.compareAndSet(last, now)) {
			logger.warn(message + " (at most one such line per minute; see the ledger's redisOnly count)", ex);
		}
		else if (logger.isDebugEnabled()) {
			logger.debug(message, ex);
		}
		return results;
	}

}
