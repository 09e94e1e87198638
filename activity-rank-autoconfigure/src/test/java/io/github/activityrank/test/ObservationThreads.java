package io.github.activityrank.test;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;

/**
 * Records on which thread each observation started, opened a scope, had an event and
 * stopped, as lines such as {@code "activity.rank.award stop activity-rank-1"}.
 */
public class ObservationThreads implements ObservationHandler<Observation.Context> {

	private final ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();

	/** What happened to the observations of this name, with each thread's name. */
	public List<String> of(String name) {
		String start = name + " ";
		return this.lines.stream()
			.filter((line) -> line.startsWith(start))
			.map((line) -> line.substring(start.length()))
			.toList();
	}

	@Override
	public void onStart(Observation.Context context) {
		record(context, "start");
	}

	@Override
	public void onScopeOpened(Observation.Context context) {
		record(context, "scope");
	}

	@Override
	public void onEvent(Observation.Event event, Observation.Context context) {
		record(context, event.getName());
	}

	@Override
	public void onStop(Observation.Context context) {
		record(context, "stop");
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return true;
	}

	private void record(Observation.Context context, String what) {
		this.lines.add(context.getName() + " " + what + " " + Thread.currentThread().getName());
	}

}
