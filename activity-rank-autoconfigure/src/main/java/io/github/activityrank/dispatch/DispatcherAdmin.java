package io.github.activityrank.dispatch;

import java.time.Duration;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.RebuildReport;

/**
 * The {@link ActivityRankAdmin} without the award ledger: it waits for the dispatcher,
 * and there is nothing to rebuild from.
 */
public class DispatcherAdmin implements ActivityRankAdmin {

	private final ActivityDispatcher dispatcher;

	/**
	 * Create the admin.
	 * @param dispatcher the dispatcher whose awards {@link #awaitApplied} waits for
	 */
	public DispatcherAdmin(ActivityDispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	@Override
	public boolean awaitApplied(Duration timeout) {
		return this.dispatcher.awaitIdle(timeout);
	}

	@Override
	public RebuildReport rebuild(boolean force) {
		throw noLedger("rebuild()");
	}

	@Override
	public RebuildReport rescore() {
		throw noLedger("rescore()");
	}

	private static UnsupportedOperationException noLedger(String operation) {
		return new UnsupportedOperationException(operation + " replays the award ledger, which is off: set "
				+ "activity-rank.ledger.enabled=true (with a DataSource) to keep one");
	}

}
