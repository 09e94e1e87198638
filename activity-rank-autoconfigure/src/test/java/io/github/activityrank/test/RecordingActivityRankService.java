package io.github.activityrank.test;

import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RuleTally;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.CheckedLeaderboard;

import static org.awaitility.Awaitility.await;

/**
 * A fake {@link ActivityRankService} that records what it is asked to apply. It can be
 * told to fail (as if Redis were down) or to block until released, to test what callers
 * see.
 */
public class RecordingActivityRankService implements ActivityRankService {

	private final List<ActivityEvent> applied = new CopyOnWriteArrayList<>();

	private final List<Integer> batchSizes = new CopyOnWriteArrayList<>();

	private final List<String> threads = new CopyOnWriteArrayList<>();

	private volatile Supplier<RuntimeException> failure;

	private volatile CountDownLatch gate;

	private final AtomicInteger blockedCalls = new AtomicInteger();

	/** Events applied so far, in order. */
	public List<ActivityEvent> applied() {
		return this.applied;
	}

	/** Sizes of the batches received. */
	public List<Integer> batchSizes() {
		return this.batchSizes;
	}

	/** Names of the threads that applied batches. */
	public List<String> threads() {
		return this.threads;
	}

	/** Throw this from every call from now on; {@code null} to stop. */
	public void failWith(Supplier<RuntimeException> failure) {
		this.failure = failure;
	}

	/** Block every call until {@link #release()}. */
	public void block() {
		this.gate = new CountDownLatch(1);
	}

	/**
	 * Wait until a call is blocked by {@link #block()}: its caller has taken its awards
	 * from wherever they waited and is inside the service.
	 * @param timeout how long to wait at most; the wait fails the test when it ends
	 * without a blocked call
	 */
	public void awaitBlockedCall(Duration timeout) {
		await("a call blocked in the service").atMost(timeout)
			.pollInterval(Duration.ofMillis(1))
			.until(() -> this.blockedCalls.get() > 0);
	}

	/** Let blocked calls go on. */
	public void release() {
		CountDownLatch latch = this.gate;
		this.gate = null;
		if (latch != null) {
			latch.countDown();
		}
	}

	/**
	 * Wait until {@code n} events were applied; the wait fails the test when it ends
	 * before.
	 */
	public List<ActivityEvent> awaitApplied(int n, Duration timeout) {
		await(n + " award(s) applied").atMost(timeout)
			.pollInterval(Duration.ofMillis(5))
			.until(() -> this.applied.size() >= n);
		return this.applied;
	}

	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events) {
		CountDownLatch latch = this.gate;
		if (latch != null) {
			this.blockedCalls.incrementAndGet();
			try {
				if (!latch.await(30, TimeUnit.SECONDS)) {
					// fails the caller, or, on a worker thread, loses the batch the test
					// expects
					throw new AssertionError("a call blocked by block() was not released within 30 s");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				this.blockedCalls.decrementAndGet();
			}
		}
		Supplier<RuntimeException> fail = this.failure;
		if (fail != null) {
			throw fail.get();
		}
		this.batchSizes.add(events.size());
		this.threads.add(Thread.currentThread().getName());
		this.applied.addAll(events);
		return events.stream()
			.map((event) -> new AwardResult(event.revoke() ? AwardResult.Outcome.REVOKED : AwardResult.Outcome.AWARDED,
					1, null))
			.toList();
	}

	@Override
	public AwardResult apply(ActivityEvent event) {
		return applyAll(List.of(event)).get(0);
	}

	@Override
	public AwardResult award(String userId, String field, String rule) {
		return apply(ActivityEvent.award(userId, field, rule));
	}

	@Override
	public AwardResult award(String userId, String field, long points) {
		return apply(ActivityEvent.awardPoints(userId, field, points));
	}

	@Override
	public AwardResult revoke(String userId, String field, String rule) {
		return apply(ActivityEvent.revoke(userId, field, rule));
	}

	@Override
	public AwardResult revoke(String userId, String field) {
		return apply(ActivityEvent.revoke(userId, field, null));
	}

	@Override
	public LocalDate today() {
		return LocalDate.now();
	}

	/** Nothing is counted. */
	@Override
	public long activeUsers(Period period, LocalDate day) {
		return 0;
	}

	/** Boards are not kept: every board is empty. */
	@Override
	public Leaderboard board(Period period) {
		return EMPTY;
	}

	/** Boards are not kept: every board is empty. */
	@Override
	public Leaderboard board(Period period, LocalDate day) {
		return EMPTY;
	}

	private static final Leaderboard EMPTY = new CheckedLeaderboard(new BoardSource() {

		@Override
		public List<RankEntry> range(long offset, int limit) {
			return List.of();
		}

		@Override
		public Optional<RankEntry> rank(String id) {
			return Optional.empty();
		}

		@Override
		public List<RankEntry> around(String id, int radius) {
			return List.of();
		}

		@Override
		public long size() {
			return 0;
		}

		@Override
		public List<RankEntry> among(List<String> ids) {
			return List.of();
		}

	}, null);

	/** Forgets the events recorded for the user and returns how many there were. */
	@Override
	public long removeUser(String userId) {
		List<ActivityEvent> ofUser = this.applied.stream()
			.filter((event) -> event.userId() != null && event.userId().equals(userId))
			.toList();
		this.applied.removeAll(ofUser);
		return ofUser.size();
	}

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		throw new UnsupportedOperationException();
	}

	/**
	 * A summary of the events applied so far for the user, whatever their day: each award
	 * counts once with the 1 point this service answers, each revoke takes one back.
	 */
	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		if (period == Period.TOTAL) {
			throw new IllegalArgumentException("A summary covers a DAY, WEEK or MONTH");
		}
		Map<String, Long> counts = new TreeMap<>();
		for (ActivityEvent event : this.applied) {
			if (event.userId() != null && event.userId().equals(userId)) {
				counts.merge((event.rule() != null) ? event.rule() : "", event.revoke() ? -1L : 1L, Long::sum);
			}
		}
		Map<String, RuleTally> byRule = new LinkedHashMap<>();
		counts.forEach((rule, count) -> {
			if (count > 0) {
				byRule.put(rule, new RuleTally(count, count));
			}
		});
		long points = byRule.values().stream().mapToLong(RuleTally::points).sum();
		return new ActivitySummary(userId, period, ActivityCalendar.start(period, day), points, byRule);
	}

}
