package io.github.activityrank.benchmarks;

import java.util.ArrayDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The workload of the feature-cost arms, with the same outcomes in every arm whatever ran
 * before it: 90% awards of a field never used before (so each one scores), 10% revokes of
 * an award the same thread made earlier in the round (so each one finds its award). A
 * workload drawing fields from a small fixed set would make an arm's awards cheaper the
 * more rounds it has run (more of them "already awarded"), and the floor runs twice per
 * round.
 */
final class FreshWork {

	/** Distinguishes the fields of every round of every arm of a run. */
	private static final AtomicLong ROUNDS = new AtomicLong();

	private final long round = ROUNDS.incrementAndGet();

	private final int users;

	/** Per thread, its awards not yet revoked: user and field. */
	private final ArrayDeque<String[]>[] awarded;

	@SuppressWarnings("unchecked")
	FreshWork(int threads, int users) {
		this.users = users;
		this.awarded = new ArrayDeque[threads];
		for (int t = 0; t < threads; t++) {
			this.awarded[t] = new ArrayDeque<>();
		}
	}

	Latencies.Call driving(AwardThroughputBench.Awarder awarder) {
		return (thread, n) -> {
			ThreadLocalRandom random = ThreadLocalRandom.current();
			ArrayDeque<String[]> mine = this.awarded[thread];
			if (random.nextInt(10) == 0 && !mine.isEmpty()) {
				String[] award = mine.pollFirst();
				awarder.apply(award[0], award[1], true);
				return;
			}
			String[] award = { "u" + random.nextInt(this.users), this.round + "_" + thread + "_" + n + "_praise" };
			awarder.apply(award[0], award[1], false);
			mine.addLast(award);
		};
	}

}
