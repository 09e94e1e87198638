package io.github.activityrank.ledger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.AwardResult;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.UserRecords;
import io.github.activityrank.redis.StagedKeys;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Replays entries into the staged keys, in passes up to an id. Every id up to
 * {@code upTo} has been read: replayed, or waiting (pending when read, or after a pending
 * entry of its user).
 */
final class LedgerReplay {

	/** Logged under the rebuild's name: the replay is one of its steps. */
	private static final Log logger = LogFactory.getLog(LedgerRebuild.class);

	/** Entries read from the ledger at once. */
	private static final int PAGE = 2000;

	private final AwardLedger ledger;

	private final TimedActivityApplier engine;

	private final AtomicLong progress;

	private final WarnOnce skippedLog;

	final boolean rescore;

	final StagedKeys staged;

	final ActivityStore store;

	final UserRecords records;

	final ChallengeStore challenges;

	final Map<String, ChallengeDefinition> definitions;

	final Duration offset;

	final Set<String> users = new HashSet<>();

	/**
	 * Ids a pass read past that were not there: rolled back, deleted, or not committed.
	 */
	private final IdGaps gaps = new IdGaps();

	final List<ScoreCommand> batch = new ArrayList<>(ActivityStore.MAX_BATCH);

	final List<LedgerRow> batchRows = new ArrayList<>(ActivityStore.MAX_BATCH);

	TreeSet<Long> waiting = new TreeSet<>();

	long upTo;

	long entries;

	long differing;

	long changes;

	LedgerReplay(AwardLedger ledger, TimedActivityApplier engine, AtomicLong progress, WarnOnce skippedLog,
			boolean rescore, StagedKeys staged, ActivityStore store, UserRecords records, ChallengeStore challenges,
			Map<String, ChallengeDefinition> definitions, Duration offset) {
		this.ledger = ledger;
		this.engine = engine;
		this.progress = progress;
		this.skippedLog = skippedLog;
		this.rescore = rescore;
		this.staged = staged;
		this.store = store;
		this.records = records;
		this.challenges = challenges;
		this.definitions = definitions;
		this.offset = offset;
	}

	void pass(long to) {
		// rows that committed after an earlier pass read past their ids are read as
		// waiting ones: before their user's later rows, which were written after they
		// committed and so have ids above what that pass read
		this.waiting.addAll(this.gaps.committed(this.ledger));
		long after = this.waiting.isEmpty() ? this.upTo : Math.min(this.upTo, this.waiting.first() - 1);
		TreeSet<Long> stillWaiting = new TreeSet<>();
		Set<String> heldBack = new HashSet<>();
		long next = this.upTo + 1; // the next id above upTo, unless it is not there (yet)
		while (true) {
			List<LedgerRow> rows = this.ledger.rows(after, to, PAGE);
			if (rows.isEmpty()) {
				break;
			}
			for (LedgerRow row : rows) {
				after = row.id();
				if (row.id() <= this.upTo && !this.waiting.contains(row.id())) {
					continue; // replayed in an earlier pass
				}
				if (row.id() >= next) {
					this.gaps.add(next, row.id() - 1);
					next = row.id() + 1;
				}
				if (row.pending() || heldBack.contains(row.userId())) {
					stillWaiting.add(row.id());
					heldBack.add(row.userId());
					continue;
				}
				replay(row);
			}
		}
		this.gaps.add(next, to);
		flush();
		this.waiting = stillWaiting;
		this.upTo = Math.max(this.upTo, to);
	}

	private void replay(LedgerRow row) {
		if (row.challengeChange()) {
			flush(); // in order with the awards before it
			replayChallengeChange(row);
			return;
		}
		if (row.revokedId() != null) {
			flush(); // in order with the user's other entries
			replayExpiredRevoke(row);
			return;
		}
		if (!replayed(row)) {
			return;
		}
		ScoreCommand command = this.engine.command(row.event(), row.at());
		if (command == null) {
			this.skippedLog.log("activity-rank rebuild skipped ledger entry " + row.id()
					+ ": today's rules reject it (an unknown rule?)", null);
			return;
		}
		if (decidedByTheLedger(row, command)) {
			return;
		}
		if (!this.rescore && !row.revoke() && AwardResult.Outcome.AWARDED.name().equals(row.outcome())
				&& row.appliedPoints() != null) {
			command = command.withPoints(row.appliedPoints()); // the points it was
																// given
		}
		this.batch.add(command);
		this.batchRows.add(row);
		this.users.add(row.userId());
		if (this.batch.size() == ActivityStore.MAX_BATCH) {
			flush();
		}
	}

	/**
	 * Whether a row is replayed: every award and revoke that reached the engine, in id
	 * order through the same script, so that its idempotency, windows and caps decide
	 * again. An outcome that changed nothing ({@code ALREADY_AWARDED},
	 * {@code NOTHING_TO_REVOKE}) is replayed too: after a crash between Redis and the
	 * mark, the relay applies a row again and records the second answer, while the first
	 * apply is what put its points on the boards.
	 */
	private static boolean replayed(LedgerRow row) {
		String outcome = row.outcome();
		return outcome != null && !AwardResult.Outcome.REJECTED.name().equals(outcome)
				&& !AwardLedger.SET_ASIDE_OUTCOME.equals(outcome);
	}

	/**
	 * Whether a once-per-ever award was answered {@code ALREADY_AWARDED} because an
	 * earlier award of its field stood: the ledger may have decided it after Redis forgot
	 * that award's record, and the script, which has no record of it in the replay
	 * either, would award it again. (An {@code ALREADY_AWARDED} with no standing award
	 * before it is a row applied twice after a crash: its first apply gave the points,
	 * and it is replayed.)
	 */
	private boolean decidedByTheLedger(LedgerRow row, ScoreCommand command) {
		return command.oncePerEver() && !row.revoke()
				&& AwardResult.Outcome.ALREADY_AWARDED.name().equals(row.outcome())
				&& this.ledger.awardStoodBefore(row.userId(), StandingAwards.fieldOf(row.event()), row.id());
	}

	/**
	 * A challenge created, joined or left, repeated at its instant: the same
	 * participation token, the same awards before and after it.
	 */
	private void replayChallengeChange(LedgerRow row) {
		String id = row.field();
		switch (row.kind()) {
			case AwardLedger.CHALLENGE -> {
				ChallengeDefinition definition = this.definitions.get(id);
				if (definition != null) {
					this.challenges.createIfAbsent(definition, row.at());
				}
			}
			case AwardLedger.JOIN -> this.challenges.join(id, row.userId(), row.at(), Integer.MAX_VALUE);
			default -> this.challenges.leave(id, row.userId(), row.at());
		}
		this.changes++;
	}

	/**
	 * A revoke the ledger decided beyond {@code retention.record}: its award's record is
	 * gone from Redis, so {@code score.lua} would answer NOTHING_TO_REVOKE. It goes
	 * through the store's revoke of an expired award, as it did when it was made, with
	 * the points its award was given (for a rescore, the points today's rules give it).
	 */
	private void replayExpiredRevoke(LedgerRow row) {
		LedgerRow award = this.ledger.row(row.revokedId());
		if (award == null || award.appliedPoints() == null) {
			return; // erased with its user, or never gave points
		}
		long points = award.appliedPoints();
		if (this.rescore) {
			ScoreCommand command = this.engine.command(award.event(), award.at());
			if (command == null) {
				return;
			}
			points = command.points();
		}
		this.records.revokeExpired(row.userId(), award.rule(), points, award.at());
		this.entries++;
		this.users.add(row.userId());
	}

	void flush() {
		if (this.batch.isEmpty()) {
			return;
		}
		List<AwardResult> results = this.store.apply(this.batch);
		if (!this.rescore) {
			for (int i = 0; i < results.size(); i++) {
				if (!results.get(i).outcome().name().equals(this.batchRows.get(i).outcome())) {
					this.differing++;
				}
			}
		}
		long before = this.entries;
		this.entries += this.batch.size();
		this.progress.set(this.entries);
		if (before / LedgerRebuild.LOG_EVERY != this.entries / LedgerRebuild.LOG_EVERY) {
			logger.info("activity-rank rebuild: " + this.entries + " entries replayed");
		}
		this.batch.clear();
		this.batchRows.clear();
	}

}
