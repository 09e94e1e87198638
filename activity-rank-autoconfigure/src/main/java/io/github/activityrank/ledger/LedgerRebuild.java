package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.Period;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.engine.AchievementListener;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeGrants;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.SetAsideStore;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.UserRecords;
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
 * that user's later ones until a next pass; an entry that committed after a pass read
 * past its id is looked up again by every later pass ({@link IdGaps}).
 * <p>
 * <strong>One at a time.</strong> A rebuild holds the row of the rebuild table
 * ({@code FOR UPDATE SKIP LOCKED}) while it runs; a second one, on any instance, is
 * refused.
 */
public class LedgerRebuild implements ActivityRankAdmin {

	private static final Log logger = LogFactory.getLog(LedgerRebuild.class);

	/**
	 * Runs between the bulk replay and the catch-up; a test's hook for what happens then.
	 */
	volatile Runnable afterBulk = () -> {
	};

	/** Replayed entries between two progress log lines. */
	static final long LOG_EVERY = 10_000;

	/** How long before a rebuild's start an erase it must honour may have begun. */
	private static final Duration ERASE_MARGIN = Duration.ofMinutes(1);

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

	private final StreakSettings streaks;

	private final Map<String, ItemType> items;

	private final Predicate<Duration> awaitApplied;

	private final SetAsideRows setAside;

	private final AtomicBoolean running = new AtomicBoolean();

	private BadgeGrants badges = BadgeGrants.NONE;

	private BadgeSettings badgeSettings = BadgeSettings.OFF;

	private LedgerTopBadges topBadges;

	private ScopeSettings scopes = ScopeSettings.NONE;

	private final AtomicLong progress = new AtomicLong();

	private final WarnOnce skippedLog = new WarnOnce(logger,
			"further entries the rules reject are logged at debug level");

	/**
	 * Create the rebuild of boards that keep streaks and item boards: the replay restores
	 * active days, runs, milestone bonuses and the streak board, and the item boards, hot
	 * boards and user counters of the rows that name an item, each at its own instant.
	 * @param ledger the ledger
	 * @param relay the relay, paused while the rebuild runs
	 * @param engine applies the rows, or {@code null}
	 * @param connectionFactory connections to Redis
	 * @param keys key naming
	 * @param shards the shards and their keys
	 * @param calendar today and the zone
	 * @param periods the boards every award goes to
	 * @param order how boards order their members
	 * @param challengeRetention how long a challenge is kept after its end
	 * @param awaitApplied waits until the dispatched awards are applied
	 * @param streaks whether and how awards mark active days
	 * @param items the configured item types by name (empty: none)
	 */
	public LedgerRebuild(AwardLedger ledger, LedgerRelay relay, TimedActivityApplier engine,
			RedisConnectionFactory connectionFactory, RankKeys keys, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Duration challengeRetention, Predicate<Duration> awaitApplied,
			StreakSettings streaks, Map<String, ItemType> items) {
		this.streaks = streaks;
		this.items = Map.copyOf(items);
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.setAside = new SetAsideRows(ledger);
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

	/**
	 * Set the badges the replay restores and what {@link #grantBadges()} runs.
	 * @param settings the levels and badges awards decide; the replay announces none
	 * @param grants the retroactive grants; none: {@link #grantBadges()} throws
	 * @param topBadges the top badges the ledger recorded, or {@code null}
	 */
	public void setBadges(BadgeSettings settings, BadgeGrants grants, LedgerTopBadges topBadges) {
		this.badgeSettings = settings.withListener(AchievementListener.NONE);
		this.badges = grants;
		this.topBadges = topBadges;
	}

	/**
	 * Set the scope kinds whose boards the replay restores (docs/scopes.md).
	 * @param scopes the configured scope kinds
	 */
	public void setScopes(ScopeSettings scopes) {
		this.scopes = scopes;
	}

	@Override
	public long grantBadges() {
		return this.badges.grantBadges();
	}

	@Override
	public boolean awaitApplied(Duration timeout) {
		return this.awaitApplied.test(timeout);
	}

	@Override
	public RebuildReport rebuild(boolean force) {
		return run(false, force);
	}

	@Override
	public RebuildReport rescore() {
		return run(true, false);
	}

	@Override
	public List<SetAsideAward> setAside(int limit) {
		return this.setAside.list(SetAsideStore.checkLimit(limit));
	}

	/**
	 * Make the entries set aside pending again: the relay applies them at its next sweep,
	 * in id order, and sets aside again those that still fail.
	 */
	@Override
	public long reapplySetAside() {
		return this.setAside.makePending();
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

	private RebuildReport run(boolean rescore, boolean force) {
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
				// an erase whose rows this rebuild may have read began at most this long
				// before it: a transaction that deletes them commits after its Redis
				// removal
				Instant startedAt = this.calendar.now().minus(ERASE_MARGIN);
				LedgerReplay replay = replay(rescore);
				logger.info("activity-rank " + what + " starts: " + replay.staged.clear()
						+ " staged key(s) of an earlier run deleted");
				replay.staged.keepRuleNumbers();
				// bulk, then what the relay applied meanwhile, then the tail with the
				// relay
				// paused
				replay.pass(this.ledger.maxId());
				this.afterBulk.run();
				replay.pass(this.ledger.maxId());
				if (this.topBadges != null) {
					this.topBadges.restore(); // live keys, which the switch keeps
				}
				long moved;
				try (Connection pause = this.ledger.dataSource().getConnection()) {
					pause.setAutoCommit(false);
					try {
						this.ledger.lockAllLanes(pause);
						replay.pass(this.ledger.maxId());
						replay.flush();
						// every erase that began before the pause has committed: the
						// users
						// it removed leave the staged keys too
						removeErased(replay, startedAt);
						if (!rescore && !force) {
							refuseToShrink(replay);
						}
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

	/**
	 * Remove from the staged keys every user whose erase ({@code removeUser}) began since
	 * the rebuild started, as the live keys lost them: the replay may have staged their
	 * entries before the erase deleted them. The removal runs on the staged keys with the
	 * application's calendar, so it finds the same days, weeks, months and challenges.
	 */
	private void removeErased(LedgerReplay replay, Instant startedAt) {
		Set<String> erased = replay.staged.removedSince(startedAt.toEpochMilli());
		if (erased.isEmpty()) {
			return;
		}
		RedisStores stores = new RedisStores(this.connectionFactory, replay.staged.shards(), this.calendar, this.order,
				this.streaks, this.badgeSettings)
			.withScopes(this.scopes);
		UserRecords records = stores.userRecords(this.periods, this.items);
		for (String userId : erased) {
			records.removeUser(userId);
			replay.users.remove(userId);
		}
		logger.info("activity-rank rebuild: " + erased.size() + " user(s) removed while it ran left the staged keys");
	}

	/**
	 * Throw, and delete what was staged, when the live boards hold more than the replay
	 * made of the ledger: replacing them would lose points the ledger cannot give back.
	 */
	private void refuseToShrink(LedgerReplay replay) {
		List<String> shrinking = replay.staged.shrinkingBoards(this.order.tieBreak() == TieBreak.EARLIEST, true);
		if (shrinking.isEmpty()) {
			return;
		}
		replay.staged.clear();
		throw new IllegalStateException("activity-rank rebuild refused: the live boards hold more than the ledger can "
				+ "account for, so replacing them would lose points (" + shrinking.size() + " board(s), "
				+ String.join("; ", shrinking.subList(0, Math.min(3, shrinking.size())))
				+ "). The ledger is younger than those boards (turned on after their first awards, or its retention "
				+ "purged their entries), or the boards hold awards it never recorded. Nothing was changed. To make "
				+ "the boards what the ledger holds anyway, call ActivityRankAdmin.rebuild(true)");
	}

	private static IllegalStateException alreadyRunning(String what) {
		return new IllegalStateException("activity-rank " + what
				+ " refused: a rebuild of the boards is already running (on this or another instance sharing the"
				+ " ledger); try again when it has finished");
	}

	private LedgerReplay replay(boolean rescore) {
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
		RedisStores stores = new RedisStores(this.connectionFactory, stagedShards, stagedCalendar, this.order,
				this.streaks, this.badgeSettings)
			.withScopes(this.scopes);
		ActivityStore store = stores.activityStore(this.periods, this.items);
		ChallengeStore challenges = stores.challengeStore(this.challengeRetention);
		return new LedgerReplay(this.ledger, this.engine, this.progress, this.skippedLog, rescore, staged, store,
				stores.userRecords(this.periods, this.items), challenges, this.ledger.challengeDefinitions(), offset);
	}

}
