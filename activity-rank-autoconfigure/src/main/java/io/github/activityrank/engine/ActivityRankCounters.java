package io.github.activityrank.engine;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.github.activityrank.AwardResult.Outcome;

/**
 * How many awards and revokes ended in each outcome since the application started, for
 * logs, metrics and the actuator endpoint.
 */
public final class ActivityRankCounters {

	private final Map<Outcome, LongAdder> outcomes = new EnumMap<>(Outcome.class);

	/**
	 * Create counters, all zero.
	 */
	public ActivityRankCounters() {
		for (Outcome outcome : Outcome.values()) {
			this.outcomes.put(outcome, new LongAdder());
		}
	}

	void record(Outcome outcome) {
		this.outcomes.get(outcome).increment();
	}

	/**
	 * How many results had that outcome.
	 * @param outcome the outcome
	 * @return the count
	 */
	public long count(Outcome outcome) {
		return this.outcomes.get(outcome).sum();
	}

	/**
	 * All counts.
	 * @return counts by outcome
	 */
	public Map<Outcome, Long> snapshot() {
		Map<Outcome, Long> snapshot = new EnumMap<>(Outcome.class);
		this.outcomes.forEach((outcome, adder) -> snapshot.put(outcome, adder.sum()));
		return snapshot;
	}

}
