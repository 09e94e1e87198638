package io.github.activityrank.redis;

/**
 * The keys of the rolling boards, on each shard's hash tag (see {@link RankKeys}):
 * <ul>
 * <li>{@code {prefix}:rolling:7}: the rolling board of the last 7 days (sorted set, laid
 * out like a day board), on each shard, replaced whole at each rebuild and expiring a day
 * after it;</li>
 * <li>{@code {prefix}:dense:rolling:7}: with dense ranking, its dense companion, deleted
 * at each rebuild and built again by the next dense read;</li>
 * <li>{@code {prefix}:rolling-build:7:<token>}: a rebuild in progress, renamed onto the
 * board when complete;</li>
 * <li>{@code {prefix}:rolling-state:7}: on the first shard, when the board in place was
 * built and which claim on its rebuild holds until when; on every shard, the generation
 * of the newest claim, which alone may put the shard's part in place (hash, see
 * {@code rolling-state.lua}).</li>
 * <li>{@code {prefix}:rolling-scoped}: on the first shard only, the names of the scoped
 * rolling boards built in the last two days (sorted set, score = epoch ms of the last
 * build), which a removal reads to take the user off them.</li>
 * </ul>
 * A board's name is its number of days; a scoped board's is its number of days, its scope
 * kind and its encoded scope id: {@code {prefix}:rolling:7:category:java}. A ledger
 * rebuild leaves these keys alone: the next refresh builds the boards from the rebuilt
 * day boards.
 */
final class RollingKeys {

	private RollingKeys() {
	}

	static BoardKeys board(RankKeys keys, String name) {
		return new BoardKeys(keys.tag() + ":rolling:" + name, keys.tag() + ":dense:rolling:" + name);
	}

	static String build(RankKeys keys, String name, String token) {
		return keys.tag() + ":rolling-build:" + name + ":" + token;
	}

	static String state(RankKeys keys, String name) {
		return keys.tag() + ":rolling-state:" + name;
	}

	static String scoped(RankKeys keys) {
		return keys.tag() + ":rolling-scoped";
	}

}
