package io.github.activityrank.ledger;

import java.time.Instant;
import java.util.Objects;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.engine.ChallengeWrites;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The {@link ChallengeWrites} with the ledger on: creations, joins and leaves are applied
 * to Redis first, as without the ledger, then recorded in the ledger (the definition in
 * the challenge table, a row in order with the user's awards), so a rebuild restores the
 * challenge boards. It decorates the store's writes rather than the
 * {@code ChallengeService} because the store is where the instant and the outcome of each
 * change are known: the replay repeats the change at that same instant, which gives the
 * same participation tokens and the same "joined before the award". Reads do not pass
 * here: the service reads the store, and {@link LedgerChallengeArchive}, which decorates
 * the read side, gives the boards and definitions of challenges past their Redis
 * retention.
 */
public class LedgerChallengeStore implements ChallengeWrites {

	private static final Log logger = LogFactory.getLog(LedgerChallengeStore.class);

	private final ChallengeWrites store;

	private final AwardLedger ledger;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	/**
	 * Create the store's writes.
	 * @param store the store that applies to Redis
	 * @param ledger where changes are recorded
	 */
	public LedgerChallengeStore(ChallengeWrites store, AwardLedger ledger) {
		this.store = Objects.requireNonNull(store, "store must not be null");
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
	}

	@Override
	public ChallengeDefinition createIfAbsent(ChallengeDefinition definition, Instant now) {
		ChallengeDefinition stored = this.store.createIfAbsent(definition, now);
		if (stored.equals(definition)) {
			record(() -> this.ledger.recordChallenge(definition, now), "challenge " + definition.id());
		}
		return stored;
	}

	@Override
	public JoinOutcome join(String id, String userId, Instant now, int maxJoined) {
		JoinOutcome outcome = this.store.join(id, userId, now, maxJoined);
		if (outcome == JoinOutcome.JOINED) {
			record(() -> this.ledger.recordMembership(true, userId, id, now), "a join of challenge " + id);
		}
		return outcome;
	}

	@Override
	public boolean leave(String id, String userId, Instant now) {
		boolean left = this.store.leave(id, userId, now);
		if (left) {
			record(() -> this.ledger.recordMembership(false, userId, id, now), "a leave of challenge " + id);
		}
		return left;
	}

	/**
	 * A failure to record is logged (warn once, then debug): Redis has the change, and
	 * the caller gets its answer, as for direct awards.
	 */
	private void record(Runnable write, String what) {
		try {
			write.run();
		}
		catch (RuntimeException ex) {
			this.failureLog.log("activity-rank ledger could not record " + what + "; Redis has it: " + ex, ex);
		}
	}

}
