package io.github.activityrank.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.autoconfigure.ActivityRankLedgerAutoConfiguration;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.test.EmbeddedRedis;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static io.github.activityrank.faults.FaultFixture.score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The three award paths under one fault, each with the same promise: every award made
 * while Redis fails (and the fault heals by itself, or is healed) lands exactly once
 * after it heals, nothing is set aside and nothing counted as failed. Every user gets one
 * award before the fault (so the scripts are loaded and a lost reply would show as a
 * double count) and {@link #PER_USER} during it.
 */
final class FaultPaths {

	static final int USERS = 10;

	static final int PER_USER = 10;

	/** Longest wait for anything; a healthy run takes a fraction of it. */
	static final Duration PATIENCE = Duration.ofSeconds(30);

	private FaultPaths() {
	}

	/**
	 * A fault on a private Redis that fails calls (an error reply, a refused connection
	 * or a timeout) from when it is switched on until the test heals it.
	 *
	 * @param name for messages
	 * @param begin switches it on
	 * @param heal switches it off
	 */
	record Fault(String name, Step begin, Step heal) {

	}

	@FunctionalInterface
	interface Step {

		void run() throws Exception;

	}

	/**
	 * Direct calls: {@code USERS} threads call {@link ActivityRankService#award} during
	 * the fault; a caller whose call threw a transient failure calls again, as an
	 * application would, a failure that is not transient fails the test. The fault is
	 * healed once the callers were refused {@code USERS} times.
	 */
	static void direct(ApplicationContextRunner runner, Fault fault) {
		runner.run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			TransientFailurePolicy policy = context.getBean(TransientFailurePolicy.class);
			for (int u = 0; u < USERS; u++) {
				assertThat(service.award("u" + u, "before", "praise").outcome()).isEqualTo(AwardResult.Outcome.AWARDED);
			}
			fault.begin().run();
			AtomicLong refused = new AtomicLong();
			ExecutorService pool = Executors.newFixedThreadPool(USERS);
			try {
				List<Future<?>> callers = new ArrayList<>();
				for (int u = 0; u < USERS; u++) {
					String user = "u" + u;
					callers.add(pool.submit(() -> {
						for (int c = 0; c < PER_USER; c++) {
							String field = "f" + c;
							await(user + " " + field + " through").atMost(PATIENCE)
								.pollInSameThread()
								.pollDelay(Duration.ZERO)
								.pollInterval(Duration.ofMillis(20))
								.until(() -> awardOnce(service, policy, user, field, refused));
						}
					}));
				}
				// a caller that is done already failed, or the fault did not hold it
				await("every caller tried during " + fault.name()).atMost(PATIENCE)
					.until(() -> refused.get() >= USERS || callers.stream().anyMatch(Future::isDone));
				fault.heal().run();
				for (Future<?> caller : callers) {
					caller.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
				}
			}
			finally {
				pool.shutdownNow();
			}
			assertExactScores(service);
			assertThat(admin.setAside(100)).as("set aside").isEmpty();
		});
	}

	/**
	 * One call of an application that retries: {@code true} when it went through,
	 * {@code false} when it threw a transient failure; anything else is thrown on.
	 */
	private static boolean awardOnce(ActivityRankService service, TransientFailurePolicy policy, String user,
			String field, AtomicLong refused) {
		try {
			AwardResult result = service.award(user, field, "praise");
			// ALREADY_AWARDED: an earlier attempt landed, but its reply was lost
			assertThat(result.outcome()).isIn(AwardResult.Outcome.AWARDED, AwardResult.Outcome.ALREADY_AWARDED);
			return true;
		}
		catch (RuntimeException ex) {
			if (!policy.isTransient(ex)) {
				throw ex;
			}
			refused.incrementAndGet();
			return false;
		}
	}

	/**
	 * Annotated calls: {@code USERS * PER_USER} calls of an {@code @ActivityScore} method
	 * during the fault, healed once the lanes have tried every award (each is in the
	 * retry buffer, or was given up on).
	 */
	static void annotated(ApplicationContextRunner runner, Fault fault) {
		runner.run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
			for (int u = 0; u < USERS; u++) {
				praises.praise("u" + u, "before");
			}
			assertThat(admin.awaitApplied(PATIENCE)).as("applied before the fault").isTrue();
			fault.begin().run();
			praiseDuringTheFault(praises);
			AwardDispatchCounters counters = dispatcher.getCounters();
			await("every award tried during " + fault.name()).atMost(PATIENCE)
				.until(() -> dispatcher.queueSize() == 0 && counters.getRetryBuffered() + counters.getFailed()
						+ counters.getSetAside() >= USERS * PER_USER);
			fault.heal().run();
			assertThat(admin.awaitApplied(PATIENCE)).as("applied after " + fault.name()).isTrue();
			assertExactScores(service);
			assertThat(counters.getFailed()).as("failed").isZero();
			assertThat(counters.getSetAside()).as("set aside").isZero();
			assertThat(admin.setAside(100)).as("set aside").isEmpty();
		});
	}

	/**
	 * The ledger's relay: annotated calls written to the ledger (H2) during the fault,
	 * healed once the relay has failed a few passes on them.
	 */
	static void ledgerRelay(ApplicationContextRunner runner, DataSource dataSource, Fault fault) {
		ledgerRunner(runner, dataSource).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			LedgerCounters relay = context.getBean(LedgerCounters.class);
			FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
			for (int u = 0; u < USERS; u++) {
				praises.praise("u" + u, "before");
			}
			assertThat(admin.awaitApplied(PATIENCE)).as("applied before the fault").isTrue();
			fault.begin().run();
			long failedPasses = relay.get(LedgerCounter.FAILED_PASSES);
			praiseDuringTheFault(praises);
			await("the relay failed passes during " + fault.name()).atMost(PATIENCE)
				.until(() -> relay.get(LedgerCounter.FAILED_PASSES) >= failedPasses + 2
						|| relay.get(LedgerCounter.SET_ASIDE) > 0);
			fault.heal().run();
			assertThat(admin.awaitApplied(PATIENCE)).as("applied after " + fault.name()).isTrue();
			assertExactScores(service);
			assertThat(relay.get(LedgerCounter.SET_ASIDE)).as("set aside").isZero();
			assertThat(admin.setAside(100)).as("set aside").isEmpty();
		});
	}

	/** A runner with the ledger on, in a database the caller creates and drops. */
	static ApplicationContextRunner ledgerRunner(ApplicationContextRunner runner, DataSource dataSource) {
		return runner.withConfiguration(AutoConfigurations.of(ActivityRankLedgerAutoConfiguration.class))
			// the test closes the database, not the context
			.withBean("dataSource", DataSource.class, () -> dataSource,
					(definition) -> definition.setDestroyMethodName(""))
			.withPropertyValues("activity-rank.ledger.enabled=true", "activity-rank.ledger.initialize-schema=always",
					"activity-rank.ledger.poll-interval=50ms");
	}

	private static void praiseDuringTheFault(FaultFixture.Praises praises) {
		for (int c = 0; c < PER_USER; c++) {
			for (int u = 0; u < USERS; u++) {
				praises.praise("u" + u, "f" + c);
			}
		}
	}

	private static void assertExactScores(ActivityRankService service) {
		for (int u = 0; u < USERS; u++) {
			assertThat(score(service, "u" + u)).as("u" + u).isEqualTo(PER_USER + 1);
		}
	}

	/** A fault healed by sending a command to the private Redis. */
	static Step command(EmbeddedRedis redis, String command) {
		return () -> redis.command(command);
	}

}
