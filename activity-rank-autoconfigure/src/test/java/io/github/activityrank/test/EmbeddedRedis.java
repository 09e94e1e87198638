package io.github.activityrank.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import redis.embedded.RedisServer;

/**
 * A private redis-server process (the binary shipped by the embedded-redis artifact) on a free port,
 * which a test may stop and start again to simulate an outage. It keeps nothing on disk, so a restart
 * comes back empty, as a crashed server with no persistence does.
 */
public final class EmbeddedRedis implements AutoCloseable {

	private final int port;

	private RedisServer server;

	private EmbeddedRedis(int port) {
		this.port = port;
	}

	/**
	 * Start a new server on a free port; it is stopped when the JVM exits at the latest.
	 * @return the running server
	 */
	public static EmbeddedRedis start() {
		EmbeddedRedis redis = new EmbeddedRedis(RedisTestServer.freePort());
		redis.startServer();
		Runtime.getRuntime().addShutdownHook(new Thread(redis::close));
		return redis;
	}

	/**
	 * Port the server listens on, the same across restarts.
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	/**
	 * Start the server again after {@link #stop()}.
	 */
	public synchronized void startServer() {
		if (this.server != null && this.server.isActive()) {
			return;
		}
		try {
			this.server = RedisServer.newRedisServer()
				.port(this.port)
				.bind("127.0.0.1")
				.setting("save \"\"")
				.setting("appendonly no")
				.build();
			this.server.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start redis-server on port " + this.port, ex);
		}
		awaitListening();
	}

	/**
	 * Stop the server; clients see refused connections until {@link #startServer()}.
	 */
	public synchronized void stop() {
		if (this.server != null) {
			try {
				this.server.stop();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	}

	@Override
	public void close() {
		try {
			stop();
		}
		catch (RuntimeException ex) {
			// the JVM is going away; nothing left to do
		}
	}

	private void awaitListening() {
		long deadline = System.nanoTime() + 10_000_000_000L;
		while (System.nanoTime() < deadline) {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
				return;
			}
			catch (IOException ex) {
				try {
					Thread.sleep(20);
				}
				catch (InterruptedException interrupted) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}
		throw new IllegalStateException("redis-server did not listen on port " + this.port + " within 10s");
	}

}
