package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The group commit of own-transaction inserts: callers that arrive while an insert is on
 * its way share the next one, each returns only once its rows are in, and a failure
 * reaches every caller of the failed statement.
 */
class GroupInsertsTests {

	@Test
	void aLoneCallerInsertsAtOnce() {
		List<Integer> statements = Collections.synchronizedList(new ArrayList<>());
		GroupInserts inserts = new GroupInserts((writes) -> statements.add(rows(writes)), 500, 1);
		inserts.write(write("amy"));
		assertThat(statements).containsExactly(1);
	}

	@Test
	void callersArrivingWhileAnInsertIsOnItsWayShareTheNextOne() throws Exception {
		CountDownLatch firstStarted = new CountDownLatch(1);
		CountDownLatch releaseFirst = new CountDownLatch(1);
		List<Integer> statements = Collections.synchronizedList(new ArrayList<>());
		GroupInserts inserts = new GroupInserts((writes) -> {
			if (statements.isEmpty()) {
				firstStarted.countDown();
				awaitOpen(releaseFirst);
			}
			statements.add(rows(writes));
		}, 500, 1);
		ExecutorService callers = Executors.newFixedThreadPool(9);
		try {
			Future<?> first = callers.submit(() -> inserts.write(write("first")));
			assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();
			List<Future<?>> waiting = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				String user = "u" + i;
				waiting.add(callers.submit(() -> inserts.write(write(user))));
			}
			// none of them may pass the insert on its way
			await().during(Duration.ofMillis(200))
				.atMost(Duration.ofSeconds(2))
				.until(() -> waiting.stream().noneMatch(Future::isDone));
			releaseFirst.countDown();
			first.get(5, TimeUnit.SECONDS);
			for (Future<?> caller : waiting) {
				caller.get(5, TimeUnit.SECONDS);
			}
			// the first alone, then the eight that waited, in far fewer statements
			assertThat(statements.get(0)).isOne();
			assertThat(statements.stream().mapToInt(Integer::intValue).sum()).isEqualTo(9);
			assertThat(statements.size()).isLessThan(9);
		}
		finally {
			callers.shutdownNow();
		}
	}

	@Test
	void aFailedInsertFailsEveryCallerItCarried() {
		GroupInserts inserts = new GroupInserts((writes) -> {
			throw new IllegalStateException("database down");
		}, 500, 1);
		assertThatIllegalStateException().isThrownBy(() -> inserts.write(write("amy"))).withMessage("database down");
	}

	private static GroupInserts.Write write(String user) {
		return new GroupInserts.Write(List.of(ActivityEvent.award(user, "p", "post")), Instant.now());
	}

	private static int rows(List<GroupInserts.Write> writes) {
		return writes.stream().mapToInt(GroupInserts.Write::size).sum();
	}

	/** Fails the insert, and so the caller it carries, when the latch stays shut. */
	private static void awaitOpen(CountDownLatch latch) {
		try {
			assertThat(latch.await(5, TimeUnit.SECONDS)).as("released within 5 s").isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
