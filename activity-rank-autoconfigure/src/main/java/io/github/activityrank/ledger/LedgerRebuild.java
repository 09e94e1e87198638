package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.AwardResult;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisStores;
import io.github.activityrank.redis.ShardCount;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.StagedKeys;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link ActivityRankAdmin} on the ledger.
 * <p>
 * <strong>Fresh keys.</strong> The ledger is replayed, in id order, into the staging key
 * space ({@link RankKeys#staging()} of each configured shard:
 * {@code {prefix}:rebuild:...} with one shard, {@code {prefix:s}:rebuild:...} with
 * several, each in the slot of its shard's live keys) through a store of its own
 * ({@link RedisStores} chooses one key space or the staging shards), so the same
 * {@code score.lua} writes every board, record, cap counter, tally and challenge board,
 * each entry at its own {@code event_at}. That store's clock runs behind by the age of
 * the oldest entry plus a day, so the keys it writes live that much longer than live keys
 * would: the records of days past {@code retention.record} stay while the replay needs
 * them (for revokes and once-per decisions). The switch takes that offset off every TTL
 * and drops the keys with nothing left.
 * <p>
 * <strong>Another shard count.</strong> The switch runs shard by shard, then deletes the
 * score and challenge keys that the shard count recorded in {@code {prefix}:meta} left
 * under tags the configured shards do not use, and records the configured count: so a
 * rebuild after a change of {@code activity-rank.shards} moves every board to the new
 * layout.
 * <p>
 * <strong>Awards go on.</strong> The relay keeps applying to the live keys during the
 * bulk replay; a catch-up pass replays what it applied meanwhile. Then the rebuild locks
 * every lane (every relay, on every instance, skips them until it commits), replays the
 * last tail, switches the staged keys onto the live names and commits. Entries still
 * pending are applied by the relay afterwards, to the new keys, once. A user's entries
 * are replayed only while all the earlier ones are applied, so a pending entry holds back
 * that user's later ones until a next pass.
 * <p>
 * <strong>One at a time.</strong> A rebuild holds the row of the rebuild table
 * ({@code FOR UPDATE SKIP LOCKED}) while it runs; a second one, on any instance, is
 * refused.
 */
public class LedgerRebuild implements ActivityRankAdmin {

	private static final Log logger = LogFactory.getLog(LedgerRebuild.class);

	/** Rows read per query. */
	private static final int PAGE = 2000;

	/** Replayed entries between two progress log lines. */
	static final long LOG_EVERY = 10_000;

	/** How much longer than the oldest entry's age staged keys live. */
	private static final Duration MARGIN = Duration.ofDays(1);

	private final AwardLedger ledger;

	private final LedgerRelay relay;

	private final TimedActivityApplier engine;

	private final RedisConnectionFactory connectionFactory;

	private final RankKeys keys;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final Set<Period> periods;

	private final BoardOrder order;

	private final Duration challengeRetention;

	private final Predicate<Duration> awaitApplied;

	private final AtomicBoolean running = new AtomicBoolean();

	private final AtomicLong progress = new AtomicLong();

	private final WarnOnce skippedLog = new WarnOnce(logger,
			"further entries the rules reject are logged at debug level");

	/**
	 * Create the rebuild.
	 * @param ledger the ledger
	 * @param relay the relay, woken after the switch
	 * @param engine the engine that turns entries into commands under the current rules;
	 * {@code null} when the application's own {@code ActivityRankService} replaced the
	 * starter's, which makes {@link #rebuild()} and {@link #rescore()} refuse
	 * @param connectionFactory connections to Redis
	 * @param keys the live key naming of the prefix
	 * @param shards the configured shards
	 * @param calendar the application's calendar
	 * @param periods the boards every award goes to
	 * @param order how boards order their members
	 * @param challengeRetention how long a challenge is kept after its end
	 * @param awaitApplied waits until the dispatched awards are applied, for
	 * {@link #awaitApplied(Duration)}
	 */
	public LedgerRebuild(AwardLedger ledger, LedgerRelay relay, TimedActivityApplier engine,
			RedisConnectionFactory connectionFactory, RankKeys keys, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Duration challengeRetention, Predicate<Duration> awaitApplied) {
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.relay = relay;
		this.engine = engine;
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.shards = shards;
		this.calendar = calendar;
		this.periods = Set.copyOf(periods);
		this.order = order;
		this.challengeRetention = challengeRetention;
		this.awaitApplied = Objects.requireNonNull(awaitApplied, "awaitApplied must not be null");
	}

	@Override
	public boolean awaitApplied(Duration timeout) {
		return this.awaitApplied.test(timeout);
	}

	@Override
	public RebuildReport rebuild() {
		return run(false);
	}

	@Override
	public RebuildReport rescore() {
		return run(true);
	}

	/**
	 * Entries the running rebuild has replayed so far, or the last one's total.
	 * @return the count
	 */
	public long progress() {
		return this.progress.get();
	}

	/**
	 * Whether a rebuild runs in this instance.
	 * @return {@code true} while one runs
	 */
	public boolean isRunning() {
		return this.running.get();
	}

	private RebuildReport run(boolean rescore) {
		String what = rescore ? "rescore" : "rebuild";
		if (this.engine == null) {
			throw new IllegalStateException("activity-rank " + what + " replays the ledger through the starter's "
					+ "ActivityRankService, which your own replaced; define your own ActivityRankAdmin bean");
		}
		if (!this.running.compareAndSet(false, true)) {
			throw alreadyRunning(what);
		}
		long started = System.nanoTime();
		try (Connection lock = this.ledger.dataSource().getConnection()) {
			lock.setAutoCommit(false);
			try {
				if (!this.ledger.tryLockRebuild(lock)) {
					throw alreadyRunning(what);
				}
				this.progress.set(0);
				Replay replay = replay(rescore);
				logger.info("activity-rank " + what + " starts: " + replay.staged.clear()
						+ " staged key(s) of an earlier run deleted");
				// bulk, then what the relay applied meanwhile, then the tail with the
				// relay
				// paused
				replay.pass(this.ledger.maxId());
				replay.pass(this.ledger.maxId());
				long moved;
				try (Connection pause = this.ledger.dataSource().getConnection()) {
					pause.setAutoCommit(false);
					try {
						this.ledger.lockAllLanes(pause);
						replay.pass(this.ledger.maxId());
						replay.flush();
						replay.staged.alignChallengeTtls(this.calendar.now().toEpochMilli(), replay.offset.toMillis());
						moved = replay.staged.switchToStaged(replay.offset.toMillis(), true);
						pause.commit();
					}
					catch (SQLException | RuntimeException ex) {
						pause.rollback();
						throw ex;
					}
				}
				if (this.relay != null) {
					this.relay.wake();
				}
				Duration took = Duration.ofNanos(System.nanoTime() - started);
				logger.info("activity-rank " + what + " done: " + replay.entries + " entries of " + replay.users.size()
						+ " users and " + replay.changes + " challenge changes replayed, " + moved + " keys switched, "
						+ replay.waiting.size() + " entries left to the relay, " + replay.differing
						+ " outcome(s) differ from the ledger's, in " + took.toMillis() + " ms");
				lock.commit();
				return new RebuildReport(replay.entries, replay.users.size(), took);
			}
			catch (SQLException | RuntimeException ex) {
				lock.rollback();
				throw ex;
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank " + what + " failed on the ledger's database: " + ex, ex);
		}
		finally {
			this.running.set(false);
		}
	}

	private static IllegalStateException alreadyRunning(String what) {
		return new IllegalStateException("activity-rank " + what
				+ " refused: a rebuild of the boards is already running (on this or another instance sharing the"
				+ " ledger); try again when it has finished");
	}

	private Replay replay(boolean rescore) {
		Instant now = this.calendar.now();
		Instant oldest = this.ledger.oldestEventAt();
		Duration age = (oldest != null && oldest.isBefore(now)) ? Duration.between(oldest, now) : Duration.ZERO;
		Duration offset = age.plus(MARGIN);
		int previous = ShardCount.recorded(this.connectionFactory, this.keys);
		if (previous != this.shards.shards()) {
			logger.info("activity-rank rebuild moves the boards of " + this.keys.tag() + " from " + previous
					+ " shard(s) to " + this.shards.shards());
		}
		StagedKeys staged = new StagedKeys(this.connectionFactory, this.keys, this.shards, previous);
		Clock behind = Clock.offset(this.calendar.clock(), offset.negated());
		ActivityCalendar stagedCalendar = this.calendar.withClock(behind);
		ShardMap stagedShards = staged.shards();
		RedisStores stores = new RedisStores(this.connectionFactory, stagedShards, stagedCalendar, this.order);
		ActivityStore store = stores.activityStore(this.periods);
		ChallengeStore challenges = stores.challengeStore(this.challengeRetention);
		return new Replay(rescore, staged, store, challenges, this.ledger.challengeDefinitions(), offset);
	}

	/**
	 * Replays entries into the staged keys, in passes up to an id. Every id up to
	 * {@link #upTo} has been read: replayed, or waiting (pending when read, or after a
	 * pending entry of its user).
	 */
	private final class Replay {

		final boolean rescore;

		final StagedKeys staged;

		final ActivityStore store;

		final ChallengeStore challenges;

		final Map<String, ChallengeDefinition> definitions;

		final Duration offset;

		final Set<String> users = new HashSet<>();

		final List<ScoreCommand> batch = new ArrayList<>(ActivityStore.MAX_BATCH);

		final List<LedgerRow> batchRows = new ArrayList<>(ActivityStore.MAX_BATCH);

		TreeSet<Long> waiting = new TreeSet<>();

		long upTo;

		long entries;

		long differing;

		long changes;

		Replay(boolean rescore, StagedKeys staged, ActivityStore store, ChallengeStore challenges,
				Map<String, ChallengeDefinition> definitions, Duration offset) {
			this.rescore = rescore;
			this.staged = staged;
			this.store = store;
			this.challenges = challenges;
			this.definitions = definitions;
			this.offset = offset;
		}

		void pass(long to) {
			long after = this.waiting.isEmpty() ? this.upTo : Math.min(this.upTo, this.waiting.first() - 1);
			TreeSet<Long> stillWaiting = new TreeSet<>();
			Set<String> heldBack = new HashSet<>();
			while (true) {
				List<LedgerRow> rows = LedgerRebuild.this.ledger.rows(after, to, PAGE);
				if (rows.isEmpty()) {
					break;
				}
				for (LedgerRow row : rows) {
					after = row.id();
					if (row.id() <= this.upTo && !this.waiting.contains(row.id())) {
						continue; // replayed in an earlier pass
					}
					if (row.pending() || heldBack.contains(row.userId())) {
						stillWaiting.add(row.id());
						heldBack.add(row.userId());
						continue;
					}
					replay(row);
				}
			}
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
			ScoreCommand command = LedgerRebuild.this.engine.command(row.event(), row.at());
			if (command == null) {
				LedgerRebuild.this.skippedLog.log("activity-rank rebuild skipped ledger entry " + row.id()
						+ ": today's rules reject it (an unknown rule?)", null);
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
		 * Whether a row is replayed: for a rebuild, the outcomes that changed something
		 * (and capped awards, which come out capped again); for a rescore, every award
		 * and revoke that reached the engine.
		 */
		private boolean replayed(LedgerRow row) {
			String outcome = row.outcome();
			if (this.rescore) {
				return outcome != null && !AwardResult.Outcome.REJECTED.name().equals(outcome);
			}
			return AwardResult.Outcome.AWARDED.name().equals(outcome)
					|| AwardResult.Outcome.CAPPED.name().equals(outcome)
					|| AwardResult.Outcome.REVOKED.name().equals(outcome);
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
		 * A revoke the ledger decided beyond {@code retention.record}: its award's record
		 * is gone from Redis, so {@code score.lua} would answer NOTHING_TO_REVOKE. It
		 * goes through the store's revoke of an expired award, as it did when it was
		 * made, with the points its award was given (for a rescore, the points today's
		 * rules give it).
		 */
		private void replayExpiredRevoke(LedgerRow row) {
			LedgerRow award = LedgerRebuild.this.ledger.row(row.revokedId());
			if (award == null || award.appliedPoints() == null) {
				return; // erased with its user, or never gave points
			}
			long points = award.appliedPoints();
			if (this.rescore) {
				ScoreCommand command = LedgerRebuild.this.engine.command(award.event(), award.at());
				if (command == null) {
					return;
				}
				points = command.points();
			}
			this.store.revokeExpired(row.userId(), award.rule(), points, award.at());
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
			LedgerRebuild.this.progress.set(this.entries);
			if (before / LOG_EVERY != this.entries / LOG_EVERY) {
				logger.info("activity-rank rebuild: " + this.entries + " entries replayed");
			}
			this.batch.clear();
			this.batchRows.clear();
		}

	}

}
