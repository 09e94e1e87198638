package io.github.activityrank.dispatch;

import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.AwardPath;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

/**
 * Defers a dispatch to the commit of the current transaction, and drops it on rollback,
 * so that an award never outlives the change it rewards. spring-tx stays optional: its
 * classes are only touched, in {@link Synchronization}, when they are on the classpath.
 */
final class AfterCommit {

	private static final boolean TX_PRESENT = ClassUtils.isPresent(
			"org.springframework.transaction.support.TransactionSynchronizationManager",
			AfterCommit.class.getClassLoader());

	private AfterCommit() {
	}

	/**
	 * Dispatch after commit inside a synchronized transaction, at once outside one.
	 * @param events the awards
	 * @param path how they were made
	 * @param dispatcher what dispatches them now (a dispatcher, not a method reference to
	 * one: that would be an object made on every call)
	 */
	static void dispatch(List<ActivityEvent> events, AwardPath path, ActivityDispatcher dispatcher) {
		if (events.isEmpty()) {
			return;
		}
		if (TX_PRESENT && Synchronization.registerAfterCommit(events, path, dispatcher)) {
			return;
		}
		dispatcher.dispatch(events, path);
	}

	/** The only code that refers to spring-tx, loaded only when it is present. */
	private static final class Synchronization {

		static boolean registerAfterCommit(List<ActivityEvent> events, AwardPath path, ActivityDispatcher dispatcher) {
			if (!TransactionSynchronizationManager.isSynchronizationActive()) {
				return false;
			}
			// the caller may reuse its list before the transaction ends
			List<ActivityEvent> copy = List.copyOf(events);
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					dispatcher.dispatch(copy, path);
				}
			});
			return true;
		}

	}

}
