package io.github.activityrank.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import redis.embedded.RedisServer;

/**
 * A private redis-server process (the binary shipped by the embedded-redis artifact) on a
 * free port, which a test may stop and start again to simulate an outage. By default it
 * keeps nothing on disk, so a restart comes back empty, as a crashed server with no
 * persistence does; one started with {@link #startKeepingData()} saves its memory when
 * stopped and loads it again when started, as a server with persistence that is restarted
 * does.
 */
public final class EmbeddedRedis implements AutoCloseable {

	private final int port;

	/** Where a server that keeps its data writes its RDB file; {@code null} for none. */
	private final Path dataDirectory;

	private RedisServer server;

	private EmbeddedRedis(int port, Path dataDirectory) {
		this.port = port;
		this.dataDirectory = dataDirectory;
	}

	/**
	 * Start a new server on a free port that keeps nothing on disk; it is stopped when
	 * the JVM exits at the latest.
	 * @return the running server
	 */
	public static EmbeddedRedis start() {
		return start(new EmbeddedRedis(RedisTestServer.freePort(), null));
	}

	/**
	 * Start a new server on a free port that saves its memory to a temporary directory
	 * when it is stopped ({@link #stop()} ends it with SIGTERM, and a server with a save
	 * point saves before it exits) and loads it from there when {@link #startServer()
	 * started} again. It is stopped when the JVM exits at the latest.
	 * @return the running server
	 */
	public static EmbeddedRedis startKeepingData() {
		try {
			return start(new EmbeddedRedis(RedisTestServer.freePort(), Files.createTempDirectory("embedded-redis-")));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create a data directory for redis-server", ex);
		}
	}

	private static EmbeddedRedis start(EmbeddedRedis redis) {
		redis.startServer();
		Runtime.getRuntime().addShutdownHook(new Thread(redis::close));
		return redis;
	}

	/**
	 * Send one inline command on a connection of its own ({@code CLIENT PAUSE 2000},
	 * {@code CONFIG SET maxmemory 1}, ...).
	 * @param command the command
	 * @throws IllegalStateException when the reply is not a status reply ({@code +...})
	 */
	public void command(String command) {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			int first = in.read();
			if (first != '+') {
				throw new IllegalStateException("reply to " + command + " starts with " + (char) first);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Where a server started with {@link #startKeepingData()} keeps its data.
	 * @return the directory, {@code null} for a server that keeps nothing on disk
	 */
	public Path dataDirectory() {
		return this.dataDirectory;
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
				.settingIf(this.dataDirectory == null, "save \"\"")
				// a save point makes the server save on SIGTERM; an hour never passes in
				// a test
				.settingIf(this.dataDirectory != null, "save 3600 1")
				.settingIf(this.dataDirectory != null, "dir \"" + this.dataDirectory + "\"")
				.settingIf(this.dataDirectory != null, "dbfilename dump.rdb")
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
	 * Stop the server and wait until its process has exited; clients see refused
	 * connections until {@link #startServer()}. A server that keeps its data has saved it
	 * by then.
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
		if (this.dataDirectory != null) {
			try {
				Files.deleteIfExists(this.dataDirectory.resolve("dump.rdb"));
				Files.deleteIfExists(this.dataDirectory);
			}
			catch (IOException ex) {
				// a temporary directory; the system cleans it up eventually
			}
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
