package io.github.activityrank.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The rounds every section of the report is built from: order, pairing, median and
 * spread. Plain arithmetic, no Redis.
 */
class InterleavedTest {

	private final List<String> ran = new ArrayList<>();

	@Test
	void runsBaselinesThenSubjectsEachRoundAndClosesWithTheBaselines() {
		Interleaved.plan()
			.subject("s", arm("s", () -> 1))
			.baseline("b", arm("b", () -> 1))
			.baseline("c", arm("c", () -> 1))
			.warmup(1)
			.run(2);

		assertThat(this.ran).containsExactly("b", "c", "s", // warm-up, thrown away
				"b", "c", "s", "b", "c", "s", // measured rounds
				"b", "c"); // closing round
	}

	@Test
	void keepsOneMoreRoundOfEveryBaselineThanOfEverySubject() {
		Interleaved.Results results = Interleaved.plan()
			.baseline("b", arm("b", () -> 1))
			.subject("s", arm("s", () -> 1))
			.warmup(2)
			.run(5);

		assertThat(results.rounds("b")).hasSize(6);
		assertThat(results.rounds("s")).hasSize(5);
	}

	@Test
	void pairsEachSubjectRoundWithTheMeanOfTheBaselineRoundsAroundIt() {
		double[] baseline = { 10, 30, 20, 20 };
		double[] subject = { 40, 50, 60 };
		int[] b = { 0 };
		int[] s = { 0 };
		Interleaved.Results results = Interleaved.plan()
			.baseline("b", arm("b", () -> baseline[b[0]++]))
			.subject("s", arm("s", () -> subject[s[0]++]))
			.run(3);

		// round 0: 40 / mean(10, 30); round 1: 50 / mean(30, 20); round 2: 60 / mean(20,
		// 20)
		assertThat(results.paired("s", "x", "b", "x", (x, y) -> x / y)).containsExactly(2.0, 2.0, 3.0);
		assertThat(results.ratio("s", "b", "x").median()).isEqualTo(2.0);
		assertThat(results.difference("s", "b", "x").median()).isEqualTo(25.0);
		assertThat(results.difference("s", "b", "x").min()).isEqualTo(20.0);
		assertThat(results.difference("s", "b", "x").max()).isEqualTo(40.0);
		assertThat(results.median("b", "x")).isEqualTo(20.0);
	}

	@Test
	void theMedianOfAnOddCountIsTheMiddleValue() {
		Interleaved.Spread spread = Interleaved.Spread.of(List.of(5.0, 1.0, 4.0, 2.0, 3.0));

		assertThat(spread.median()).isEqualTo(3.0);
		assertThat(spread.min()).isEqualTo(1.0);
		assertThat(spread.max()).isEqualTo(5.0);
		assertThat(spread.rounds()).isEqualTo(5);
	}

	@Test
	void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
		assertThat(Interleaved.Spread.of(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
	}

	@Test
	void quartilesInterpolateBetweenRanks() {
		// positions 0.25 * 4 = 1 and 0.75 * 4 = 3 fall on ranks; for 4 values they do not
		Interleaved.Spread five = Interleaved.Spread.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
		Interleaved.Spread four = Interleaved.Spread.of(List.of(1.0, 2.0, 3.0, 4.0));

		assertThat(five.q1()).isEqualTo(2.0);
		assertThat(five.q3()).isEqualTo(4.0);
		assertThat(four.q1()).isCloseTo(1.75, within(1e-9));
		assertThat(four.q3()).isCloseTo(3.25, within(1e-9));
	}

	@Test
	void oneOutlyingRoundMovesTheSpreadButNotTheMedian() {
		Interleaved.Spread spread = Interleaved.Spread.of(List.of(2.0, 2.1, 1.9, 2.0, 9.0));

		assertThat(spread.median()).isEqualTo(2.0);
		assertThat(spread.max()).isEqualTo(9.0);
	}

	@Test
	void roundsWithoutAFigureAreLeftOutAndCounted() {
		Interleaved.Spread spread = Interleaved.Spread.of(List.of(1.0, Double.NaN, 3.0));

		assertThat(spread.median()).isEqualTo(2.0);
		assertThat(spread.rounds()).isEqualTo(2);
		assertThat(spread.missing()).isEqualTo(1);
		assertThat(Interleaved.Spread.of(List.of(Double.NaN)).ratio()).isEqualTo("n/a");
	}

	@Test
	void showsARatioAsMedianWithMinToMaxAndForTargetsTheInterquartileRange() {
		Interleaved.Spread spread = Interleaved.Spread.of(List.of(2.1, 2.42, 2.6));

		assertThat(spread.ratio()).isEqualTo("2.42x (2.10-2.60)");
		assertThat(spread.ratioWithIqr()).isEqualTo("2.42x (2.10-2.60, IQR 2.26-2.51)");
	}

	@Test
	void showsACostWithItsUnitAndToBetweenTheExtremesForTheyMayBeNegative() {
		Interleaved.Spread spread = Interleaved.Spread.of(List.of(-20.0, 471.0, 510.0));

		assertThat(spread.value("ns")).isEqualTo("471 ns (-20.0 to 510)");
		assertThat(spread.valueWithIqr("ns")).isEqualTo("471 ns (-20.0 to 510, IQR 226 to 491)");
	}

	@Test
	void refusesToPairTwoSubjects() {
		Interleaved.Results results = Interleaved.plan()
			.baseline("b", arm("b", () -> 1))
			.subject("s", arm("s", () -> 1))
			.subject("t", arm("t", () -> 1))
			.run(2);

		assertThatIllegalArgumentException().isThrownBy(() -> results.ratio("s", "t", "x"))
			.withMessageContaining("'t' is not a baseline run around 's'");
	}

	@Test
	void refusesNoRoundsAndTwoArmsOfOneName() {
		assertThatIllegalArgumentException().isThrownBy(() -> Interleaved.plan().run(0))
			.withMessageContaining("at least 1");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Interleaved.plan().baseline("b", arm("b", () -> 1)).subject("b", arm("b", () -> 1)))
			.withMessageContaining("Two arms named 'b'");
	}

	@Test
	void namesAMissingArmOrFigure() {
		Interleaved.Results results = Interleaved.plan().baseline("b", arm("b", () -> 1)).run(1);

		assertThatIllegalArgumentException().isThrownBy(() -> results.median("c", "x"))
			.withMessageContaining("No arm 'c'");
		assertThatIllegalArgumentException().isThrownBy(() -> results.median("b", "y"))
			.withMessageContaining("no figure 'y'");
	}

	/** An arm that logs its name and reports one figure, "x". */
	private Interleaved.Arm arm(String name, DoubleSupplier value) {
		return () -> {
			this.ran.add(name);
			return Map.of("x", value.getAsDouble());
		};
	}

}
