package io.github.activityrank.autoconfigure;

import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.ObservationsAware;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Hands the application's {@link ActivityObservations} to every {@link ObservationsAware}
 * bean (the services, the dispatcher, the stream sink), whichever configuration made it,
 * so that no other configuration needs to know about observations.
 */
final class ObservationsPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<ActivityObservations> observations;

	ObservationsPostProcessor(ObjectProvider<ActivityObservations> observations) {
		this.observations = observations;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		// resolved only for an aware bean: the observations need beans of their own
		if (bean instanceof ObservationsAware aware) {
			aware.setObservations(this.observations.getIfUnique(() -> ActivityObservations.NONE));
		}
		return bean;
	}

}
