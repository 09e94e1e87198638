package io.github.activityrank.support;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Narrows a batch that failed for good down to the items that fail on their own: the
 * batch is split in halves and each half tried again, down to single items, left to right
 * so that order holds. An item that fails alone gets the answer of {@code failedAlone};
 * every other item the answer of the attempt that applied it. One bad item among
 * {@code n} costs about {@code 2 log2(n)} more attempts. A transient failure midway is
 * thrown as it is: the caller tries the whole batch again later.
 *
 * @param <T> an item of the batch
 * @param <R> the answer for one item
 */
public final class Bisection<T, R> {

	private final Function<List<T>, List<R>> attempt;

	private final Predicate<Throwable> isTransient;

	private final BiFunction<T, RuntimeException, R> failedAlone;

	/**
	 * Narrow with an attempt.
	 * @param attempt applies a part of the batch, one answer per item in order, or throws
	 * @param isTransient whether a failure may heal by waiting; such a failure is thrown
	 * @param failedAlone the answer for an item that failed on its own, with its failure
	 */
	public Bisection(Function<List<T>, List<R>> attempt, Predicate<Throwable> isTransient,
			BiFunction<T, RuntimeException, R> failedAlone) {
		this.attempt = attempt;
		this.isTransient = isTransient;
		this.failedAlone = failedAlone;
	}

	/**
	 * The answers for a batch whose attempt failed for good.
	 * @param batch the items, not empty
	 * @param failure how the whole batch failed
	 * @return one answer per item, in order
	 */
	public List<R> narrow(List<T> batch, RuntimeException failure) {
		@SuppressWarnings("unchecked")
		R[] answers = (R[]) new Object[batch.size()];
		narrow(batch, 0, failure, answers);
		return new ArrayList<>(Arrays.asList(answers));
	}

	private void narrow(List<T> part, int offset, RuntimeException failure, R[] answers) {
		if (part.size() == 1) {
			answers[offset] = this.failedAlone.apply(part.get(0), failure);
			return;
		}
		int half = part.size() / 2;
		tryAgain(part.subList(0, half), offset, answers);
		tryAgain(part.subList(half, part.size()), offset + half, answers);
	}

	private void tryAgain(List<T> part, int offset, R[] answers) {
		List<R> applied;
		try {
			applied = this.attempt.apply(part);
		}
		catch (RuntimeException ex) {
			if (this.isTransient.test(ex)) {
				throw ex;
			}
			narrow(part, offset, ex, answers);
			return;
		}
		for (int i = 0; i < applied.size(); i++) {
			answers[offset + i] = applied.get(i);
		}
	}

}
