package io.github.activityrank.dispatch;

import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.AwardPath;

import org.springframework.context.ApplicationListener;
import org.springframework.context.PayloadApplicationEvent;

/**
 * Applies {@link ActivityEvent}s published through Spring's
 * {@link org.springframework.context.ApplicationEventPublisher}, exactly as
 * {@code @ActivityScore} does: after commit inside a transaction, through the
 * {@link ActivityDispatcher}.
 */
public class ActivityEventListener implements ApplicationListener<PayloadApplicationEvent<ActivityEvent>> {

	private final ActivityDispatcher dispatcher;

	/**
	 * Create the listener.
	 * @param dispatcher where the events go
	 */
	public ActivityEventListener(ActivityDispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	@Override
	public void onApplicationEvent(PayloadApplicationEvent<ActivityEvent> event) {
		ActivityEvent activity = event.getPayload();
		if (activity != null) {
			this.dispatcher.dispatchWithoutBlocking(List.of(activity), AwardPath.EVENT);
		}
	}

}
