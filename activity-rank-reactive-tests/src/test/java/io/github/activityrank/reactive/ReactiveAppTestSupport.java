package io.github.activityrank.reactive;

import java.time.Duration;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WebFlux application on a random port, on the shared test Redis under its own key
 * prefix, with BlockHound watching every non-blocking thread: each test ends by checking
 * that nothing blocked one.
 */
@SpringBootTest(classes = ReactiveForumApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class ReactiveAppTestSupport {

	static final String PREFIX = RedisTestServer.uniquePrefix("reactive");

	static {
		BlockingCalls.install();
	}

	@LocalServerPort
	int port;

	@Autowired
	ActivityRankAdmin admin;

	@Autowired
	ActivityRankService ranks;

	@Autowired
	ReactiveForumApplication.Posts posts;

	WebTestClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		for (String property : RedisTestServer.shared().springProperties()) {
			int equals = property.indexOf('=');
			registry.add(property.substring(0, equals), () -> property.substring(equals + 1));
		}
		registry.add("activity-rank.key-prefix", () -> PREFIX);
		registry.add("activity-rank.periods", () -> "day");
		registry.add("activity-rank.rules.publish.points", () -> "5");
		registry.add("activity-rank.rules.page-view.points", () -> "1");
		registry.add("activity-rank.page-views.enabled", () -> "true");
		registry.add("activity-rank.page-views.exclude", () -> "/public/**");
	}

	@BeforeEach
	void client() {
		this.client = WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build();
		BlockingCalls.clear();
	}

	@AfterEach
	void nothingBlockedANonBlockingThread() {
		assertThat(BlockingCalls.recorded()).isEmpty();
	}

	@AfterAll
	static void deleteKeys() {
		RedisKeysCleaner.deletePrefix(PREFIX);
	}

	long score(String user) {
		return this.ranks.board(Period.DAY).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	void awaitApplied() {
		assertThat(this.admin.awaitApplied(Duration.ofSeconds(10))).isTrue();
	}

	/** A user name no other test uses, since the tests share one board. */
	static String user(String name) {
		return name + "-" + Long.toHexString(System.nanoTime());
	}

}
