package io.github.activityrank.faults;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankBadgeAutoConfiguration;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An award that caps cut short, failing for good after its cap counters were counted
 * (here on its badge counter, a field that holds no number), leaves the counters as they
 * were: once the key is cured, the day's cap still leaves what it left before, on the
 * lean loop and on the full script alike. A command that fails while counting gives back
 * only its own counts, whatever the command before it counted.
 */
class CappedAwardFailureTests {

	private final String prefix = RedisTestServer.uniquePrefix("capfail");

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@ParameterizedTest(name = "ranking {0}")
	@ValueSource(strings = { "competition", "dense" })
	void aClippedAwardThatFailsGivesItsCapCountersBack(String ranking) {
		runner(ranking).run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			StringRedisTemplate redis = context.getBean(StringRedisTemplate.class);
			assertThat(ranks.award("ada", "post-1", "praise").points()).isEqualTo(8);
			String record = recordOf(redis, "ada");
			Map<Object, Object> before = caps(redis, record);
			assertThat(before).containsEntry("#cap:praise", "8").containsEntry("#cap", "8");

			redis.opsForHash().put("{" + this.prefix + "}:badges:ada", "#n:praise", "not-a-number");
			AwardResult failed = ranks.award("ada", "post-2", "praise");
			assertThat(failed.outcome()).isEqualTo(Outcome.SET_ASIDE);
			assertThat(caps(redis, record)).isEqualTo(before);
			assertThat(redis.opsForHash().hasKey(record, "post-2")).isFalse();

			redis.opsForHash().put("{" + this.prefix + "}:badges:ada", "#n:praise", "1");
			AwardResult clipped = ranks.award("ada", "post-3", "praise");
			assertThat(clipped.outcome()).isEqualTo(Outcome.AWARDED);
			assertThat(clipped.points()).isEqualTo(2);
			assertThat(ranks.award("ada", "post-4", "praise").outcome()).isEqualTo(Outcome.CAPPED);
			assertThat(ranks.board(Period.DAY).rankOf("ada").orElseThrow().score()).isEqualTo(10);
		});
	}

	@ParameterizedTest(name = "ranking {0}")
	@ValueSource(strings = { "competition", "dense" })
	void aCommandThatFailsWhileCountingLeavesItsUsersCountersAsTheyWere(String ranking) {
		runner(ranking).run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			StringRedisTemplate redis = context.getBean(StringRedisTemplate.class);
			assertThat(ranks.award("bob", "post-0", "praise").points()).isEqualTo(8);
			String record = recordOf(redis, "bob");
			// bob's global counter holds no number: his award fails on it, after his
			// rule's
			// counter was counted, and in the batch right after ada's award counted hers
			redis.opsForHash().put(record, "#cap", "not-a-number");
			List<AwardResult> results = ranks.applyAll(List.of(ActivityEvent.award("ada", "post-1", "praise"),
					ActivityEvent.award("bob", "post-1", "praise")));
			assertThat(results.get(0).points()).isEqualTo(8);
			assertThat(results.get(1).outcome()).isEqualTo(Outcome.SET_ASIDE);
			assertThat(caps(redis, record)).containsEntry("#cap:praise", "8").containsEntry("#cap", "not-a-number");

			redis.opsForHash().put(record, "#cap", "8");
			assertThat(ranks.award("bob", "post-2", "praise").points()).isEqualTo(2);
			assertThat(ranks.board(Period.DAY).rankOf("bob").orElseThrow().score()).isEqualTo(10);
		});
	}

	private ApplicationContextRunner runner(String ranking) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
					ActivityRankAutoConfiguration.class, ActivityRankBadgeAutoConfiguration.class))
			.withPropertyValues(RedisTestServer.shared().springProperties())
			.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day",
					"activity-rank.ranking=" + ranking, "activity-rank.daily-cap=30",
					"activity-rank.rules.praise.points=8", "activity-rank.rules.praise.daily-cap=10",
					"activity-rank.badges.praised.rule=praise", "activity-rank.badges.praised.count=100");
	}

	private String recordOf(StringRedisTemplate redis, String user) {
		return redis.keys("{" + this.prefix + "}:rec:*:" + user).iterator().next();
	}

	private static Map<Object, Object> caps(StringRedisTemplate redis, String record) {
		Map<Object, Object> caps = new TreeMap<>();
		redis.opsForHash().entries(record).forEach((field, value) -> {
			if (field.toString().startsWith("#cap")) {
				caps.put(field, value);
			}
		});
		return caps;
	}

}
