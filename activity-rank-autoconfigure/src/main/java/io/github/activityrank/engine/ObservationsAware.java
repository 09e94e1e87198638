package io.github.activityrank.engine;

/**
 * A component that reports awards or board reads to {@link ActivityObservations}; the
 * auto-configuration hands it the application's when there is an observation registry,
 * and it observes nothing until then.
 */
public interface ObservationsAware {

	/**
	 * Report to these observations from now on.
	 * @param observations where observations go; {@code null} for none
	 */
	void setObservations(ActivityObservations observations);

}
