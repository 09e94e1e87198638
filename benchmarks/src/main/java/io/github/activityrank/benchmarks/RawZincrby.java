package io.github.activityrank.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the server itself does:
 * {@code redis-benchmark -q -n N -r 100000 zincrby KEY 1 __rand_int__} (50 clients, one
 * request in flight each), run in the benchmark database, its requests/s parsed. The
 * baseline of sections 1 and 2 of the report (award throughput, synchronous and through
 * the annotation).
 */
final class RawZincrby {

	/** Fewer requests than this measure mostly the 50 connections being opened. */
	private static final long MIN_REQUESTS = 5_000;

	private static final Pattern REQUESTS_PER_SECOND = Pattern.compile("([0-9]+(?:\\.[0-9]+)?) requests per second");

	/** The figure and how it was obtained. */
	record Figure(double perSecond, String command) {
	}

	private RawZincrby() {
	}

	/**
	 * The baseline as an arm of {@link Interleaved}: one {@code redis-benchmark} run per
	 * round, its requests per second as {@link Latencies#PER_SECOND}. The first round
	 * sends {@link BenchOptions#rawRequests}; each later one as many as the previous rate
	 * gets through in about {@code seconds}, so that the baseline's rounds last as long
	 * as the subject's however loaded the machine is.
	 */
	static Interleaved.Arm arm(BenchOptions options, String key, double seconds) {
		double[] lastRate = { Double.NaN };
		return () -> {
			long requests = Double.isNaN(lastRate[0]) ? options.rawRequests
					: Math.max(MIN_REQUESTS, Math.min(10L * options.rawRequests, Math.round(lastRate[0] * seconds)));
			lastRate[0] = measure(options, key, requests).perSecond();
			return Map.of(Latencies.PER_SECOND, lastRate[0]);
		};
	}

	static Figure measure(BenchOptions options, String key, long requests) {
		List<String> command = new ArrayList<>(List.of("redis-benchmark", "-h", options.host, "-p",
				String.valueOf(options.port), "--dbnum", String.valueOf(options.database), "-q", "-n",
				String.valueOf(requests), "-r", "100000", "zincrby", key, "1", "__rand_int__"));
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			byte[] output = process.getInputStream().readAllBytes();
			if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
				throw new IllegalStateException(
						"redis-benchmark failed: " + new String(output, StandardCharsets.UTF_8));
			}
			double perSecond = parse(new String(output, StandardCharsets.UTF_8));
			return new Figure(perSecond, String.join(" ", command));
		}
		catch (IOException ex) {
			throw new IllegalStateException("redis-benchmark is needed on the PATH for the raw ZINCRBY baseline "
					+ "(Debian: apt-get install redis-tools)", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	static double parse(String output) {
		Matcher matcher = REQUESTS_PER_SECOND.matcher(output);
		double last = Double.NaN;
		while (matcher.find()) {
			last = Double.parseDouble(matcher.group(1));
		}
		if (Double.isNaN(last)) {
			throw new IllegalStateException("No 'requests per second' in redis-benchmark's output: " + output);
		}
		return last;
	}

}
