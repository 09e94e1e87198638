package io.github.activityrank.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The packaged sample, processed ahead of time by the build ({@code process-aot}),
 * started as {@code java -Dspring.aot.enabled=true -jar} in a JVM of its own: the
 * generated bean definitions replace the auto-configuration, as in a native image. It
 * serves its page and awards points. Runs in {@code verify}, after the jar is built
 * (failsafe).
 */
class SampleAotIT {

	private static final long ALAN = 2;

	private static final String PREFIX = RedisForTests.prefix("aot");

	private static Process app;

	private static Path log;

	private static int port;

	@BeforeAll
	static void startTheProcessedJar() throws IOException {
		Path jar = Path.of(System.getProperty("sample.jar", "target/sample-forum-app.jar"));
		assertThat(jar).as("the packaged sample (mvn package)").exists();
		RedisTestServer redis = RedisTestServer.shared();
		port = RedisTestServer.freePort();
		// the app's working directory and log, kept for a look after a failure
		Path directory = Files.createDirectories(Path.of(System.getProperty("sample.aot.dir", "target/sample-aot")));
		log = directory.resolve("app.log");
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dspring.aot.enabled=true",
						"-jar", jar.toAbsolutePath().toString()));
		command.addAll(List.of("--server.port=" + port, "--spring.data.redis.host=" + redis.host(),
				"--spring.data.redis.port=" + redis.port(), "--activity-rank.key-prefix=" + PREFIX,
				"--sample.embedded-redis.enabled=false",
				"--spring.datasource.url=jdbc:h2:mem:sample-aot;DB_CLOSE_DELAY=-1;DB_CLOSE_ON_EXIT=false"));
		app = new ProcessBuilder(command).directory(directory.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).until(() -> {
			assertThat(app.isAlive()).as("the app exited; its log:\n%s", logText()).isTrue();
			return status("/actuator/health") == 200;
		});
	}

	@AfterAll
	static void stop() throws InterruptedException {
		if (app != null) {
			app.destroy();
			if (!app.waitFor(30, TimeUnit.SECONDS)) {
				app.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		RedisForTests.deleteKeys(PREFIX);
	}

	@Test
	void startsFromTheGeneratedBeanDefinitions() throws IOException {
		assertThat(logText()).contains("Starting AOT-processed SampleForumApplication");
	}

	@Test
	void servesItsPage() throws Exception {
		HttpClient client = HttpClient.newHttpClient();
		var page = client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/")).build(),
				BodyHandlers.ofString());
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("<title>activity-rank · sample forum</title>");
	}

	@Test
	void awardsPointsThroughTheApi() {
		ForumApi api = new ForumApi(port);
		assertThat(api.post("/api/articles/1/praise", ALAN).status()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			JsonNode entries = api.get("/api/rank/day?size=30").body().get("entries");
			assertThat(entries).anySatisfy((entry) -> {
				assertThat(entry.get("userId").asString()).isEqualTo(String.valueOf(ALAN));
				assertThat(entry.get("score").asLong()).isEqualTo(2);
			});
		});
	}

	private static int status(String path) {
		try {
			return HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
					.timeout(Duration.ofSeconds(5))
					.build(), BodyHandlers.discarding())
				.statusCode();
		}
		catch (IOException ex) {
			return -1;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return -1;
		}
	}

	private static String logText() throws IOException {
		return Files.readString(log, StandardCharsets.UTF_8);
	}

}
