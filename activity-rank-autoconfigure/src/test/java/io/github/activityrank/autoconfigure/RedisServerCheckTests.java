package io.github.activityrank.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the start says about the Redis server: the address and the properties to set when
 * it does not answer, and a warning when its {@code maxmemory-policy} would evict keys.
 * Against private redis-server processes, whose configuration a test may change.
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisServerCheckTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues("activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("server_check"),
				"spring.data.redis.host=127.0.0.1", "spring.data.redis.timeout=500ms",
				"spring.data.redis.connect-timeout=500ms");

	@Test
	void withNoRedisTheWarningNamesTheAddressTriedAndTheProperties(CapturedOutput output) {
		int port = RedisTestServer.freePort();
		this.runner.withPropertyValues("spring.data.redis.port=" + port).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(output).contains("Redis at 127.0.0.1:" + port,
					"set spring.data.redis.host and "
							+ "spring.data.redis.port, or spring.data.redis.url, to where your Redis runs",
					"did not answer");
		});
	}

	@Test
	void aPolicyThatEvictsKeysIsNamedWithTheFix(CapturedOutput output) {
		try (EmbeddedRedis redis = EmbeddedRedis.start()) {
			command(redis, "CONFIG SET maxmemory-policy allkeys-lru");
			this.runner.withPropertyValues("spring.data.redis.port=" + redis.port()).run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output).contains("has maxmemory-policy allkeys-lru", "Set maxmemory-policy noeviction");
			});
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "CONFIG SET maxmemory-policy noeviction",
			// as managed services do: the default user may not run CONFIG
			"ACL SETUSER default on nopass ~* &* +@all -config" })
	void noevictionOrAServerThatRefusesConfigGetStartsQuietly(String setUp, CapturedOutput output) {
		try (EmbeddedRedis redis = EmbeddedRedis.start()) {
			command(redis, setUp);
			this.runner.withPropertyValues("spring.data.redis.port=" + redis.port()).run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output).doesNotContain("maxmemory-policy", "did not answer");
			});
		}
	}

	@Test
	void onlyPoliciesOtherThanNoevictionAreReported() {
		Properties cluster = new Properties();
		cluster.setProperty("127.0.0.1:7000.maxmemory-policy", "noeviction");
		cluster.setProperty("127.0.0.1:7001.maxmemory-policy", "volatile-lru");
		assertThat(RedisServerCheck.evictingPolicies(cluster)).isEqualTo("volatile-lru");
		assertThat(RedisServerCheck.evictingPolicies(new Properties())).isEmpty();
		assertThat(RedisServerCheck.evictingPolicies(null)).isEmpty();
	}

	/** One inline command on a connection of its own; the reply must be +OK. */
	private static void command(EmbeddedRedis redis, String command) {
		try (Socket socket = new Socket("127.0.0.1", redis.port())) {
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			assertThat((char) in.read()).as("reply to " + command).isEqualTo('+');
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
