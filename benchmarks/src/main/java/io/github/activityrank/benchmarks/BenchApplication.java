package io.github.activityrank.benchmarks;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.ingest.IngestSink;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * The smallest application a user of the starter writes: auto-configuration, a user
 * lookup and a bean with annotated methods. The benchmarks drive the engine through it.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class BenchApplication {

	@Bean
	RankUserLookup benchUserLookup() {
		return BenchApplication::displayNames;
	}

	@Bean
	ScoredActions scoredActions() {
		return new ScoredActions();
	}

	/**
	 * Replaces the engine (it backs off) when section 3 of the report (aspect overhead)
	 * measures the aspect alone.
	 */
	@Bean
	@ConditionalOnProperty("bench.in-memory-service")
	ActivityRankService inMemoryActivityRankService() {
		return InMemoryActivityRankService.create();
	}

	/**
	 * Notes the end-to-end lag of ingested messages when the ingestion section runs.
	 */
	@Bean
	@ConditionalOnProperty("bench.ingest-lag")
	static BeanPostProcessor ingestLagRecorder() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				return (bean instanceof IngestSink sink) ? new IngestLag(sink) : bean;
			}
		};
	}

	/**
	 * Display data as an application's single bulk lookup would return it, built in
	 * memory.
	 */
	static Map<String, ?> displayNames(Collection<String> userIds) {
		Map<String, String> names = new HashMap<>(userIds.size() * 2);
		for (String id : userIds) {
			names.put(id, "User " + id);
		}
		return names;
	}

}
