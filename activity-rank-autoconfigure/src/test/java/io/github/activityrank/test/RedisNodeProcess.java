package io.github.activityrank.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One redis-server process of a test cluster, in cluster mode on a free port, with its
 * own directory (configuration, {@code nodes.conf}, log) that is deleted when the process
 * is stopped. It keeps nothing on disk besides the cluster state, so a killed node loses
 * its data as a crashed server without persistence does.
 */
final class RedisNodeProcess {

	static final String HOST = "127.0.0.1";

	/** Redis puts a node's cluster bus on its port plus this. */
	private static final int BUS_PORT_OFFSET = 10000;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	private final int port;

	private final Path directory;

	private final Process process;

	private RedisNodeProcess(int port, Path directory, Process process) {
		this.port = port;
		this.directory = directory;
		this.process = process;
	}

	/**
	 * Start a cluster-enabled node on a free port in a new directory under
	 * {@code parent}, and wait until it answers {@code PING}. A port another process
	 * takes between the choice and the start is retried on another port.
	 * @param binary the redis-server executable
	 * @param parent where the node's directory goes
	 * @param nodeTimeout the {@code cluster-node-timeout}: how long a silent master has
	 * until the others fail it over
	 * @return the running node
	 */
	static RedisNodeProcess start(Path binary, Path parent, Duration nodeTimeout) {
		IllegalStateException last = null;
		for (int attempt = 0; attempt < 3; attempt++) {
			int port = freePortWithFreeBusPort();
			try {
				return start(binary, parent, nodeTimeout, port);
			}
			catch (IllegalStateException ex) {
				last = ex;
			}
		}
		throw last;
	}

	private static RedisNodeProcess start(Path binary, Path parent, Duration nodeTimeout, int port) {
		Path directory = parent.resolve("node-" + port);
		Process process;
		try {
			Files.createDirectories(directory);
			Path config = directory.resolve("redis.conf");
			Files.write(config, configuration(port, directory, nodeTimeout), StandardCharsets.UTF_8);
			process = new ProcessBuilder(binary.toString(), config.toString()).directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(directory.resolve("redis.log").toFile())
				.start();
		}
		catch (IOException ex) {
			deleteRecursively(directory);
			throw new UncheckedIOException("Could not start " + binary + " on port " + port, ex);
		}
		RedisNodeProcess node = new RedisNodeProcess(port, directory, process);
		node.awaitPing();
		return node;
	}

	private static List<String> configuration(int port, Path directory, Duration nodeTimeout) {
		return List.of("port " + port, "bind " + HOST, "protected-mode no", "daemonize no", "cluster-enabled yes",
				"cluster-config-file nodes.conf", "cluster-node-timeout " + nodeTimeout.toMillis(),
				// a replica promotes itself however long it was cut off from its master:
				// the failover tests kill masters and want the replica to take over at
				// once
				"cluster-replica-validity-factor 0",
				// a replica's first sync starts at once instead of after the default 5 s
				// wait for more replicas
				"repl-diskless-sync-delay 0", "appendonly no", "save \"\"", "dir \"" + directory + "\"",
				"logfile \"\"");
	}

	/**
	 * A port that is free now and whose cluster bus port (port + 10000) is free too.
	 */
	private static int freePortWithFreeBusPort() {
		for (int attempt = 0; attempt < 50; attempt++) {
			int port = RedisTestServer.freePort();
			if (port + BUS_PORT_OFFSET <= 65535 && isFree(port + BUS_PORT_OFFSET)) {
				return port;
			}
		}
		throw new IllegalStateException("No free port whose cluster bus port (+" + BUS_PORT_OFFSET + ") is free too");
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(HOST))) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private void awaitPing() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				String log = logTail();
				deleteRecursively(this.directory);
				throw new IllegalStateException("redis-server on port " + this.port + " exited with code "
						+ this.process.exitValue() + ": " + log);
			}
			if (RedisTestServer.answersPing(HOST, this.port)) {
				return;
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		String log = logTail();
		stop();
		throw new IllegalStateException(
				"redis-server did not answer on port " + this.port + " within " + START_TIMEOUT + ": " + log);
	}

	/**
	 * The node's address.
	 * @return {@code 127.0.0.1:port}
	 */
	String address() {
		return HOST + ":" + this.port;
	}

	int port() {
		return this.port;
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * End the process at once with SIGKILL, as a crash would, and wait until it is gone;
	 * its directory stays until {@link #stop()}.
	 */
	void kill() {
		this.process.destroyForcibly();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("redis-server on port " + this.port + " outlived SIGKILL for 10s");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Kill the process and delete its directory.
	 */
	void stop() {
		kill();
		deleteRecursively(this.directory);
	}

	/**
	 * The last lines the server logged, for failure messages.
	 * @return the lines, or why they cannot be read
	 */
	String logTail() {
		try {
			List<String> lines = Files.readAllLines(this.directory.resolve("redis.log"), StandardCharsets.UTF_8);
			return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	static void deleteRecursively(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(path)) {
			paths.sorted(Comparator.reverseOrder()).forEach((each) -> each.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			// a temporary directory; the system cleans it up eventually
		}
	}

	@Override
	public String toString() {
		return address();
	}

}
