package io.github.activityrank.redis;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

import io.github.activityrank.ChallengeDefinition;

/**
 * A challenge as its definition key holds it:
 * {@code start:end:expireAt:created:open:rules} (instants in epoch milliseconds, open
 * {@code 1} or {@code 0}, rules comma-separated and empty for every rule). Rule names and
 * ids hold no {@code :} or {@code ,}, so the text splits unambiguously, in Java and in
 * Lua.
 *
 * @param definition the challenge
 * @param expireAt when its keys expire, in epoch milliseconds
 * @param created when it was created, in epoch milliseconds: the participation token of
 * an open challenge (see {@link RankKeys#challengeEntry})
 */
record StoredChallenge(ChallengeDefinition definition, long expireAt, long created) {

	/** The text of the definition key. */
	String encode() {
		return this.definition.start().toEpochMilli() + ":" + this.definition.end().toEpochMilli() + ":" + this.expireAt
				+ ":" + this.created + ":" + (this.definition.openToAll() ? "1" : "0") + ":"
				+ String.join(",", this.definition.rules());
	}

	/** The entry of an open challenge in the open-challenges hash. */
	String openEntry() {
		return RankKeys.challengeEntry(this.definition.start().toEpochMilli(), this.definition.end().toEpochMilli(),
				this.expireAt, this.created, this.definition.rules());
	}

	/**
	 * Read a definition key.
	 * @param id the challenge id
	 * @param text the key's value
	 * @return the stored challenge
	 * @throws IllegalStateException when the text is not a definition
	 */
	static StoredChallenge parse(String id, String text) {
		String[] parts = text.split(":", 6);
		if (parts.length != 6) {
			throw new IllegalStateException("The definition of challenge '" + id + "' is malformed: " + text);
		}
		Set<String> rules = parts[5].isEmpty() ? Set.of() : new LinkedHashSet<>(Arrays.asList(parts[5].split(",")));
		ChallengeDefinition definition = new ChallengeDefinition(id, Instant.ofEpochMilli(Long.parseLong(parts[0])),
				Instant.ofEpochMilli(Long.parseLong(parts[1])), rules, "1".equals(parts[4]));
		return new StoredChallenge(definition, Long.parseLong(parts[2]), Long.parseLong(parts[3]));
	}

}
