package io.github.activityrank.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server of the run's own, on a free port of 127.0.0.1, without persistence:
 * {@code INFO commandstats} is server-wide, so on a shared server other clients' commands
 * would land in the figures. Stopped (and its directory removed) on {@link #close()}.
 */
final class PrivateRedis implements AutoCloseable {

	private static final long START_MILLIS = 10_000;

	private final Process process;

	private final Path dir;

	private final int port;

	private PrivateRedis(Process process, Path dir, int port) {
		this.process = process;
		this.dir = dir;
		this.port = port;
	}

	/** Start redis-server (on the PATH) and wait until it takes connections. */
	static PrivateRedis start() {
		Path dir = null;
		try {
			dir = Files.createTempDirectory("bench-redis");
			int port = freePort();
			Process process = new ProcessBuilder(List.of("redis-server", "--port", String.valueOf(port), "--bind",
					"127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--logfile",
					dir.resolve("redis.log").toString()))
				.redirectErrorStream(true)
				.redirectOutput(dir.resolve("stdout.log").toFile())
				.start();
			PrivateRedis redis = new PrivateRedis(process, dir, port);
			redis.awaitListening();
			return redis;
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"Could not start redis-server for a private benchmark server (is it on "
							+ "the PATH?); or pass --redis redis://host:port to use a running one: " + ex.getMessage(),
					ex);
		}
	}

	int port() {
		return this.port;
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private void awaitListening() {
		long deadline = System.nanoTime() + START_MILLIS * 1_000_000;
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				close();
				throw new IllegalStateException("redis-server exited at start with " + this.process.exitValue());
			}
			try (Socket socket = new Socket("127.0.0.1", this.port)) {
				return;
			}
			catch (IOException notYet) {
				BenchRedis.sleep(20);
			}
		}
		close();
		throw new IllegalStateException(
				"redis-server took no connections on port " + this.port + " within " + START_MILLIS + " ms");
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		try (var files = Files.list(this.dir)) {
			for (Path file : files.toList()) {
				Files.deleteIfExists(file);
			}
			Files.deleteIfExists(this.dir);
		}
		catch (IOException ex) {
			System.out.println("WARNING: could not remove " + this.dir + ": " + ex.getMessage());
		}
	}

}
