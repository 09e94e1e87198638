package io.github.activityrank.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.SetAsideAward;

/**
 * Lists and applies again the awards a {@link SetAsideStore} keeps, for the admin without
 * the ledger. Each pass reads what was kept when it started, oldest first, and applies it
 * through the service at the instants the awards were made: an award that fails for good
 * again is set aside again as a new entry, behind the pass, so a pass always ends.
 */
public class SetAsideReplay {

	private static final int PAGE = ActivityStore.MAX_BATCH;

	private final SetAsideStore store;

	private final ActivityRankService service;

	/**
	 * Create the replay.
	 * @param store where the awards are kept
	 * @param service what applies them: at their own instants when it is a
	 * {@link TimedActivityApplier}, else as made now
	 */
	public SetAsideReplay(SetAsideStore store, ActivityRankService service) {
		this.store = store;
		this.service = service;
	}

	/**
	 * The awards kept, oldest first.
	 * @param limit from 1 to 1,000
	 * @return the awards
	 */
	public List<SetAsideAward> list(int limit) {
		return this.store.list(SetAsideStore.checkLimit(limit));
	}

	/**
	 * Apply every award kept when the call starts.
	 * @return how many were applied (or answered without change) and left the store
	 */
	public long reapply() {
		List<SetAsideAward> kept = this.store.list(Integer.MAX_VALUE);
		long done = 0;
		for (int from = 0; from < kept.size(); from += PAGE) {
			List<SetAsideAward> page = kept.subList(from, Math.min(kept.size(), from + PAGE));
			List<ActivityEvent> events = new ArrayList<>(page.size());
			List<Instant> times = new ArrayList<>(page.size());
			for (SetAsideAward award : page) {
				events.add(award.event());
				times.add(award.at());
			}
			List<AwardResult> results = (this.service instanceof TimedActivityApplier timed)
					? timed.applyAll(events, times) : this.service.applyAll(events);
			List<String> handled = new ArrayList<>(page.size());
			for (int i = 0; i < page.size(); i++) {
				// one set aside again is kept again as a new entry
				handled.add(page.get(i).id());
				if (results.get(i).outcome() != AwardResult.Outcome.SET_ASIDE) {
					done++;
				}
			}
			this.store.remove(handled);
		}
		return done;
	}

}
