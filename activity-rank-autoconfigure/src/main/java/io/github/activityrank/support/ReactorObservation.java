package io.github.activityrank.support;

import io.micrometer.observation.Observation;

/**
 * The observation a reactive caller works under, which Micrometer keeps in the Reactor
 * context rather than on the thread (a WebFlux request's): an award made when the
 * publisher completes, on whatever thread that is, runs inside it, so the award's
 * observation has the request's as its parent as on a servlet thread.
 */
public final class ReactorObservation {

	/**
	 * The context key under which Micrometer's context propagation keeps the current
	 * observation ({@code ObservationThreadLocalAccessor.KEY}), named here so that the
	 * starter needs no context-propagation library.
	 */
	public static final String CONTEXT_KEY = "micrometer.observation";

	private ReactorObservation() {
	}

	/**
	 * Run an action with an observation current on this thread.
	 * @param parent what the Reactor context held under {@link #CONTEXT_KEY}; anything
	 * but an {@link Observation} (say {@code null}) runs the action as it is
	 * @param action what to run
	 */
	public static void within(Object parent, Runnable action) {
		if (!(parent instanceof Observation observation)) {
			action.run();
			return;
		}
		try (Observation.Scope scope = observation.openScope()) {
			action.run();
		}
	}

}
