package io.github.activityrank.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;

/**
 * The harness's one way of comparing a subject with a baseline on a shared, noisy
 * machine: interleaved rounds, used by every section of the report.
 * <p>
 * A run is some warm-up cycles (measured and thrown away), then {@code rounds} measured
 * cycles, then a closing cycle of the baselines alone. Each cycle runs every baseline
 * arm, then every subject arm, in the order they were added:
 * {@code B0 S0 B1 S1 ... B(n-1) S(n-1) Bn}. So every subject round has a baseline round
 * just before it and one just after it.
 * <p>
 * Pairing: subject round {@code i} is compared with the mean of baseline rounds {@code i}
 * and {@code i + 1}, the two around it. The comparison (a ratio, or a difference for
 * costs in nanoseconds) is worked out per round and summarised by its median and spread
 * ({@link Spread}). A slow minute of the machine then moves both sides of one per-round
 * ratio, instead of one side of the whole comparison as when each side is measured once.
 */
final class Interleaved {

	/**
	 * One round of one arm, returning its figures by name (for example "per second" or
	 * "p99 us").
	 */
	@FunctionalInterface
	interface Arm {

		Map<String, Double> run();

	}

	private record Entry(String name, Arm arm, boolean baseline) {
	}

	private final List<Entry> arms = new ArrayList<>();

	private int warmupCycles;

	private Interleaved() {
	}

	/** A new, empty plan. */
	static Interleaved plan() {
		return new Interleaved();
	}

	/** An arm others are compared with; it also runs in the closing cycle. */
	Interleaved baseline(String name, Arm arm) {
		return add(new Entry(name, arm, true));
	}

	/** An arm compared with the baselines. */
	Interleaved subject(String name, Arm arm) {
		return add(new Entry(name, arm, false));
	}

	/** Cycles of every arm run first and thrown away (JIT, connections, script cache). */
	Interleaved warmup(int cycles) {
		this.warmupCycles = cycles;
		return this;
	}

	private Interleaved add(Entry entry) {
		if (this.arms.stream().anyMatch(arm -> arm.name().equals(entry.name()))) {
			throw new IllegalArgumentException("Two arms named '" + entry.name() + "'");
		}
		this.arms.add(entry);
		return this;
	}

	/**
	 * Run the plan: warm-up cycles, {@code rounds} measured cycles, then the baselines
	 * once more.
	 * @param rounds measured rounds of each subject (baselines get one more)
	 * @return every measured round's figures
	 */
	Results run(int rounds) {
		if (rounds < 1) {
			throw new IllegalArgumentException("rounds must be at least 1, got " + rounds);
		}
		List<Entry> ordered = new ArrayList<>();
		this.arms.stream().filter(Entry::baseline).forEach(ordered::add);
		this.arms.stream().filter(arm -> !arm.baseline()).forEach(ordered::add);
		for (int cycle = 0; cycle < this.warmupCycles; cycle++) {
			ordered.forEach(arm -> arm.arm().run());
		}
		Map<String, List<Map<String, Double>>> figures = new LinkedHashMap<>();
		ordered.forEach(arm -> figures.put(arm.name(), new ArrayList<>()));
		for (int round = 0; round < rounds; round++) {
			for (Entry arm : ordered) {
				figures.get(arm.name()).add(arm.arm().run());
			}
		}
		for (Entry arm : ordered) {
			if (arm.baseline()) {
				figures.get(arm.name()).add(arm.arm().run());
			}
		}
		return new Results(figures);
	}

	/** The figures of every measured round, by arm. */
	static final class Results {

		private final Map<String, List<Map<String, Double>>> figures;

		Results(Map<String, List<Map<String, Double>>> figures) {
			this.figures = figures;
		}

		/** The rounds of one arm, in the order they ran. */
		List<Map<String, Double>> rounds(String arm) {
			List<Map<String, Double>> rounds = this.figures.get(arm);
			if (rounds == null) {
				throw new IllegalArgumentException("No arm '" + arm + "'; arms are " + this.figures.keySet());
			}
			return Collections.unmodifiableList(rounds);
		}

		/** One figure of one arm, round by round. */
		List<Double> values(String arm, String figure) {
			List<Double> values = new ArrayList<>();
			for (Map<String, Double> round : rounds(arm)) {
				Double value = round.get(figure);
				if (value == null) {
					throw new IllegalArgumentException("Arm '" + arm + "' has no figure '" + figure + "'");
				}
				values.add(value);
			}
			return values;
		}

		/** The median and spread of one figure of one arm over its rounds. */
		Spread spread(String arm, String figure) {
			return Spread.of(values(arm, figure));
		}

		/** The median of one figure of one arm over its rounds. */
		double median(String arm, String figure) {
			return spread(arm, figure).median();
		}

		/**
		 * {@code subject / baseline} per round for one figure both arms report, each
		 * subject round over the mean of the baseline rounds around it.
		 */
		Spread ratio(String subject, String baseline, String figure) {
			return ratio(subject, figure, baseline, figure);
		}

		/**
		 * {@code subject / baseline} per round for figures of different names (awards
		 * applied per second against requests per second, say).
		 */
		Spread ratio(String subject, String subjectFigure, String baseline, String baselineFigure) {
			return Spread.of(paired(subject, subjectFigure, baseline, baselineFigure, (s, b) -> s / b));
		}

		/**
		 * {@code subject - baseline} per round, each subject round against the mean of
		 * the baseline rounds around it.
		 */
		Spread difference(String subject, String baseline, String figure) {
			return Spread.of(paired(subject, figure, baseline, figure, (s, b) -> s - b));
		}

		List<Double> paired(String subject, String subjectFigure, String baseline, String baselineFigure,
				DoubleBinaryOperator compare) {
			List<Double> subjects = values(subject, subjectFigure);
			List<Double> baselines = values(baseline, baselineFigure);
			if (baselines.size() != subjects.size() + 1) {
				throw new IllegalArgumentException("'" + baseline + "' is not a baseline run around '" + subject + "' ("
						+ baselines.size() + " rounds against " + subjects.size() + ")");
			}
			List<Double> compared = new ArrayList<>(subjects.size());
			for (int i = 0; i < subjects.size(); i++) {
				double around = (baselines.get(i) + baselines.get(i + 1)) / 2;
				compared.add(compare.applyAsDouble(subjects.get(i), around));
			}
			return compared;
		}

	}

	/**
	 * The median, extremes and quartiles of per-round values; rounds that yielded no
	 * figure (NaN) are left out and counted.
	 *
	 * @param median the median (the mean of the middle two for an even count)
	 * @param min the smallest value
	 * @param max the largest value
	 * @param q1 the first quartile (linear interpolation between ranks)
	 * @param q3 the third quartile
	 * @param rounds how many values were summarised
	 * @param missing how many rounds yielded NaN
	 */
	record Spread(double median, double min, double max, double q1, double q3, int rounds, int missing) {

		static Spread of(List<Double> values) {
			List<Double> sorted = new ArrayList<>();
			for (Double value : values) {
				if (!Double.isNaN(value)) {
					sorted.add(value);
				}
			}
			int missing = values.size() - sorted.size();
			if (sorted.isEmpty()) {
				return new Spread(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, missing);
			}
			Collections.sort(sorted);
			return new Spread(quantile(sorted, 0.5), sorted.get(0), sorted.get(sorted.size() - 1),
					quantile(sorted, 0.25), quantile(sorted, 0.75), sorted.size(), missing);
		}

		private static double quantile(List<Double> sorted, double q) {
			double position = q * (sorted.size() - 1);
			int below = (int) Math.floor(position);
			int above = (int) Math.ceil(position);
			double fraction = position - below;
			return sorted.get(below) + fraction * (sorted.get(above) - sorted.get(below));
		}

		/**
		 * A ratio as a table cell shows it: {@code 2.42x (2.10-2.60)}, median (min-max).
		 */
		String ratio() {
			if (Double.isNaN(this.median)) {
				return "n/a";
			}
			return Report.ratio(this.median) + " (" + plain(this.min) + "-" + plain(this.max) + ")";
		}

		/**
		 * A ratio as a target shows it, with the interquartile range, which one outlying
		 * round does not stretch: {@code 2.42x (2.10-2.60, IQR 2.30-2.50)}.
		 */
		String ratioWithIqr() {
			if (Double.isNaN(this.median)) {
				return "n/a";
			}
			return Report.ratio(this.median) + " (" + plain(this.min) + "-" + plain(this.max) + ", IQR "
					+ plain(this.q1) + "-" + plain(this.q3) + ")";
		}

		/**
		 * A figure with its unit as a table cell shows it: {@code 471 ns (430 to 510)},
		 * median (min to max); "to" because the figure may be negative.
		 */
		String value(String unit) {
			if (Double.isNaN(this.median)) {
				return "n/a";
			}
			return Report.format(this.median) + " " + unit + " (" + Report.format(this.min) + " to "
					+ Report.format(this.max) + ")";
		}

		/**
		 * A figure as a target shows it: {@code 471 ns (430 to 510, IQR 450 to 490)}.
		 */
		String valueWithIqr(String unit) {
			if (Double.isNaN(this.median)) {
				return "n/a";
			}
			return Report.format(this.median) + " " + unit + " (" + Report.format(this.min) + " to "
					+ Report.format(this.max) + ", IQR " + Report.format(this.q1) + " to " + Report.format(this.q3)
					+ ")";
		}

		private static String plain(double ratio) {
			return String.format(Locale.ROOT, "%.2f", ratio);
		}

	}

}
