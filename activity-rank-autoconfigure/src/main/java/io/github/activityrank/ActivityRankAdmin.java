package io.github.activityrank;

import java.time.Duration;
import java.util.List;

/**
 * Operations on the whole of activity-rank, for tests, runners and operators.
 * Auto-configured by the starter.
 * <p>
 * {@link #awaitApplied(Duration)} always works. {@link #rebuild()} and {@link #rescore()}
 * need the award ledger ({@code activity-rank.ledger.enabled=true}); without it they
 * throw {@link UnsupportedOperationException}. Both replay the ledger into fresh keys
 * beside the live ones while awards go on, then switch the live names onto them:
 * afterwards every retained board, record, cap counter, tally and challenge board is what
 * the live path would hold. Entries written during the rebuild are applied by the
 * ledger's relay, once. Only one rebuild runs at a time across the instances that share
 * the ledger.
 */
public interface ActivityRankAdmin {

	/**
	 * Wait until every award dispatched so far (by {@link ActivityScore}, a published
	 * {@link ActivityEvent} or a page view) has been applied to the boards or given up
	 * on: the background queue is empty, the retry buffer too, and with the ledger on,
	 * its relay has applied the pending entries. The award of a method whose work
	 * completes later counts from the moment the work starts (a {@code CompletionStage}
	 * returned, a {@code Mono} or {@code Flux} subscribed) until it is applied, or until
	 * the work failed or was cancelled; a {@code Mono} nobody subscribes to is never
	 * waited for. A query right after an annotated call may not see its award yet; after
	 * this returns {@code true}, it does. <pre>{@code
	 * import io.github.activityrank.ActivityRankAdmin;
	 *
	 * articles.publish(draft); // an @ActivityScore method
	 * admin.awaitApplied(Duration.ofSeconds(5));
	 * }</pre>
	 * @param timeout how long to wait at most
	 * @return {@code true} when nothing is pending, {@code false} on timeout or interrupt
	 */
	boolean awaitApplied(Duration timeout);

	/**
	 * Replay every award and revoke of the ledger in order, through the same script, so
	 * that the boards come back as the live path made them: after Redis lost its data (a
	 * restart without persistence, {@code FLUSHDB}, a failover), or to lay the keys out
	 * anew. Refuses to replace boards that hold more than the ledger can account for, as
	 * {@link #rebuild(boolean) rebuild(false)} does.
	 * @return what was replayed
	 * @throws IllegalStateException when another rebuild runs, or when the live boards
	 * hold more than the ledger can account for
	 * @throws UnsupportedOperationException when the ledger is off
	 */
	default RebuildReport rebuild() {
		return rebuild(false);
	}

	/**
	 * Replay every award and revoke of the ledger in order, as {@link #rebuild()}. Before
	 * it replaces the live boards, it compares them with what it replayed: when a live
	 * day, week, month or total board is missing from the replay or has more members, or
	 * the total board more points (a ledger younger than the oldest retained board,
	 * turned on after the first awards, or purged by its retention), it throws and leaves
	 * the live boards as they are, unless {@code force} is {@code true}. <pre>{@code
	 * RebuildReport report = admin.rebuild(false); // refuses to lose points
	 * RebuildReport forced = admin.rebuild(true);  // the boards become what the ledger holds
	 * }</pre>
	 * @param force whether to replace boards that hold more than the ledger can account
	 * for
	 * @return what was replayed
	 * @throws IllegalStateException when another rebuild runs, or when the live boards
	 * hold more than the ledger can account for and {@code force} is {@code false}
	 * @throws UnsupportedOperationException when the ledger is off
	 */
	RebuildReport rebuild(boolean force);

	/**
	 * Replay every award and revoke of the ledger under today's rules: each rule's
	 * current points, caps evaluated again. After a rule's weight changed, the boards
	 * read as if it had always been the new one.
	 * @return what was replayed
	 * @throws IllegalStateException when another rebuild runs
	 * @throws UnsupportedOperationException when the ledger is off
	 */
	RebuildReport rescore();

	/**
	 * The awards and revokes that Redis failed on for good and that were set aside,
	 * oldest first: without the ledger they are kept in a Redis stream under the key
	 * prefix, with it in the ledger's rows. Every other award sent with them was applied.
	 * @param limit how many at most, from 1 to 1,000
	 * @return the awards set aside, oldest first
	 */
	List<SetAsideAward> setAside(int limit);

	/**
	 * Apply every award set aside again, in the order they were made and each at the
	 * instant it was made, once the cause is fixed (say the key of the wrong type was
	 * deleted). Those that succeed leave the set-aside store; those that fail for good
	 * again stay. Applying one twice changes nothing: awards are idempotent. With the
	 * ledger on, the rows become pending again and the relay applies them in order, after
	 * this call returns ({@link #awaitApplied} waits for it); a row that fails again is
	 * set aside again.
	 * @return how many were applied (or answered without change) and left the store; with
	 * the ledger on, how many rows were made pending again
	 */
	long reapplySetAside();

	/**
	 * Grant the badges users already qualify for and do not hold yet, after a badge was
	 * added or its thresholds lowered (docs/badges.md): points badges from the levels'
	 * board, count badges from the per-user counters of their rule (kept since a count
	 * badge of that rule was first configured), streak badges from the current streaks;
	 * with the ledger on, first from its standing awards, as far back as the ledger goes
	 * (a count badge's counter is raised to the ledger's count). Grants made here publish
	 * no event. <pre>{@code
	 * long granted = admin.grantBadges();
	 * }</pre>
	 * @return how many badge tiers were granted
	 * @throws UnsupportedOperationException when no badges are configured
	 */
	default long grantBadges() {
		throw new UnsupportedOperationException(
				"grantBadges() grants the badges under activity-rank.badges, and none are configured");
	}

}
