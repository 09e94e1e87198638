package io.github.activityrank.ledger;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The {@link ChallengeStore} with the ledger on: creations, joins and leaves are applied
 * to Redis first, as without the ledger, then recorded in the ledger (the definition in
 * the challenge table, a row in order with the user's awards), so a rebuild restores the
 * challenge boards. It decorates the store rather than the {@code ChallengeService}
 * because the store is where the instant and the outcome of each change are known: the
 * replay repeats the change at that same instant, which gives the same participation
 * tokens and the same "joined before the award". Reads go straight through, except
 * {@link #find} of a challenge Redis no longer holds, which reads the challenge table;
 * the boards of challenges past their Redis retention are read from the archive by
 * {@link LedgerChallengeArchive}, which decorates the read side.
 */
public class LedgerChallengeStore implements ChallengeStore {

	private static final Log logger = LogFactory.getLog(LedgerChallengeStore.class);

	private final ChallengeStore store;

	private final AwardLedger ledger;

	private final LedgerChallengeArchive archive;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	/**
	 * Create the store.
	 * @param store the store that applies to Redis
	 * @param ledger where changes are recorded
	 */
	public LedgerChallengeStore(ChallengeStore store, AwardLedger ledger) {
		this(store, ledger, null);
	}

	/**
	 * Create the store with archived standings: reads of a challenge past its Redis
	 * retention read them.
	 * @param store the store that applies to Redis
	 * @param ledger where changes are recorded
	 * @param archive the archived challenge standings, or {@code null} for none
	 */
	public LedgerChallengeStore(ChallengeStore store, AwardLedger ledger, LedgerChallengeArchive archive) {
		this.archive = archive;
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

	/**
	 * The definition from Redis, or else, once Redis no longer holds it, from the
	 * challenge table.
	 */
	@Override
	public Optional<ChallengeDefinition> find(String id) {
		Optional<ChallengeDefinition> found = this.store.find(id);
		if (found.isEmpty() && this.archive != null) {
			return this.archive.definition(id);
		}
		return found;
	}

	@Override
	public List<ChallengeDefinition> endingAfter(Instant instant) {
		return this.store.endingAfter(instant);
	}

	@Override
	public List<ChallengeDefinition> joined(String userId, Instant now) {
		return this.store.joined(userId, now);
	}

}
