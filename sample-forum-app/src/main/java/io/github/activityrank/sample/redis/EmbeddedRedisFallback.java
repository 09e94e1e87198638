package io.github.activityrank.sample.redis;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.logging.Log;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes the sample run with no setup: when no Redis answers at the configured
 * {@code spring.data.redis.*} address, it starts the redis-server binary shipped by the
 * embedded-redis artifact on a free local port and points {@code spring.data.redis.*} at
 * it.
 * <p>
 * It runs before the application context exists, so Spring Boot's Redis
 * auto-configuration only ever sees the address that works. The server lives as long as
 * the context: it is registered as a bean created before the Redis connection factory, so
 * it is destroyed after it (queued awards are flushed first), and a JVM shutdown hook
 * stops it if the start fails. Switch it off with
 * {@code sample.embedded-redis.enabled=false}.
 */
public class EmbeddedRedisFallback implements EnvironmentPostProcessor, Ordered {

	/**
	 * Runs after the configuration files are read (ConfigDataEnvironmentPostProcessor).
	 */
	public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;

	static final String PROPERTY_SOURCE_NAME = "sampleEmbeddedRedis";

	private static final int CONNECT_TIMEOUT_MILLIS = 500;

	private final Log log;

	public EmbeddedRedisFallback(DeferredLogFactory logFactory) {
		this.log = logFactory.getLog(EmbeddedRedisFallback.class);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!environment.getProperty("sample.embedded-redis.enabled", Boolean.class, true)
				|| environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
			return;
		}
		String url = environment.getProperty("spring.data.redis.url");
		String host;
		int port;
		if (url != null && !url.isBlank()) {
			URI uri = URI.create(url.trim());
			host = uri.getHost();
			port = (uri.getPort() > 0) ? uri.getPort() : 6379;
		}
		else {
			host = environment.getProperty("spring.data.redis.host", "localhost");
			port = environment.getProperty("spring.data.redis.port", Integer.class, 6379);
		}
		if (answers(host, port)) {
			this.log.info("Using Redis at " + host + ":" + port);
			return;
		}
		EmbeddedRedisProcess redis = EmbeddedRedisProcess.start(freePort());
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.data.redis.host", "127.0.0.1");
		properties.put("spring.data.redis.port", redis.port());
		if (url != null && !url.isBlank()) {
			properties.put("spring.data.redis.url", "redis://127.0.0.1:" + redis.port());
		}
		environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, properties));
		application.addListeners(new Lifecycle(redis));
		this.log.warn("No Redis answered at " + host + ":" + port + "; started an embedded redis-server for the demo"
				+ " on 127.0.0.1:" + redis.port() + " (data is lost when the app stops; set spring.data.redis.host/port"
				+ " to use your own server)");
	}

	static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
			return true;
		}
		catch (IOException | IllegalArgumentException ex) {
			return false;
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException("No free port for the embedded redis-server", ex);
		}
	}

	/**
	 * Ties the server to the application context: a bean for an orderly stop, the failed
	 * event for a start that did not get that far.
	 */
	private static final class Lifecycle implements ApplicationListener<ApplicationEvent> {

		private final EmbeddedRedisProcess redis;

		Lifecycle(EmbeddedRedisProcess redis) {
			this.redis = redis;
		}

		@Override
		public void onApplicationEvent(ApplicationEvent event) {
			if (event instanceof ApplicationPreparedEvent prepared
					&& prepared.getApplicationContext() instanceof GenericApplicationContext context) {
				// registered before any auto-configured bean, so destroyed after all of
				// them
				context.registerBean("sampleEmbeddedRedis", EmbeddedRedisProcess.class, () -> this.redis);
			}
			else if (event instanceof ApplicationFailedEvent) {
				this.redis.close();
			}
		}

	}

}
