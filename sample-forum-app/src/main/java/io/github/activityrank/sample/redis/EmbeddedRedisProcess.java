package io.github.activityrank.sample.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import redis.embedded.RedisServer;

import org.springframework.beans.factory.DisposableBean;

/**
 * A redis-server process started by the demo; keeps nothing on disk.
 */
public final class EmbeddedRedisProcess implements DisposableBean, AutoCloseable {

	private final int port;

	private final RedisServer server;

	private final Thread shutdownHook = new Thread(this::close, "embedded-redis-shutdown");

	private EmbeddedRedisProcess(int port, RedisServer server) {
		this.port = port;
		this.server = server;
	}

	static EmbeddedRedisProcess start(int port) {
		try {
			RedisServer server = RedisServer.newRedisServer()
				.port(port)
				.bind("127.0.0.1")
				.setting("save \"\"")
				.setting("appendonly no")
				.build();
			server.start();
			EmbeddedRedisProcess process = new EmbeddedRedisProcess(port, server);
			Runtime.getRuntime().addShutdownHook(process.shutdownHook);
			process.awaitListening();
			return process;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start the embedded redis-server on port " + port
					+ "; start a Redis server and set spring.data.redis.host/port instead", ex);
		}
	}

	/**
	 * The port the server listens on, on 127.0.0.1.
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	@Override
	public void destroy() {
		close();
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// already shutting down
		}
	}

	@Override
	public synchronized void close() {
		try {
			if (this.server.isActive()) {
				this.server.stop();
			}
		}
		catch (IOException ex) {
			// the process is going away anyway
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
		close();
		throw new IllegalStateException(
				"The embedded redis-server did not listen on port " + this.port + " within 10s");
	}

}
