package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.ingest.EngineIngestSink;
import io.github.activityrank.ingest.IngestKeys;
import io.github.activityrank.ingest.IngestSink;
import io.github.activityrank.ingest.LedgerIngestSink;
import io.github.activityrank.ingest.StreamIngester;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * When ingestion is configured, what it is made of, how a bad setting stops the start,
 * and ingestion through the ledger's outbox.
 */
class IngestAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataRedisAutoConfiguration.class,
			ActivityRankRedisClientAutoConfiguration.class, ActivityRankAutoConfiguration.class,
			ActivityRankLedgerAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
			ActivityRankIngestAutoConfiguration.class);

	private final String prefix = RedisTestServer.uniquePrefix("ingestconf");

	private volatile Environment environment;

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.checkin.points=2", "activity-rank.events.enabled=false")
		.withInitializer((context) -> this.environment = context.getEnvironment());

	/**
	 * After the context closed: a running ingester may create its partition streams again
	 * after a clean-up made inside the context.
	 */
	@AfterEach
	void deleteTheKeysOfThisTest() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void isOffByDefault() {
		this.runner.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(StreamIngester.class));
	}

	@Test
	void enabledStartsAnIngesterThatAppliesThroughTheEngine() {
		this.runner.withPropertyValues("activity-rank.ingest.enabled=true").run((context) -> {
			try {
				assertThat(context).hasNotFailed().hasSingleBean(StreamIngester.class);
				assertThat(context.getBean(IngestSink.class)).isInstanceOf(EngineIngestSink.class);
				StreamIngester ingester = context.getBean(StreamIngester.class);
				assertThat(ingester.isRunning()).isTrue();
				assertThat(ingester.keys().partition(3)).isEqualTo("{" + this.prefix + ":activity:3}");
				assertThat(ingester.keys().partitions()).isEqualTo(4);
				assertThat(ingester.settings().batch()).isEqualTo(256);
				assertThat(ingester.settings().claimIdle()).isEqualTo(Duration.ofMinutes(1));
			}
			finally {
				RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class),
						RedisKeysCleaner.prefixPattern(this.prefix));
			}
		});
	}

	@Test
	void startsWhenRedisDoesNotAnswer() {
		this.runner
			.withPropertyValues("spring.data.redis.port=" + RedisTestServer.freePort(),
					"spring.data.redis.timeout=200ms", "spring.data.redis.connect-timeout=200ms",
					"activity-rank.ingest.enabled=true", "activity-rank.ingest.claim-idle=1s")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				StreamIngester ingester = context.getBean(StreamIngester.class);
				assertThat(ingester.isRunning()).isTrue();
				assertThat(ingester.counters().ownedPartitions()).isZero();
			});
	}

	@Test
	void backsOffToTheApplicationsSink() {
		IngestSink own = (events, times) -> List.of();
		this.runner.withPropertyValues("activity-rank.ingest.enabled=true")
			.withBean(IngestSink.class, () -> own)
			.run((context) -> {
				try {
					assertThat(context.getBean(IngestSink.class)).isSameAs(own);
				}
				finally {
					RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class),
							RedisKeysCleaner.prefixPattern(this.prefix));
				}
			});
	}

	@Test
	void badSettingsStopTheStartNamingThePropertyAndTheFix() {
		Map<String, String> bad = new LinkedHashMap<>();
		bad.put("activity-rank.ingest.stream=a:b", "activity-rank.ingest.stream");
		bad.put("activity-rank.ingest.batch=0", "activity-rank.ingest.batch");
		bad.put("activity-rank.ingest.batch=1000", "activity-rank.ingest.batch");
		bad.put("activity-rank.ingest.partitions=0", "activity-rank.ingest.partitions");
		bad.put("activity-rank.ingest.claim-idle=100ms", "activity-rank.ingest.claim-idle");
		bad.put("activity-rank.ingest.group=a b", "activity-rank.ingest.group");
		bad.put("activity-rank.ingest.dead-letter-size=0", "activity-rank.ingest.dead-letter-size");
		bad.forEach((property, name) -> this.runner.withPropertyValues("activity-rank.ingest.enabled=true", property)
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(context.getStartupFailure(),
						this.environment);
				assertThat(analysis.getDescription()).as(property)
					.contains("'" + name + "'")
					.contains("Set " + name + " to");
			}));
	}

	@Test
	void withTheLedgerOnIngestedAwardsGoThroughTheOutbox() {
		try (TestDatabase database = TestDatabases.h2()) {
			this.runner
				.withBean(DataSource.class, database::dataSource, (definition) -> definition.setDestroyMethodName(""))
				.withPropertyValues("activity-rank.ledger.enabled=true", "activity-rank.ingest.enabled=true",
						"activity-rank.ledger.poll-interval=200ms")
				.run((context) -> {
					try {
						assertThat(context).hasNotFailed();
						assertThat(context.getBean(IngestSink.class)).isInstanceOf(LedgerIngestSink.class);
						IngestKeys keys = context.getBean(StreamIngester.class).keys();
						List<ActivityEvent> events = events();
						try (RedisConnection connection = context.getBean(RedisConnectionFactory.class)
							.getConnection()) {
							for (ActivityEvent event : events) {
								Map<byte[], byte[]> fields = new LinkedHashMap<>();
								fields.put("user".getBytes(), event.userId().getBytes());
								fields.put("field".getBytes(), event.field().getBytes());
								fields.put("rule".getBytes(), "checkin".getBytes());
								if (event.revoke()) {
									fields.put("revoke".getBytes(), "1".getBytes());
								}
								connection.streamCommands()
									.xAdd(keys.partitionOfUser(event.userId()).getBytes(), fields);
							}
						}
						AwardLedger ledger = context.getBean(AwardLedger.class);
						JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
						await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
							assertThat(
									jdbc.queryForObject("SELECT COUNT(*) FROM " + ledger.tables().ledger(), Long.class))
								.isEqualTo(events.size());
							assertThat(ledger.pendingCount()).isZero();
						});
						ActivityRankService service = context.getBean(ActivityRankService.class);
						for (Map.Entry<String, Long> expected : totals(events).entrySet()) {
							assertThat(service.board(Period.TOTAL)
								.rankOf(expected.getKey())
								.map(RankEntry::score)
								.orElse(0L)).as(expected.getKey()).isEqualTo(expected.getValue());
						}
					}
					finally {
						RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class),
								RedisKeysCleaner.prefixPattern(this.prefix));
					}
				});
		}
	}

	/** Check-ins of 20 users, every third one taken back right after. */
	private static List<ActivityEvent> events() {
		List<ActivityEvent> events = new ArrayList<>();
		for (int i = 0; i < 300; i++) {
			String user = "u" + (i % 20);
			events.add(new ActivityEvent(user, "c" + i, "checkin", null, false));
			if (i % 3 == 0) {
				events.add(new ActivityEvent(user, "c" + i, "checkin", null, true));
			}
		}
		return events;
	}

	private static Map<String, Long> totals(List<ActivityEvent> events) {
		Map<String, Long> totals = new HashMap<>();
		for (ActivityEvent event : events) {
			totals.merge(event.userId(), event.revoke() ? -2L : 2L, Long::sum);
		}
		return totals;
	}

}
