package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Which shard a user belongs to, and the hash tag of each shard's keys.
 * <p>
 * A user's shard is {@code CRC32(UTF-8 bytes of the user id) mod shards}: stable across
 * JVMs and versions (never {@code hashCode}). Shard {@code k} keeps its keys under the
 * hash tag {@code {prefix:s}}, where {@code s} is the first of {@code k}, {@code k.1},
 * {@code k.2}, ... whose Redis Cluster slot ({@code CRC16(prefix:s) mod 16384}) lies in
 * the middle half of the k-th of {@code shards} equal slot ranges. A cluster whose
 * masters hold equal slot ranges (as {@code redis-cli --cluster create} assigns them) so
 * serves every shard from a different master when it has as many masters as shards. With
 * one shard nothing changes: the keys keep the tag {@code {prefix}}.
 */
public final class ShardMap {

	/** The Redis Cluster slot count. */
	static final int SLOTS = 16384;

	/** The most shards: 16 slots per shard range, enough to place each tag. */
	public static final int MAX_SHARDS = 1024;

	private final int shards;

	private final List<RankKeys> keys;

	private final List<String> suffixes;

	/**
	 * Map users to shards.
	 * @param base key naming of the prefix
	 * @param shards the shard count, 1 to {@link #MAX_SHARDS}
	 */
	public ShardMap(RankKeys base, int shards) {
		if (shards < 1 || shards > MAX_SHARDS) {
			throw new IllegalArgumentException("shards must be between 1 and " + MAX_SHARDS + ", not " + shards);
		}
		this.shards = shards;
		List<RankKeys> keys = new ArrayList<>(shards);
		List<String> suffixes = new ArrayList<>(shards);
		String prefix = base.tag().substring(1, base.tag().length() - 1);
		for (int k = 0; k < shards; k++) {
			if (shards == 1) {
				keys.add(base);
				suffixes.add("");
			}
			else {
				String suffix = suffix(prefix, k, shards);
				suffixes.add(suffix);
				keys.add(base.shard(suffix));
			}
		}
		this.keys = List.copyOf(keys);
		this.suffixes = List.copyOf(suffixes);
	}

	private ShardMap(int shards, List<RankKeys> keys, List<String> suffixes) {
		this.shards = shards;
		this.keys = keys;
		this.suffixes = suffixes;
	}

	/**
	 * The same shards in a rebuild's staging key space: shard {@code k}'s keys named
	 * {@code {prefix:s}:rebuild:...} ({@link RankKeys#staging()}), in the slot of its
	 * live keys, users mapped as here.
	 * @return the staging shards
	 */
	public ShardMap staging() {
		return new ShardMap(this.shards, this.keys.stream().map(RankKeys::staging).toList(), this.suffixes);
	}

	/**
	 * How many shards.
	 * @return the count
	 */
	public int shards() {
		return this.shards;
	}

	/**
	 * The shard of a user.
	 * @param userId the raw user id
	 * @return 0 to {@code shards - 1}
	 */
	public int shardOf(String userId) {
		if (this.shards == 1) {
			return 0;
		}
		CRC32 crc = new CRC32();
		crc.update(userId.getBytes(StandardCharsets.UTF_8));
		return (int) (crc.getValue() % this.shards);
	}

	/**
	 * The key naming of one shard.
	 * @param shard the shard
	 * @return its keys
	 */
	public RankKeys keys(int shard) {
		return this.keys.get(shard);
	}

	/**
	 * Every shard's key naming, by shard.
	 * @return the keys
	 */
	public List<RankKeys> allKeys() {
		return this.keys;
	}

	/**
	 * The tag suffix of one shard ({@code ""} with one shard).
	 * @param shard the shard
	 * @return the suffix
	 */
	public String suffix(int shard) {
		return this.suffixes.get(shard);
	}

	/** The first of k, k.1, k.2, ... whose slot is in the middle half of range k. */
	static String suffix(String prefix, int k, int shards) {
		double width = (double) SLOTS / shards;
		double from = k * width + width / 4;
		double to = k * width + 3 * width / 4;
		for (int attempt = 0;; attempt++) {
			String suffix = (attempt == 0) ? Integer.toString(k) : k + "." + attempt;
			int slot = slot(prefix + ":" + suffix);
			if (slot >= from && slot < to) {
				return suffix;
			}
		}
	}

	/**
	 * The Redis Cluster slot of a hash tag's content: CRC16 (XMODEM) mod 16384.
	 * @param tagContent the text between the braces
	 * @return the slot
	 */
	public static int slot(String tagContent) {
		int crc = 0;
		for (byte b : tagContent.getBytes(StandardCharsets.UTF_8)) {
			crc ^= (b & 0xFF) << 8;
			for (int i = 0; i < 8; i++) {
				crc = ((crc & 0x8000) != 0) ? ((crc << 1) ^ 0x1021) : (crc << 1);
				crc &= 0xFFFF;
			}
		}
		return crc % SLOTS;
	}

}
