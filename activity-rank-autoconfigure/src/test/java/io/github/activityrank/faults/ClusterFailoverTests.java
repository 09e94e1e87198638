package io.github.activityrank.faults;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.test.RedisClusterTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.data.redis.connection.RedisNode;

import static io.github.activityrank.faults.FaultFixture.score;
import static io.github.activityrank.faults.FaultPaths.PATIENCE;
import static io.github.activityrank.faults.FaultPaths.PER_USER;
import static io.github.activityrank.faults.FaultPaths.USERS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis Cluster failover: the master of the starter's slot is killed while annotated
 * awards are made, and its replica takes over. The calls in between fail (connection
 * lost, timeouts, {@code CLUSTERDOWN}, {@code MOVED}) and wait in the retry buffer; once
 * the client follows the promotion every award lands exactly once, none set aside.
 */
class ClusterFailoverTests {

	private final RedisClusterTestServer cluster = RedisClusterTestServer.startWithReplicas();

	@AfterEach
	void stop() {
		this.cluster.close();
	}

	@Test
	void annotatedAwardsMadeWhileTheirMasterFailsOverAllLandOnce() {
		FaultFixture.runner(this.cluster.springProperties())
			.withConfiguration(AutoConfigurations.of(ActivityRankClusterAutoConfiguration.class))
			.run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				AwardDispatchCounters counters = context.getBean(ActivityDispatcher.class).getCounters();
				FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
				for (int u = 0; u < USERS; u++) {
					praises.praise("u" + u, "before");
				}
				assertThat(admin.awaitApplied(PATIENCE)).as("applied before the failover").isTrue();
				RedisNode victim = this.cluster.masterForKey("{activity_rank}");
				this.cluster.kill(victim);
				for (int c = 0; c < PER_USER; c++) {
					for (int u = 0; u < USERS; u++) {
						praises.praise("u" + u, "f" + c);
					}
				}
				assertThat(this.cluster.awaitFailover()).isNotEqualTo(victim);
				assertThat(admin.awaitApplied(PATIENCE)).as("applied after the failover").isTrue();
				for (int u = 0; u < USERS; u++) {
					assertThat(score(service, "u" + u)).as("u" + u).isEqualTo(PER_USER + 1);
				}
				assertThat(counters.getRetryBuffered()).as("kept for retry during the failover").isPositive();
				assertThat(counters.getFailed()).as("failed").isZero();
				assertThat(counters.getSetAside()).as("set aside").isZero();
				assertThat(admin.setAside(100)).isEmpty();
			});
	}

}
