package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.List;

import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.StreakSettings;

/**
 * The streak module's part of the score script: whether it is composed in, and its
 * arguments (documented in lua/streaks.lua). Streaks off: no module, no arguments, no
 * cost.
 */
final class StreakScript {

	private final StreakSettings settings;

	private final StreakKeys keys;

	private final String rules;

	private final StreakBuckets buckets;

	StreakScript(StreakSettings settings, RankKeys keys) {
		this.settings = settings;
		this.keys = new StreakKeys(keys);
		this.rules = String.join(",", settings.rules());
		this.buckets = new StreakBuckets(settings.buckets());
	}

	boolean enabled() {
		return this.settings.enabled();
	}

	/** The bonus award of each milestone, ascending by length. */
	List<ScoreCommand> bonuses() {
		return this.settings.bonuses();
	}

	/**
	 * The bucket hash of a member, which the call passes as a key after each command's
	 * record (and week and month hashes).
	 * @param member the encoded user id
	 * @return the key
	 */
	String bucketKey(String member) {
		return this.keys.bucket(this.buckets.of(member));
	}

	/**
	 * Add the module's arguments.
	 * @param call the call
	 * @param today the day of the call's commands
	 * @param bonusSpecs the spec number of each milestone's bonus, in the order of
	 * {@link #bonuses()}
	 * @param bucketOffset how far after a command's record key ({@code first}) its
	 * {@link #bucketKey bucket key} is
	 */
	void header(ScriptArgs call, LocalDate today, List<Integer> bonusSpecs, int bucketOffset) {
		StringBuilder bonuses = new StringBuilder();
		int m = 0;
		for (int length : this.settings.milestones().keySet()) {
			if (m > 0) {
				bonuses.append(',');
			}
			bonuses.append(length).append(':').append(bonusSpecs.get(m++));
		}
		call.arg(this.rules)
			.arg(today.toEpochDay())
			.arg(today.getDayOfYear() - 1)
			.arg(bucketOffset)
			.arg(call.sharedKey(this.keys.board()))
			.arg(call.sharedKey(this.keys.lastDays()))
			.arg(today.getYear())
			.arg(bonuses.toString());
	}

}
