package io.github.activityrank.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.support.Bisection;
import io.github.activityrank.support.FailureLog;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Keeps a permanent failure to the award that caused it, for every path an award takes:
 * when a batch fails in a way that would repeat ({@link TransientFailurePolicy}), it is
 * split in halves and each half sent again ({@link Bisection}), down to the single
 * commands that fail on their own. Those are kept in the {@link SetAsideStore} with the
 * failure and answered {@link AwardResult.Outcome#SET_ASIDE}; every other command is
 * applied once, in order. One poisoned award among {@code n} costs about
 * {@code 2 log2(n)} more calls.
 * <p>
 * The score script contains most such failures itself: a command Redis fails on for good
 * leaves none of its writes and is answered set aside, while the other commands of the
 * call are applied as usual; those answers are kept the same way, with no bisection. A
 * transient failure (Redis out of reach, refusing writes for a while) is thrown as it is,
 * also midway: each path then sends the whole batch again later, which changes nothing
 * for what was applied (awards are idempotent), and nothing was set aside yet.
 */
public class IsolatingActivityStore implements ActivityStore {

	private static final Log logger = LogFactory.getLog(IsolatingActivityStore.class);

	/** Longest failure text kept with an award. */
	private static final int MAX_REASON = 512;

	private final ActivityStore delegate;

	private final TransientFailurePolicy failures;

	private final SetAsideStore setAside;

	private final Supplier<Instant> clock;

	private final FailureLog failureLog = new FailureLog(logger);

	/**
	 * Wrap a store.
	 * @param delegate the store that applies the batches
	 * @param failures which failures are transient
	 * @param setAside where the awards that fail for good are kept
	 * @param clock now, for awards made now and the time they were set aside
	 */
	public IsolatingActivityStore(ActivityStore delegate, TransientFailurePolicy failures, SetAsideStore setAside,
			Supplier<Instant> clock) {
		this.delegate = delegate;
		this.failures = failures;
		this.setAside = setAside;
		this.clock = clock;
	}

	@Override
	public List<AwardResult> apply(List<ScoreCommand> commands) {
		List<AwardResult> results;
		List<SetAsideAward> aside = new ArrayList<>();
		try {
			results = this.delegate.apply(commands);
		}
		catch (RuntimeException ex) {
			if (commands.isEmpty() || this.failures.isTransient(ex)) {
				throw ex;
			}
			results = new Bisection<ScoreCommand, AwardResult>(this.delegate::apply, this.failures::isTransient,
					(command, failure) -> AwardResult.setAside(reason(failure)))
				.narrow(commands, ex);
		}
		// the commands the store answered set aside: the score script contains a command
		// Redis fails on for good (it leaves none of its writes), and bisection narrows a
		// call that failed as a whole down to them
		for (int c = 0; c < results.size(); c++) {
			AwardResult result = results.get(c);
			if (result.outcome() == AwardResult.Outcome.SET_ASIDE) {
				String reason = trimmed(result.reason());
				ScoreCommand command = commands.get(c);
				aside.add(new SetAsideAward(null, event(command), at(command), reason, this.clock.get()));
			}
		}
		if (aside.isEmpty()) {
			return results;
		}
		this.setAside.keep(aside);
		String reason = aside.get(0).reason();
		this.failureLog.log(this.failures.kindOf(new IllegalStateException(reason)),
				"activity-rank set aside " + aside.size() + " of " + commands.size()
						+ " award(s) that Redis failed on for good (" + reason + "); the others were "
						+ "applied. ActivityRankAdmin.reapplySetAside() applies them once the cause is fixed",
				null);
		return results;
	}

	private Instant at(ScoreCommand command) {
		return (command.at() != null) ? command.at() : this.clock.get();
	}

	/**
	 * The request as it was made: a rule's points are the rule's again when re-applied.
	 */
	static ActivityEvent event(ScoreCommand command) {
		Long points = (command.rule() == null && !command.revoke()) ? command.points() : null;
		return new ActivityEvent(command.userId(), command.field(), command.rule(), points, command.revoke(),
				command.itemType(), command.itemId(), command.scopes());
	}

	/** What Redis said: the innermost message, which is its reply. */
	static String reason(Throwable failure) {
		String reason = String.valueOf(failure);
		Throwable t = failure;
		for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
			if (t.getMessage() != null) {
				reason = t.getMessage();
			}
		}
		return trimmed(reason);
	}

	private static String trimmed(String reason) {
		String text = String.valueOf(reason);
		return (text.length() <= MAX_REASON) ? text : text.substring(0, MAX_REASON) + "...";
	}

}
