package io.github.activityrank.benchmarks;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityRankService;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The engine as users get it: {@link BenchApplication} started by Spring Boot with
 * {@code activity-rank.*} properties, in the benchmark database, under a key prefix of
 * this run.
 */
final class EngineContext implements AutoCloseable {

	/**
	 * The scoring rule every benchmark awards: 2 points, once per user, field and day.
	 */
	static final String RULE = "praise";

	static final int RULE_POINTS = 2;

	final ConfigurableApplicationContext context;

	final String prefix;

	final ZoneId zone = ZoneId.systemDefault();

	private EngineContext(ConfigurableApplicationContext context, String prefix) {
		this.context = context;
		this.prefix = prefix;
	}

	static EngineContext start(BenchOptions options, String prefix, String... extraProperties) {
		return start(options, prefix, (context) -> {
		}, extraProperties);
	}

	/**
	 * Start with beans of the caller's registered first (a DataSource for the ledger).
	 */
	static EngineContext start(BenchOptions options, String prefix,
			ApplicationContextInitializer<ConfigurableApplicationContext> initializer, String... extraProperties) {
		List<String> properties = new ArrayList<>(List.of("spring.data.redis.host=" + options.host,
				"spring.data.redis.port=" + options.port, "spring.data.redis.database=" + options.database,
				"activity-rank.key-prefix=" + prefix, "activity-rank.rules." + RULE + ".points=" + RULE_POINTS,
				"activity-rank.periods=day,month", "activity-rank.time-zone=" + ZoneId.systemDefault().getId(),
				"logging.level.root=WARN", "logging.level.io.github.activityrank=WARN"));
		properties.addAll(List.of(extraProperties));
		ConfigurableApplicationContext context = new SpringApplicationBuilder(BenchApplication.class)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(properties.toArray(new String[0]))
			.initializers(initializer)
			.run();
		return new EngineContext(context, prefix);
	}

	ActivityRankService service() {
		return this.context.getBean(ActivityRankService.class);
	}

	StringRedisTemplate redis() {
		return this.context.getBean(StringRedisTemplate.class);
	}

	<T> T bean(Class<T> type) {
		return this.context.getBean(type);
	}

	@Override
	public void close() {
		this.context.close();
	}

}
