package io.github.activityrank.test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Redis server every Redis-touching test runs against, found once per JVM in this
 * order:
 * <ol>
 * <li>the {@code REDIS_URL} environment variable (for example
 * {@code redis://127.0.0.1:6379});</li>
 * <li>a Testcontainers {@code redis:7-alpine} container when a Docker engine
 * answers;</li>
 * <li>a redis-server binary from the embedded-redis artifact, started on a free
 * port.</li>
 * </ol>
 * If none can be had, {@link #shared()} throws: Redis tests fail loudly, they are never
 * skipped. Tests share the server, so each one writes under its own key prefix
 * ({@link #uniquePrefix}).
 */
public final class RedisTestServer {

	private static final String LOCAL_HOST = "127.0.0.1";

	private static final int LOCAL_PORT = 6379;

	private static volatile RedisTestServer shared;

	private final String host;

	private final int port;

	private final String source;

	private RedisTestServer(String host, int port, String source) {
		this.host = host;
		this.port = port;
		this.source = source;
	}

	/**
	 * The server shared by all tests of this JVM, found or started on first use.
	 * @return the server
	 * @throws IllegalStateException when no Redis server can be had
	 */
	public static RedisTestServer shared() {
		RedisTestServer server = shared;
		if (server == null) {
			synchronized (RedisTestServer.class) {
				server = shared;
				if (server == null) {
					server = locate();
					shared = server;
				}
			}
		}
		return server;
	}

	private static RedisTestServer locate() {
		String url = System.getenv("REDIS_URL");
		if (url != null && !url.isBlank()) {
			URI uri = URI.create(url.trim());
			return new RedisTestServer(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 6379, "REDIS_URL");
		}
		StringBuilder why = new StringBuilder();
		if (answersPing(LOCAL_HOST, LOCAL_PORT)) {
			return new RedisTestServer(LOCAL_HOST, LOCAL_PORT, "local redis-server " + LOCAL_PORT);
		}
		why.append("no local server on " + LOCAL_HOST + ":" + LOCAL_PORT + "; ");
		try {
			RedisTestServer container = TestcontainersRedis.startIfDockerAvailable();
			if (container != null) {
				return container;
			}
			why.append("no Docker engine for Testcontainers; ");
		}
		catch (LinkageError | RuntimeException ex) {
			why.append("Testcontainers failed: ").append(ex).append("; ");
		}
		try {
			EmbeddedRedis embedded = EmbeddedRedis.start();
			return new RedisTestServer("127.0.0.1", embedded.port(), "embedded redis-server " + embedded.port());
		}
		catch (Exception | LinkageError ex) {
			why.append("embedded redis-server failed: ").append(ex);
		}
		throw new IllegalStateException(
				"No Redis server for the tests: set REDIS_URL, start redis-server on 6379, start Docker, or make the "
						+ "embedded-redis binary runnable (" + why + ")");
	}

	/**
	 * Whether a Redis server answers {@code PING} at that address within a second.
	 */
	static boolean answersPing(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 1000);
			socket.setSoTimeout(1000);
			socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			byte[] reply = new byte[7];
			int read = socket.getInputStream().readNBytes(reply, 0, reply.length);
			return new String(reply, 0, read, StandardCharsets.US_ASCII).equals("+PONG\r\n");
		}
		catch (IOException ex) {
			return false;
		}
	}

	static RedisTestServer container(String host, int port) {
		return new RedisTestServer(host, port, "Testcontainers");
	}

	/**
	 * Host name of the server.
	 * @return the host
	 */
	public String host() {
		return this.host;
	}

	/**
	 * Port of the server.
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	/**
	 * Where the server came from, for log lines.
	 * @return a short description
	 */
	public String source() {
		return this.source;
	}

	/**
	 * Properties that point Spring Boot's Redis auto-configuration at this server.
	 * @return {@code spring.data.redis.host=...} and {@code spring.data.redis.port=...}
	 */
	public String[] springProperties() {
		return new String[] { "spring.data.redis.host=" + this.host, "spring.data.redis.port=" + this.port };
	}

	/**
	 * Properties that point Spring Boot's Redis auto-configuration at one logical
	 * database of this server.
	 * @param database the database index
	 * @return host, port and {@code spring.data.redis.database}
	 */
	public String[] springProperties(int database) {
		return new String[] { "spring.data.redis.host=" + this.host, "spring.data.redis.port=" + this.port,
				"spring.data.redis.database=" + database };
	}

	/**
	 * A new, started connection factory for this server; the caller destroys it.
	 * @return the factory
	 */
	public LettuceConnectionFactory newConnectionFactory() {
		return newConnectionFactory(0);
	}

	/**
	 * A new, started connection factory for one logical database of this server; the
	 * caller destroys it.
	 * @param database the database index
	 * @return the factory
	 */
	public LettuceConnectionFactory newConnectionFactory(int database) {
		RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration(this.host, this.port);
		configuration.setDatabase(database);
		LettuceConnectionFactory factory = new LettuceConnectionFactory(configuration);
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	/**
	 * A key prefix no other test uses, so tests can run in parallel against one server.
	 * @param base a readable part, such as the test class name
	 * @return the prefix
	 */
	public static String uniquePrefix(String base) {
		return "test_" + base + "_" + UUID.randomUUID().toString().substring(0, 8);
	}

	/**
	 * A TCP port nothing listens on right now.
	 * @return the port
	 */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			socket.setReuseAddress(true);
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException("No free port", ex);
		}
	}

	@Override
	public String toString() {
		return this.host + ":" + this.port + " (" + this.source + ")";
	}

}
