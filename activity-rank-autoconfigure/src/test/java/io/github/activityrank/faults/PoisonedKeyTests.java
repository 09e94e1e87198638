package io.github.activityrank.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.activityrank.faults.FaultFixture.POISONED;
import static io.github.activityrank.faults.FaultFixture.score;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A key of the wrong type ({@code WRONGTYPE} on every award of one user) costs only that
 * user's awards, on every path: they are set aside and applied again once the key is
 * fixed; every other award lands once.
 */
class PoisonedKeyTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void directCallsMergedWithAPoisonedOneAllLandAndThePoisonedOneIsSetAsideUntilReapplied() {
		FaultFixture.runner(this.redis).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			FaultFixture.poison(this.redis);
			int threads = 16;
			int callsPerThread = 220;
			AtomicLong poisonedCalls = new AtomicLong();
			ExecutorService pool = Executors.newFixedThreadPool(threads);
			List<Future<List<AwardResult>>> done = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				String user = "u" + t;
				done.add(pool.submit(() -> {
					List<AwardResult> poisoned = new ArrayList<>();
					for (int c = 0; c < callsPerThread; c++) {
						if (c % 10 == 9) {
							poisoned.add(service.award(POISONED, user + "-" + c, "praise"));
							poisonedCalls.incrementAndGet();
						}
						else {
							service.award(user, "f" + c, "praise");
						}
					}
					return poisoned;
				}));
			}
			List<AwardResult> poisoned = new ArrayList<>();
			for (Future<List<AwardResult>> future : done) {
				poisoned.addAll(future.get(60, TimeUnit.SECONDS));
			}
			pool.shutdown();
			int healthyPerUser = callsPerThread - callsPerThread / 10;
			for (int t = 0; t < threads; t++) {
				assertThat(score(service, "u" + t)).as("u" + t).isEqualTo(healthyPerUser);
			}
			assertThat(poisoned).hasSize((int) poisonedCalls.get())
				.allSatisfy((result) -> assertThat(result.outcome()).isEqualTo(AwardResult.Outcome.SET_ASIDE));
			assertThat(poisoned.get(0).reason()).contains("WRONGTYPE");
			List<SetAsideAward> aside = admin.setAside(1000);
			assertThat(aside).hasSize((int) poisonedCalls.get()).allSatisfy((award) -> {
				assertThat(award.event().userId()).isEqualTo(POISONED);
				assertThat(award.reason()).contains("WRONGTYPE");
			});
			FaultFixture.cure(this.redis);
			assertThat(admin.reapplySetAside()).isEqualTo(poisonedCalls.get());
			assertThat(score(service, POISONED)).isEqualTo(poisonedCalls.get());
			assertThat(admin.setAside(1000)).isEmpty();
		});
	}

	@Test
	void annotatedCallsOfAPoisonedUserAreSetAsideAndReappliedAndTheRestLandOnce() {
		FaultFixture.runner(this.redis).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
			FaultFixture.poison(this.redis);
			for (int c = 0; c < 500; c++) {
				praises.praise("u" + (c % 10), "f" + c);
				if (c % 50 == 0) {
					praises.praise(POISONED, "p" + c);
				}
			}
			assertThat(admin.awaitApplied(Duration.ofSeconds(30))).isTrue();
			for (int u = 0; u < 10; u++) {
				assertThat(score(service, "u" + u)).as("u" + u).isEqualTo(50);
			}
			assertThat(admin.setAside(1000)).hasSize(10);
			FaultFixture.cure(this.redis);
			assertThat(admin.reapplySetAside()).isEqualTo(10);
			assertThat(score(service, POISONED)).isEqualTo(10);
		});
	}

	@Test
	void removingAUserDeletesTheAwardsSetAsideForIt() {
		FaultFixture.runner(this.redis).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			FaultFixture.poison(this.redis);
			service.award(POISONED, "p1", "praise");
			service.award(POISONED, "p2", "praise");
			assertThat(admin.setAside(10)).hasSize(2);
			service.removeUser(POISONED);
			assertThat(admin.setAside(10)).isEmpty();
		});
	}

	@Test
	void anAwardThatFailsForGoodAgainStaysSetAside() {
		FaultFixture.runner(this.redis).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			FaultFixture.poison(this.redis);
			assertThat(service.award(POISONED, "p", "praise").outcome()).isEqualTo(AwardResult.Outcome.SET_ASIDE);
			assertThat(admin.reapplySetAside()).isZero();
			assertThat(admin.setAside(10)).singleElement()
				.satisfies((award) -> assertThat(award.reason()).contains("WRONGTYPE"));
		});
	}

}
