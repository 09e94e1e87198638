package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.cluster.ClusterClientOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A cluster failover with nothing tuned: three masters with a replica each,
 * {@code shards: 3}, only {@code spring.data.redis.cluster.nodes} set, and one master
 * killed halfway through 10,000 annotated awards. The auto-configured client follows the
 * promotion within seconds: an award and a read of every shard agree again within 10 s of
 * it, and once the retry buffer is through every award was applied exactly once.
 */
class ClusterFailoverDefaultsTests {

	private static final int AWARDS = 10_000;

	private static final int USERS = 500;

	private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(10);

	private final RedisClusterTestServer cluster = RedisClusterTestServer.startWithReplicas();

	@AfterEach
	void stop() {
		this.cluster.close();
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
					ActivityRankClusterAutoConfiguration.class, ActivityRankAutoConfiguration.class,
					ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class))
			.withUserConfiguration(CommentsConfiguration.class)
			.withPropertyValues("spring.data.redis.cluster.nodes="
					+ String.join(",", this.cluster.seedNodes().stream().map(RedisNode::asString).toList()))
			.withPropertyValues("activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("defaults"),
					"activity-rank.shards=3", "activity-rank.periods=day,total", "activity-rank.rules.comment.points=1",
					"activity-rank.rules.probe.points=1", "activity-rank.events.enabled=false");
	}

	@Test
	void theDefaultsFailFastRefreshTheTopologyAndBoundTheCommandTimeout() {
		runner().run((context) -> {
			LettuceClientConfiguration client = context.getBean(LettuceConnectionFactory.class)
				.getClientConfiguration();
			ClusterClientOptions options = (ClusterClientOptions) client.getClientOptions().orElseThrow();
			assertThat(client.getCommandTimeout()).isEqualTo(Duration.ofSeconds(5));
			assertThat(options.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
			assertThat(options.getTopologyRefreshOptions().getRefreshPeriod()).isEqualTo(Duration.ofSeconds(5));
			assertThat(options.getTopologyRefreshOptions().getAdaptiveRefreshTimeout())
				.isEqualTo(Duration.ofSeconds(1));
			assertThat(options.getTopologyRefreshOptions().getAdaptiveRefreshTriggers()).isNotEmpty();
		});
	}

	@Test
	void theApplicationsOwnTimeoutAndRefreshSettingsWin() {
		runner()
			.withPropertyValues("spring.data.redis.timeout=7s", "spring.data.redis.lettuce.cluster.refresh.period=9s")
			.run((context) -> {
				LettuceClientConfiguration client = context.getBean(LettuceConnectionFactory.class)
					.getClientConfiguration();
				ClusterClientOptions options = (ClusterClientOptions) client.getClientOptions().orElseThrow();
				assertThat(client.getCommandTimeout()).isEqualTo(Duration.ofSeconds(7));
				assertThat(options.getTopologyRefreshOptions().getRefreshPeriod()).isEqualTo(Duration.ofSeconds(9));
				// Spring Boot's own refresh options, not the starter's
				assertThat(options.getTopologyRefreshOptions().getAdaptiveRefreshTimeout())
					.isNotEqualTo(ActivityRankClusterAutoConfiguration.ADAPTIVE_REFRESH_TIMEOUT);
			});
	}

	@Test
	void theApplicationsOwnCustomizersRunAfterTheStartersAndWin() {
		runner().withUserConfiguration(AcceptWhileDisconnected.class).run((context) -> {
			ClusterClientOptions options = (ClusterClientOptions) context.getBean(LettuceConnectionFactory.class)
				.getClientConfiguration()
				.getClientOptions()
				.orElseThrow();
			assertThat(options.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.ACCEPT_COMMANDS);
		});
	}

	@Test
	void aBeanOfTheSameNameTurnsADefaultOff() {
		runner().withUserConfiguration(NoCommandTimeoutDefault.class).run((context) -> {
			assertThat(context.getBean(LettuceConnectionFactory.class).getClientConfiguration().getCommandTimeout())
				.isEqualTo(Duration.ofSeconds(60));
		});
	}

	@Test
	void aMasterKilledHalfwayThroughAnnotatedAwardsIsFollowedWithinSecondsAndNothingIsLostOrDoubled() {
		runner().run((context) -> {
			Comments comments = context.getBean(Comments.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ShardMap shards = context.getBean(ShardMap.class);
			Map<String, AtomicInteger> expected = new ConcurrentHashMap<>();
			AtomicInteger next = new AtomicInteger();
			CountDownLatch halfway = new CountDownLatch(1);
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				Thread thread = new Thread(() -> {
					for (int i = next.getAndIncrement(); i < AWARDS; i = next.getAndIncrement()) {
						if (i == AWARDS / 2) {
							halfway.countDown();
						}
						String user = "u" + (i % USERS);
						comments.comment(user, "c" + i);
						expected.computeIfAbsent(user, (u) -> new AtomicInteger()).incrementAndGet();
						pause(1);
					}
				});
				thread.start();
				threads.add(thread);
			}
			assertThat(halfway.await(60, TimeUnit.SECONDS)).isTrue();
			RedisNode victim = this.cluster.masterForSlot(RedisClusterTestServer.slotOf(shards.keys(0).tag()));
			long killed = System.nanoTime();
			this.cluster.kill(victim);
			RedisNode promoted = this.cluster.awaitFailover();
			long promotedAt = System.nanoTime();
			// one probe user on each shard: an award to it, then a read of the board that
			// asks every shard, until both succeed and agree for every shard
			List<String> probes = probeUsers(shards);
			Map<String, Integer> probed = new ConcurrentHashMap<>();
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(50))
				.until(() -> probesAgree(service, probes, probed));
			Duration recovery = Duration.ofNanos(System.nanoTime() - promotedAt);
			for (Thread thread : threads) {
				thread.join(Duration.ofSeconds(120).toMillis());
				assertThat(thread.isAlive()).as("commenting thread ended").isFalse();
			}
			assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(60))).isTrue();
			assertThat(promoted).isNotEqualTo(victim);
			List<RankEntry> board = service.board(Period.TOTAL).top(USERS + probes.size());
			long awarded = board.stream()
				.filter((entry) -> !probes.contains(entry.id()))
				.mapToLong(RankEntry::score)
				.sum();
			assertThat(awarded).isEqualTo(AWARDS);
			for (RankEntry entry : board) {
				int want = probes.contains(entry.id()) ? probed.get(entry.id()) : expected.get(entry.id()).get();
				assertThat(entry.score()).as(entry.id()).isEqualTo(want);
			}
			assertThat(service.board(Period.DAY).size()).isEqualTo(USERS + probes.size());
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			assertThat(counters.getFailed()).isZero();
			assertThat(counters.getRetryDropped()).isZero();
			assertThat(counters.getSetAside()).isZero();
			System.out.printf(
					"[reliability] cluster-failover-defaults: awards=%d killToPromotionMs=%d "
							+ "promotionToAgreeingMs=%d retried=%d failed=%d retryDropped=%d%n",
					AWARDS, Duration.ofNanos(promotedAt - killed).toMillis(), recovery.toMillis(),
					counters.getRetried(), counters.getFailed(), counters.getRetryDropped());
			assertThat(recovery).isLessThan(RECOVERY_LIMIT);
		});
	}

	/** One user id on each shard. */
	private static List<String> probeUsers(ShardMap shards) {
		String[] probes = new String[shards.shards()];
		int found = 0;
		for (int n = 0; found < probes.length; n++) {
			String user = "probe-" + n;
			int shard = shards.shardOf(user);
			if (probes[shard] == null) {
				probes[shard] = user;
				found++;
			}
		}
		return List.of(probes);
	}

	/**
	 * Whether an award to each probe user is applied on the spot and a read of every
	 * shard then sees every award the probe got. A failed award is sent again with the
	 * same field, so one whose reply was lost counts once ({@code ALREADY_AWARDED}).
	 */
	private static boolean probesAgree(ActivityRankService service, List<String> probes, Map<String, Integer> probed) {
		try {
			for (String probe : probes) {
				int n = probed.getOrDefault(probe, 0);
				AwardResult result = service.award(probe, "p" + n, "probe");
				assertThat(result.outcome()).isIn(AwardResult.Outcome.AWARDED, AwardResult.Outcome.ALREADY_AWARDED);
				probed.put(probe, n + 1);
			}
			for (String probe : probes) {
				long score = service.board(Period.TOTAL).rankOf(probe).map(RankEntry::score).orElse(-1L);
				if (score != probed.get(probe)) {
					return false;
				}
			}
			return true;
		}
		catch (RuntimeException ex) {
			// a shard is still away: the next attempt sends the same award again
			return false;
		}
	}

	private static void pause(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class CommentsConfiguration {

		@Bean
		Comments comments() {
			return new Comments();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class AcceptWhileDisconnected {

		@Bean
		LettuceClientOptionsBuilderCustomizer acceptWhileDisconnected() {
			return (builder) -> builder.disconnectedBehavior(DisconnectedBehavior.ACCEPT_COMMANDS);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class NoCommandTimeoutDefault {

		@Bean
		LettuceClientConfigurationBuilderCustomizer activityRankClusterCommandTimeout() {
			return (builder) -> {
			};
		}

	}

	static class Comments {

		@ActivityScore(rule = "comment", user = "#user", field = "#field")
		public void comment(String user, String field) {
		}

	}

}
