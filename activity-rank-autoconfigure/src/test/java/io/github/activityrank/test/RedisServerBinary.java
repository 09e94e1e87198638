package io.github.activityrank.test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import redis.embedded.core.ExecutableProvider;

/**
 * Where the tests find a redis-server executable to start cluster nodes from: the
 * machine's (on {@code PATH}, then the usual install places), else the one the
 * embedded-redis artifact ships (6.2 on Linux).
 */
final class RedisServerBinary {

	private RedisServerBinary() {
	}

	/**
	 * Paths a machine's own redis-server may have: each {@code PATH} entry, then
	 * {@code /usr/bin} and {@code /usr/local/bin}, without repeats.
	 * @param path the {@code PATH} variable, may be {@code null}
	 * @return the candidate paths
	 */
	static List<Path> installedCandidates(String path) {
		Set<Path> candidates = new LinkedHashSet<>();
		if (path != null) {
			for (String directory : path.split(File.pathSeparator)) {
				if (!directory.isBlank()) {
					candidates.add(Path.of(directory, "redis-server").toAbsolutePath().normalize());
				}
			}
		}
		candidates.add(Path.of("/usr/bin/redis-server"));
		candidates.add(Path.of("/usr/local/bin/redis-server"));
		return new ArrayList<>(candidates);
	}

	/**
	 * The executable at a path, if it runs.
	 * @param candidate the path
	 * @return the path
	 * @throws ServerSearch.Unavailable when there is no runnable executable there
	 */
	static Path check(Path candidate) throws ServerSearch.Unavailable {
		if (!Files.isRegularFile(candidate)) {
			throw new ServerSearch.Unavailable("no such file");
		}
		if (!Files.isExecutable(candidate)) {
			throw new ServerSearch.Unavailable("not executable");
		}
		return candidate;
	}

	/**
	 * The executable shipped in the embedded-redis artifact, unpacked to a temporary
	 * file.
	 * @return its path
	 * @throws IOException when it cannot be unpacked
	 */
	static Path embedded() throws IOException {
		Path binary = ExecutableProvider.newJarResourceProvider().get().toPath();
		binary.toFile().setExecutable(true);
		return binary;
	}

	/**
	 * What {@code redis-server --version} says, for the log line that names the cluster.
	 * @param binary the executable
	 * @return its version text, or a note why it is unknown
	 */
	static String version(Path binary) {
		try {
			Process process = new ProcessBuilder(binary.toString(), "--version").redirectErrorStream(true).start();
			if (!process.waitFor(5, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return "version unknown";
			}
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
			int start = output.indexOf("v=");
			return (start < 0) ? output : "redis-server " + output.substring(start + 2).split(" ")[0];
		}
		catch (IOException ex) {
			return "version unknown: " + ex.getMessage();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "version unknown";
		}
	}

}
