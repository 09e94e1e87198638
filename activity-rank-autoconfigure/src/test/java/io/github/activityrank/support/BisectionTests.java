package io.github.activityrank.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class BisectionTests {

	private final List<List<Integer>> attempts = new ArrayList<>();

	@Test
	void onlyTheItemsThatFailAloneGetTheFailedAnswerAndTheOthersAreAppliedOnceInOrder() {
		Set<Integer> bad = Set.of(2, 5);
		List<Integer> applied = new ArrayList<>();
		Bisection<Integer, String> bisection = new Bisection<>((part) -> {
			this.attempts.add(List.copyOf(part));
			if (part.stream().anyMatch(bad::contains)) {
				throw new IllegalArgumentException("bad " + part);
			}
			applied.addAll(part);
			return part.stream().map((i) -> "ok " + i).toList();
		}, (ex) -> ex instanceof IllegalStateException, (item, ex) -> "failed " + item + ": " + ex.getMessage());
		List<Integer> batch = List.of(0, 1, 2, 3, 4, 5, 6, 7);
		assertThat(bisection.narrow(batch, new IllegalArgumentException("whole batch"))).containsExactly("ok 0", "ok 1",
				"failed 2: bad [2]", "ok 3", "ok 4", "failed 5: bad [5]", "ok 6", "ok 7");
		assertThat(applied).containsExactly(0, 1, 3, 4, 6, 7);
	}

	@Test
	void aTransientFailureMidwayIsThrownAsItIs() {
		Bisection<Integer, String> bisection = new Bisection<>((part) -> {
			throw new IllegalStateException("unreachable");
		}, (ex) -> ex instanceof IllegalStateException, (item, ex) -> "failed");
		assertThatIllegalStateException()
			.isThrownBy(() -> bisection.narrow(List.of(1, 2), new IllegalArgumentException("whole batch")))
			.withMessage("unreachable");
	}

}
