package io.github.activityrank.engine;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.support.InputCheck;
import io.github.activityrank.support.LogText;

/**
 * The {@link ChallengeService} the starter configures: validates requests against the
 * rules and the application's clock, and leaves storage to the {@link ChallengeStore}:
 * writes go through its {@link ChallengeWrites} (or a decorator of them), reads to the
 * store, and the definition of a challenge the store no longer holds to the
 * {@link ChallengeBoards}.
 */
public class DefaultChallengeService implements ChallengeService, ObservationsAware {

	/**
	 * Challenges start no earlier than this, so every instant is a positive millisecond.
	 */
	private static final Instant EARLIEST_START = Instant.EPOCH;

	private static final Comparator<ChallengeDefinition> BY_START = Comparator.comparing(ChallengeDefinition::start)
		.thenComparing(ChallengeDefinition::id);

	private final ActivityRules rules;

	private final ChallengeStore store;

	private final ChallengeWrites writes;

	private final ActivityCalendar calendar;

	private final ChallengeBoards boards;

	private final RankUserLookup userLookup;

	private ActivityObservations observations = ActivityObservations.NONE;

	/**
	 * Create the service.
	 * @param rules the rules a challenge may count
	 * @param store where challenges live
	 * @param boards where challenge boards are read
	 * @param calendar the application's clock
	 * @param userLookup display data for entries, or {@code null}
	 */
	public DefaultChallengeService(ActivityRules rules, ChallengeStore store, ChallengeBoards boards,
			ActivityCalendar calendar, RankUserLookup userLookup) {
		this(rules, store, store, boards, calendar, userLookup);
	}

	/**
	 * Create the service with writes that are not the store's own, such as the ledger's,
	 * which records each change.
	 * @param rules the rules a challenge may count
	 * @param store where challenges are read
	 * @param writes where challenges are created, joined and left
	 * @param boards where challenge boards are read
	 * @param calendar the application's clock
	 * @param userLookup display data for entries, or {@code null}
	 */
	public DefaultChallengeService(ActivityRules rules, ChallengeStore store, ChallengeWrites writes,
			ChallengeBoards boards, ActivityCalendar calendar, RankUserLookup userLookup) {
		this.rules = rules;
		this.store = store;
		this.writes = writes;
		this.calendar = calendar;
		this.boards = boards;
		this.userLookup = userLookup;
	}

	/**
	 * Observe board reads.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	@Override
	public ChallengeDefinition create(ChallengeDefinition definition) {
		if (definition == null) {
			throw new IllegalArgumentException("definition is required");
		}
		checkId(definition.id());
		if (definition.start() == null || definition.end() == null) {
			throw new IllegalArgumentException("Challenge '" + definition.id() + "' needs a start and an end");
		}
		if (!definition.end().isAfter(definition.start())) {
			throw new IllegalArgumentException("Challenge '" + definition.id() + "' ends at " + definition.end()
					+ ", which is not after its start " + definition.start());
		}
		if (definition.start().isBefore(EARLIEST_START)) {
			throw new IllegalArgumentException("Challenge '" + definition.id() + "' starts before " + EARLIEST_START
					+ ", at " + definition.start());
		}
		for (String rule : definition.rules()) {
			if (!this.rules.contains(rule)) {
				throw new IllegalArgumentException("Challenge '" + definition.id() + "' counts the unknown rule '"
						+ LogText.of(rule) + "'; configured rules are " + this.rules.names());
			}
		}
		Instant now = this.calendar.now();
		ChallengeDefinition stored;
		if (definition.end().isAfter(now)) {
			stored = this.writes.createIfAbsent(definition, now);
		}
		else {
			// creating it again after the end is fine; creating it for the first time is
			// pointless
			stored = stored(definition.id())
				.orElseThrow(() -> new IllegalArgumentException("Challenge '" + definition.id() + "' ended at "
						+ definition.end() + ", before now (" + now + "); nothing would ever count"));
		}
		if (!stored.equals(definition)) {
			throw new IllegalArgumentException("A different challenge exists under the id '" + definition.id() + "': "
					+ stored + "; choose another id");
		}
		return stored;
	}

	@Override
	public Optional<ChallengeDefinition> find(String id) {
		checkId(id);
		return stored(id);
	}

	private Optional<ChallengeDefinition> stored(String id) {
		return this.store.find(id).or(() -> this.boards.definition(id));
	}

	@Override
	public List<ChallengeDefinition> active() {
		Instant now = this.calendar.now();
		return this.store.endingAfter(now)
			.stream()
			.filter((challenge) -> challenge.runsAt(now))
			.sorted(BY_START)
			.toList();
	}

	@Override
	public List<ChallengeDefinition> joined(String userId) {
		if (InputCheck.userIdProblem(userId) != null) {
			return List.of();
		}
		return this.store.joined(userId, this.calendar.now()).stream().sorted(BY_START).toList();
	}

	@Override
	public boolean join(String challengeId, String userId) {
		checkId(challengeId);
		checkUser(userId);
		return switch (this.writes.join(challengeId, userId, this.calendar.now(),
				ActivityLimits.MAX_JOINED_CHALLENGES)) {
			case JOINED -> true;
			case UNCHANGED -> false;
			case FULL -> throw new IllegalStateException("The user has joined " + ActivityLimits.MAX_JOINED_CHALLENGES
					+ " challenges that have not ended, the most at once; leave one or wait until one ends");
		};
	}

	@Override
	public boolean leave(String challengeId, String userId) {
		checkId(challengeId);
		checkUser(userId);
		return this.writes.leave(challengeId, userId, this.calendar.now());
	}

	@Override
	public Leaderboard board(String challengeId) {
		checkId(challengeId);
		return this.observations.board(new CheckedLeaderboard(this.boards.board(challengeId), this.userLookup),
				BoardKind.CHALLENGE, null);
	}

	private static void checkId(String id) {
		String problem = InputCheck.challengeIdProblem(id);
		if (problem != null) {
			throw new IllegalArgumentException(problem);
		}
	}

	private static void checkUser(String userId) {
		String problem = InputCheck.userIdProblem(userId);
		if (problem != null) {
			throw new IllegalArgumentException(problem);
		}
	}

}
