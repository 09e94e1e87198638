package io.github.activityrank.autoconfigure;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.engine.UserErasure;
import io.github.activityrank.ingest.EngineIngestSink;
import io.github.activityrank.ingest.IngestKeys;
import io.github.activityrank.ingest.IngestSettings;
import io.github.activityrank.ingest.IngestSink;
import io.github.activityrank.ingest.LedgerIngestSink;
import io.github.activityrank.ingest.StreamIngester;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerRelay;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.StreamErasure;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Auto-configuration of ingestion from Redis Streams
 * ({@code activity-rank.ingest.enabled=true}): the {@link IngestSink} (the engine, or the
 * ledger's outbox when the ledger is on) and the {@link StreamIngester} that consumes the
 * partitions on the application's Lettuce client.
 */
@AutoConfiguration(after = { ActivityRankAutoConfiguration.class, ActivityRankLedgerAutoConfiguration.class })
@ConditionalOnClass(name = "io.lettuce.core.AbstractRedisClient")
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty("activity-rank.ingest.enabled")
@ConditionalOnBean({ ActivityRankService.class, RedisConnectionFactory.class })
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankIngestAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IngestSink activityRankIngestSink(ActivityRankService service) {
		return new EngineIngestSink(service);
	}

	@Bean
	@ConditionalOnMissingBean
	StreamIngester activityRankStreamIngester(ActivityRankProperties properties, RedisConnectionFactory factory,
			RankKeys keys, IngestSink sink, ActivityCalendar calendar, TransientFailurePolicy transientFailures,
			Environment environment) {
		IngestProperties ingest = properties.getIngest();
		ActivityRankPropertyChecks.checkIngest(ingest);
		ActivityRankPropertyChecks.checkIngestClient(factory instanceof LettuceConnectionFactory, factory);
		LettuceConnectionFactory lettuce = (LettuceConnectionFactory) factory;
		ActivityRankPropertyChecks.checkCommandTimeout(lettuce.getClientConfiguration().getCommandTimeout(),
				ingest.getClaimIdle(), ActivityRankRedisClientAutoConfiguration.starterTimeout(environment, properties),
				environment);
		IngestSettings settings = new IngestSettings(ingest.getGroup(), ingest.getBatch(), ingest.getClaimIdle(),
				ingest.getDeadLetterSize(), properties.getItems().keySet(), properties.getRetention().getRecord(),
				properties.getScopes().keySet());
		return new StreamIngester(lettuce.getRequiredNativeClient(),
				new IngestKeys(keys.tag(), ingest.getStream(), ingest.getPartitions()), settings, sink, calendar::now,
				transientFailures);
	}

	/**
	 * {@code removeUser} also deletes the user's entries from the dead-letter stream:
	 * they are copies of the user's messages, with the user id.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "activityRankDeadLetterErasure")
	UserErasure activityRankDeadLetterErasure(RedisConnectionFactory factory, StreamIngester ingester) {
		return new StreamErasure(factory, ingester.keys().deadLetter(), StreamIngester.USER_FIELD);
	}

	/**
	 * With the ledger on, ingested awards go through its outbox; the engine (the service
	 * that applies to Redis, which can apply at a given instant) decides what is
	 * rejected. Without such an engine (the application replaced it), the ledger's
	 * service applies them, which records them in the ledger as well.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("activity-rank.ledger.enabled")
	@ConditionalOnClass(name = "org.springframework.jdbc.core.JdbcTemplate")
	@ConditionalOnBean(
			type = { "io.github.activityrank.ledger.AwardLedger", "io.github.activityrank.ledger.LedgerRelay" })
	static class LedgerSinkConfiguration {

		@Bean
		@ConditionalOnMissingBean(IngestSink.class)
		IngestSink activityRankLedgerIngestSink(AwardLedger ledger, LedgerRelay relay, ActivityRankService service,
				ObjectProvider<ActivityRankService> services) {
			return services.orderedStream()
				.filter(TimedActivityApplier.class::isInstance)
				.map((engine) -> (IngestSink) new LedgerIngestSink(ledger, relay, (TimedActivityApplier) engine))
				.findFirst()
				.orElseGet(() -> new EngineIngestSink(service));
		}

	}

}
