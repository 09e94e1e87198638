package io.github.activityrank.redis;

import java.time.LocalDate;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;

/**
 * The one place that names Redis keys and encodes user ids and fields.
 * <p>
 * Every key starts with the hash tag {@code {prefix}}, so all keys of one script share a
 * Redis Cluster slot:
 * <ul>
 * <li>{@code {prefix}:day:20261121}, {@code {prefix}:week:2026-W47},
 * {@code {prefix}:month:2026-11}, {@code {prefix}:total}: boards (sorted sets, member =
 * encoded user id, score = points, or points and time with the earliest tie-break, see
 * {@link BoardLayout});</li>
 * <li>{@code {prefix}:dense:day:20261121}, ...: with dense ranking, the distinct points
 * of a board (sorted set, member and score = a points value), expiring with it;</li>
 * <li>{@code {prefix}:rec:20261121:<user>}: the user's records of that day (hash, encoded
 * field → the award's points paired with its rule's number, named in {@link #rules()};
 * see {@code RecordValues}). Reserved fields start with {@code #}: {@code #cap} and
 * {@code #cap:<rule>} count the day's points under the daily caps, {@code #ch:<field>}
 * stamps an award that reached challenge boards (its instant and the last participation
 * tokens then), so a revoke finds them again. Kept for {@code retention.record} after the
 * end of the day's week and month, so that summaries of those periods can be read from
 * the records.</li>
 * <li>{@code {prefix}:wsum:2026-W47:<user>} and {@code {prefix}:msum:2026-11:<user>}: the
 * user's ISO week and calendar month (hash): the same {@code #cap} and
 * {@code #cap:<rule>} counters for the weekly and monthly caps, created only while a cap
 * applies, with a TTL of {@code retention.record} after the period ends.</li>
 * <li>{@code {prefix}:rules}: the registry of rules (hash, number 1..65535 → rule), which
 * summaries read the rules of record values from;</li>
 * <li>{@code {prefix}:challenge:<id>}: a challenge board, laid out like the period
 * boards, and {@code {prefix}:dense:challenge:<id>} its dense companion;</li>
 * <li>{@code {prefix}:challenge-def:<id>}: a challenge's definition (string, see
 * {@code StoredChallenge});</li>
 * <li>{@code {prefix}:challenges}: every retained challenge (sorted set, member = id,
 * score = end in epoch milliseconds);</li>
 * <li>{@code {prefix}:challenges-open}: the open-to-all challenges that have not ended
 * (hash, id → {@link #challengeEntry entry}, and {@code #token}, the last token given
 * out);</li>
 * <li>{@code {prefix}:challenges-of:<user>}: the challenges a user joined that have not
 * ended (hash, id → {@link #challengeEntry entry}, and {@code #token});</li>
 * <li>{@code {prefix}:ended:day:20261121}, ..., {@code {prefix}:ended:challenge:<id>}:
 * the marker that the board's end was published (string).</li>
 * </ul>
 * A revoke gives back to the day, week and month the award was made in; a summary reads
 * the records of the period's days. Challenge ids are 1 to 64 letters, digits,
 * {@code . _ -}, so they need no encoding. User ids and fields are percent-encoded:
 * letters, digits and {@code - . _ ~ / @} stay as they are, every other character becomes
 * {@code %XX} per UTF-8 byte. So no value can add a key segment, a hash tag, a glob
 * character or a reserved record field (those start with {@code #}).
 */
public final class RankKeys {

	/** Longest key prefix, in characters. */
	public static final int MAX_PREFIX_LENGTH = 64;

	private final String prefix;

	private final String tag;

	/**
	 * Create key naming for a prefix.
	 * @param prefix the configured key prefix
	 * @throws IllegalArgumentException when the prefix is blank, longer than 64
	 * characters or holds anything but letters, digits, {@code - . _} (a {@code :} would
	 * let the unsharded prefix {@code ar:0} share the keys of shard 0 of prefix
	 * {@code ar})
	 */
	public RankKeys(String prefix) {
		if (prefix == null || !prefix.matches("[A-Za-z0-9._-]{1," + MAX_PREFIX_LENGTH + "}")) {
			throw new IllegalArgumentException("Key prefix '" + prefix + "' must be 1 to " + MAX_PREFIX_LENGTH
					+ " letters, digits, '.', '_' or '-'");
		}
		this.prefix = prefix;
		this.tag = "{" + prefix + "}";
	}

	private RankKeys(String prefix, String tag) {
		this.prefix = prefix;
		this.tag = tag;
	}

	/**
	 * The keys of one shard: the same names after the hash tag {@code {prefix:suffix}}
	 * (see {@link ShardMap}).
	 * @param suffix the shard's tag suffix
	 * @return key naming for that shard
	 */
	public RankKeys shard(String suffix) {
		return new RankKeys(this.prefix, "{" + this.prefix + ":" + suffix + "}");
	}

	/**
	 * The hash that records how the keys of this prefix are laid out: field
	 * {@code shards}, the shard count they were written with.
	 * @return {@code {prefix}:meta}
	 */
	public String meta() {
		return "{" + this.prefix + "}:meta";
	}

	/**
	 * The stream of awards Redis failed on for good, kept until they are applied again
	 * (see {@link RedisSetAsideStore}); one per prefix, also with shards.
	 * @return {@code {prefix}:set-aside}
	 */
	public String setAside() {
		return "{" + this.prefix + "}:set-aside";
	}

	/**
	 * The keys a rebuild writes before it switches them onto these names: every key with
	 * {@code :rebuild} after the hash tag, {@code {prefix}:rebuild:day:20261121}, so they
	 * share the live keys' slot.
	 * @return the staging key naming, whose {@link #tag()} is {@code {prefix}:rebuild}
	 */
	public RankKeys staging() {
		return new RankKeys(this.prefix, this.tag + ":rebuild");
	}

	/**
	 * Whether a key holds what awards and revokes write, which a rebuild replaces:
	 * boards, their dense companions, records, week and month hashes, challenge boards,
	 * streak bucket hashes and boards, item boards, hot boards, user counters, the
	 * registry of rules, and the badges awards earned (not the top badges). Challenge
	 * definitions, memberships and the markers of ended boards are not.
	 * @param key a key of this naming
	 * @return {@code true} for a key a rebuild replaces
	 */
	public boolean isScoreKey(String key) {
		if (!key.startsWith(this.tag) || key.length() == this.tag.length()) {
			return false;
		}
		String rest = key.substring(this.tag.length());
		return rest.equals(":total") || rest.startsWith(":day:") || rest.startsWith(":week:")
				|| rest.startsWith(":month:") || rest.startsWith(":dense:") || rest.startsWith(":rec:")
				|| rest.startsWith(":wsum:") || rest.startsWith(":msum:") || rest.startsWith(":challenge:")
				|| rest.startsWith(":streak") || rest.startsWith(":item:") || rest.startsWith(":hot:")
				|| rest.startsWith(":users:") || rest.startsWith(":active:") || rest.equals(":rules")
				|| rest.startsWith(":badges:") || rest.startsWith(":badge-holders:") || rest.startsWith(":scope:")
				|| rest.startsWith(":scopes:") || rest.startsWith(":scoped:");
	}

	/**
	 * Whether a key holds challenge definitions or memberships, which a rebuild replaces
	 * when the ledger records them.
	 * @param key a key of this naming
	 * @return {@code true} for a definition, the registry, the open challenges or a
	 * user's joined challenges
	 */
	public boolean isChallengeKey(String key) {
		if (!key.startsWith(this.tag)) {
			return false;
		}
		String rest = key.substring(this.tag.length());
		return rest.equals(":challenges") || rest.equals(":challenges-open") || rest.startsWith(":challenge-def:")
				|| rest.startsWith(":challenges-of:");
	}

	/**
	 * The hash tag every key starts with.
	 * @return {@code {prefix}}
	 */
	public String tag() {
		return this.tag;
	}

	/**
	 * The glob pattern that matches every key of this prefix, for SCAN.
	 * @return {@code {prefix}:*}
	 */
	public String pattern() {
		return this.tag + ":*";
	}

	/**
	 * The board of the period that contains {@code day}.
	 * @param period the period
	 * @param day a day of it
	 * @return the key
	 */
	public String board(Period period, LocalDate day) {
		return switch (period) {
			case DAY -> this.tag + ":day:" + ActivityCalendar.periodId(period, day);
			case WEEK -> this.tag + ":week:" + ActivityCalendar.periodId(period, day);
			case MONTH -> this.tag + ":month:" + ActivityCalendar.periodId(period, day);
			case TOTAL -> this.tag + ":total";
		};
	}

	/**
	 * The dense companion of a board: its distinct points values.
	 * @param period the period
	 * @param day a day of it
	 * @return the key
	 */
	public String dense(Period period, LocalDate day) {
		return this.tag + ":dense" + board(period, day).substring(this.tag.length());
	}

	/**
	 * The record hash of one user and one day.
	 * @param day the day
	 * @param encodedUserId the user id as {@link #encode} returns it
	 * @return the key
	 */
	public String record(LocalDate day, String encodedUserId) {
		return this.tag + ":rec:" + ActivityCalendar.dayId(day) + ":" + encodedUserId;
	}

	/**
	 * The board of a challenge.
	 * @param challengeId a valid challenge id
	 * @return the key
	 */
	public String challengeBoard(String challengeId) {
		return challengeBoardPrefix() + challengeId;
	}

	/**
	 * The start of every challenge board's key, to which score.lua appends the id.
	 * @return {@code {prefix}:challenge:}
	 */
	public String challengeBoardPrefix() {
		return this.tag + ":challenge:";
	}

	/**
	 * The dense companion of a challenge board.
	 * @param challengeId a valid challenge id
	 * @return the key
	 */
	public String challengeDense(String challengeId) {
		return challengeDensePrefix() + challengeId;
	}

	/**
	 * The start of every challenge board's dense companion, to which score.lua appends
	 * the id.
	 * @return {@code {prefix}:dense:challenge:}
	 */
	public String challengeDensePrefix() {
		return this.tag + ":dense:challenge:";
	}

	/**
	 * The definition of a challenge.
	 * @param challengeId a valid challenge id
	 * @return the key
	 */
	public String challengeDefinition(String challengeId) {
		return this.tag + ":challenge-def:" + challengeId;
	}

	/**
	 * The registry of rules: the number record values name a rule by to its name, and
	 * back.
	 * @return the key
	 */
	public String rules() {
		return this.tag + ":rules";
	}

	/**
	 * The fence of stream ingestion: per partition stream, the id of the last message
	 * applied to this key space; the score script applies a message at or below it no
	 * more.
	 * @return the key
	 */
	public String ingestFence() {
		return this.tag + ":ingest-fence";
	}

	/**
	 * Every retained challenge, by end.
	 * @return the key
	 */
	public String challenges() {
		return this.tag + ":challenges";
	}

	/**
	 * The open-to-all challenges that have not ended.
	 * @return the key
	 */
	public String openChallenges() {
		return this.tag + ":challenges-open";
	}

	/**
	 * The challenges a user joined that have not ended.
	 * @param encodedUserId the user id as {@link #encode} returns it
	 * @return the key
	 */
	public String joinedChallenges(String encodedUserId) {
		return this.tag + ":challenges-of:" + encodedUserId;
	}

	/**
	 * The marker that the end of a period's board was published.
	 * @param period DAY, WEEK or MONTH
	 * @param day a day of the period
	 * @return the key
	 */
	public String periodEnded(Period period, LocalDate day) {
		return this.tag + ":ended" + board(period, day).substring(this.tag.length());
	}

	/**
	 * The marker that the end of a challenge was published.
	 * @param challengeId a valid challenge id
	 * @return the key
	 */
	public String challengeEnded(String challengeId) {
		return this.tag + ":ended:challenge:" + challengeId;
	}

	/**
	 * What score.lua reads about one challenge in the open-challenges hash and a user's
	 * joined-challenges hash: {@code start:end:expireAt:token:rules}, the first four in
	 * epoch milliseconds. {@code token} tells this participation apart from an earlier
	 * one (the join, or for an open challenge its creation); {@code rules} is a
	 * comma-separated list of rule names, empty for every rule.
	 * @param start the challenge's start
	 * @param end the challenge's end
	 * @param expireAt when its keys expire
	 * @param token when this participation began
	 * @param rules the rule names (letters, digits, {@code . _ -} only)
	 * @return the entry
	 */
	public static String challengeEntry(long start, long end, long expireAt, long token, Iterable<String> rules) {
		return start + ":" + end + ":" + expireAt + ":" + token + ":" + String.join(",", rules);
	}

	/**
	 * The hash that holds one user's cap counters of a day, week or month: the day's
	 * record, or the user's week or month hash.
	 * @param period DAY, WEEK or MONTH
	 * @param day a day of the period
	 * @param encodedUserId the user id as {@link #encode} returns it
	 * @return the key
	 * @throws IllegalArgumentException for TOTAL, which keeps no tallies
	 */
	public String tallies(Period period, LocalDate day, String encodedUserId) {
		return switch (period) {
			case DAY -> record(day, encodedUserId);
			case WEEK -> this.tag + ":wsum:" + ActivityCalendar.periodId(period, day) + ":" + encodedUserId;
			case MONTH -> this.tag + ":msum:" + ActivityCalendar.periodId(period, day) + ":" + encodedUserId;
			case TOTAL -> throw new IllegalArgumentException("TOTAL keeps no tallies");
		};
	}

	/**
	 * The field that counts a rule's points under its cap, in a record (daily cap) or in
	 * a week or month hash (weekly or monthly cap).
	 * @param rule the rule name (letters, digits, {@code . _ -} only)
	 * @return the field
	 */
	public static String ruleCapField(String rule) {
		return "#cap:" + rule;
	}

	/**
	 * Percent-encode a user id or field (see {@link KeyEncoding}).
	 * @param value the raw value
	 * @return the value itself when it needs no encoding, else its encoding
	 */
	public static String encode(String value) {
		return KeyEncoding.encode(value);
	}

	/**
	 * Reverse {@link #encode}.
	 * @param encoded an encoded value
	 * @return the raw value
	 */
	public static String decode(String encoded) {
		return KeyEncoding.decode(encoded);
	}

}
