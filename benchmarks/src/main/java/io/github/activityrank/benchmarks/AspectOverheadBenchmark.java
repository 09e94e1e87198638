package io.github.activityrank.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Issue 5, figure 3: what {@code @ActivityScore} adds to a method call in async mode,
 * against the same method without the annotation. Sample time (for the median) plus JMH's
 * GC profiler (bytes allocated per call) when run by {@link BenchmarkMain}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AspectOverheadBenchmark {

	@Param("127.0.0.1")
	public String host;

	@Param("6379")
	public int port;

	@Param("9")
	public int database;

	@Param("bench_jmh")
	public String prefix;

	/**
	 * "redis": the engine with its defaults; "in-memory": a service that answers at once,
	 * no Redis.
	 */
	@Param({ "redis", "in-memory" })
	public String service;

	private EngineContext engine;

	private ScoredActions scored;

	private final PlainActions plain = new PlainActions();

	/** Arguments prepared up front so that neither benchmark allocates them. */
	@State(Scope.Thread)
	public static class Arguments {

		private static final int SIZE = 1 << 16;

		final String[] users = new String[SIZE];

		final String[] fields = new String[SIZE];

		int next;

		@Setup(Level.Trial)
		public void prepare() {
			String thread = Long.toString(Thread.currentThread().getId());
			for (int i = 0; i < SIZE; i++) {
				this.users[i] = "j" + (i * 7919 % 10_000);
				this.fields[i] = "f" + thread + "_" + i;
			}
		}

	}

	@Setup(Level.Trial)
	public void start() {
		BenchOptions options = new BenchOptions();
		options.host = this.host;
		options.port = this.port;
		options.database = this.database;
		this.engine = "in-memory".equals(this.service)
				? EngineContext.start(options, this.prefix, "bench.in-memory-service=true")
				: EngineContext.start(options, this.prefix);
		this.scored = this.engine.bean(ScoredActions.class);
	}

	@TearDown(Level.Trial)
	public void stop() {
		this.engine.close();
	}

	@Benchmark
	public int annotated(Arguments arguments) {
		int i = (arguments.next++) & (Arguments.SIZE - 1);
		return this.scored.praise(arguments.users[i], arguments.fields[i]);
	}

	@Benchmark
	public int plain(Arguments arguments) {
		int i = (arguments.next++) & (Arguments.SIZE - 1);
		return this.plain.praise(arguments.users[i], arguments.fields[i]);
	}

}
