package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A master of a private cluster (three masters, a replica each) killed while four threads
 * stream 10,000 awards to three shards: its replica takes over, every failure in between
 * is one the transient-failure policy retries, and once the retries are through every
 * award was applied exactly once (an award whose reply was lost with the master answers
 * ALREADY_AWARDED when retried, and takes nothing twice).
 */
class ShardedFailoverTests {

	private static final int AWARDS = 10_000;

	private static final int USERS = 500;

	private final RedisClusterTestServer cluster = RedisClusterTestServer.startWithReplicas();

	private final LettuceConnectionFactory factory = this.cluster.newConnectionFactory();

	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
			EnumSet.of(Period.DAY, Period.TOTAL), Map.of("comment", new ScoringRule("comment", 1, false, null)), null,
			null, this.factory, RedisTestServer.uniquePrefix("failover"), BoardOrder.DEFAULT, 3);

	@AfterEach
	void stop() {
		this.factory.destroy();
		this.cluster.close();
	}

	@Test
	void aMasterKilledDuringAStreamOfAwardsLosesNoneAndAppliesNoneTwice() throws Exception {
		RedisTransientFailurePolicy policy = new RedisTransientFailurePolicy();
		AtomicInteger next = new AtomicInteger();
		AtomicLong retries = new AtomicLong();
		List<Throwable> notTransient = new ArrayList<>();
		Map<String, AtomicInteger> expected = new ConcurrentHashMap<>();
		CountDownLatch halfWay = new CountDownLatch(1);
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < 4; t++) {
			Thread thread = new Thread(() -> {
				for (int i = next.getAndIncrement(); i < AWARDS; i = next.getAndIncrement()) {
					if (i == AWARDS / 5) {
						halfWay.countDown();
					}
					String user = "u" + (i % USERS);
					// as the retry buffer does: the same award again until it is through
					while (true) {
						try {
							AwardResult result = this.engine.service.award(user, "f" + i, "comment");
							assertThat(result.outcome()).isIn(AwardResult.Outcome.AWARDED,
									AwardResult.Outcome.ALREADY_AWARDED);
							break;
						}
						catch (RuntimeException ex) {
							if (!policy.isTransient(ex)) {
								synchronized (notTransient) {
									notTransient.add(ex);
								}
								return;
							}
							retries.incrementAndGet();
							sleep(50);
						}
					}
					expected.computeIfAbsent(user, (u) -> new AtomicInteger()).incrementAndGet();
				}
			});
			thread.start();
			threads.add(thread);
		}
		assertThat(halfWay.await(60, TimeUnit.SECONDS)).as("half of the awards made").isTrue();
		// the master of shard 0's slot
		RedisNode victim = this.cluster.masterForSlot(RedisClusterTestServer.slotOf(this.engine.shards.keys(0).tag()));
		this.cluster.kill(victim);
		RedisNode promoted = this.cluster.awaitFailover();
		for (Thread thread : threads) {
			thread.join(Duration.ofSeconds(120).toMillis());
			assertThat(thread.isAlive()).as("awarding thread ended").isFalse();
		}
		assertThat(notTransient).isEmpty();
		assertThat(promoted).isNotEqualTo(victim);
		assertThat(this.engine.service.board(Period.TOTAL).size()).isEqualTo(USERS);
		List<RankEntry> board = this.engine.service.board(Period.TOTAL).top(USERS);
		assertThat(board.stream().mapToLong(RankEntry::score).sum()).isEqualTo(AWARDS);
		for (RankEntry entry : board) {
			assertThat(entry.score()).as(entry.id()).isEqualTo(expected.get(entry.id()).get());
		}
		assertThat(this.engine.service.board(Period.DAY).top(USERS).stream().mapToLong(RankEntry::score).sum())
			.isEqualTo(AWARDS);
		System.out.println("Failover of " + victim + " to " + promoted + ": " + retries + " retried attempts");
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
