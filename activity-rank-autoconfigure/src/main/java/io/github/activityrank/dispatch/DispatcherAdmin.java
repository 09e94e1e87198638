package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.engine.BadgeGrants;
import io.github.activityrank.engine.SetAsideReplay;

/**
 * The {@link ActivityRankAdmin} without the award ledger: it waits for the dispatcher,
 * lists and applies again what Redis failed on for good, and there is nothing to rebuild
 * from.
 */
public class DispatcherAdmin implements ActivityRankAdmin {

	private final ActivityDispatcher dispatcher;

	private final SetAsideReplay setAside;

	private final BadgeGrants badges;

	/**
	 * Create the admin.
	 * @param dispatcher the dispatcher whose awards {@link #awaitApplied} waits for
	 * @param setAside the awards set aside
	 */
	public DispatcherAdmin(ActivityDispatcher dispatcher, SetAsideReplay setAside) {
		this(dispatcher, setAside, BadgeGrants.NONE);
	}

	/**
	 * Create the admin with retroactive badge grants.
	 * @param dispatcher the dispatcher whose awards {@link #awaitApplied} waits for
	 * @param setAside the awards set aside
	 * @param badges the badge grants of {@link #grantBadges()}
	 */
	public DispatcherAdmin(ActivityDispatcher dispatcher, SetAsideReplay setAside, BadgeGrants badges) {
		this.dispatcher = dispatcher;
		this.setAside = setAside;
		this.badges = badges;
	}

	@Override
	public long grantBadges() {
		return this.badges.grantBadges();
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

	@Override
	public List<SetAsideAward> setAside(int limit) {
		return this.setAside.list(limit);
	}

	@Override
	public long reapplySetAside() {
		return this.setAside.reapply();
	}

	private static UnsupportedOperationException noLedger(String operation) {
		return new UnsupportedOperationException(operation + " replays the award ledger, which is off: set "
				+ "activity-rank.ledger.enabled=true (with a DataSource) to keep one");
	}

}
