package io.github.activityrank;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

/**
 * A challenge: a leaderboard of its own that counts the awards of some rules between two
 * instants. Create it with {@link ChallengeService#create(ChallengeDefinition)}.
 * <p>
 * Instants are kept to the millisecond: the constructor truncates finer ones, so what
 * {@link ChallengeService#find(String)} returns equals what was created.
 *
 * @param id 1 to 64 letters, digits, {@code .}, {@code _} or {@code -}
 * @param start the first instant that counts, inclusive
 * @param end the instant the challenge ends, exclusive; after {@code start}
 * @param rules names of rules from {@code activity-rank.rules} whose awards count; empty:
 * every rule, and awards of explicit points too
 * @param openToAll whether every user takes part without joining (a season, a contest),
 * instead of only the users who joined
 */
public record ChallengeDefinition(String id, Instant start, Instant end, Set<String> rules, boolean openToAll) {

	/**
	 * Normalise the definition: instants truncated to milliseconds, rules copied into an
	 * unmodifiable set ({@code null} is empty).
	 */
	public ChallengeDefinition {
		start = (start != null) ? start.truncatedTo(ChronoUnit.MILLIS) : null;
		end = (end != null) ? end.truncatedTo(ChronoUnit.MILLIS) : null;
		rules = (rules != null) ? Set.copyOf(rules) : Set.of();
	}

	/**
	 * Whether the challenge runs at an instant: {@code start <= now < end}.
	 * @param now the instant
	 * @return {@code true} while awards count
	 */
	public boolean runsAt(Instant now) {
		return !now.isBefore(this.start) && now.isBefore(this.end);
	}

}
