package io.github.activityrank.ingest;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The Redis keys of ingestion:
 * <ul>
 * <li>{@code {prefix:<stream>:<n>}} for {@code n} from 0 to partitions - 1: the
 * partitions, streams that producers add messages to. A user's messages go to partition
 * {@code CRC32(UTF-8 bytes of the user id) mod partitions}, so one user's messages stay
 * in order;</li>
 * <li>{@code {prefix:<stream>:<n>}:lease}: which consumer owns partition {@code n}
 * (string, expires when its owner stops renewing it);</li>
 * <li>{@code {prefix}:<stream>:members}: the live consumers (sorted set, score = end of
 * their heartbeat), so that each takes a fair share of the partitions;</li>
 * <li>{@code {prefix}:<stream>:dead}: the dead-letter stream, bad messages with the
 * reason.</li>
 * </ul>
 * Each partition is its own hash tag, so on a Redis Cluster the partitions, and the
 * commands of their consumers, spread over the masters by the tags' slots; a partition's
 * lease shares its slot. No command or script names keys of two partitions. The members
 * and the dead letters, light traffic, keep the prefix's tag. The partitions' tags never
 * equal a shard's ({@code {prefix:<k>}} or {@code {prefix:<k>.<j>}}, see
 * {@code ShardMap}): they hold two {@code :}.
 */
public final class IngestKeys {

	/** The most partitions. */
	public static final int MAX_PARTITIONS = 256;

	private static final Pattern STREAM_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	/** {@code {prefix}:<stream>}: the members and dead letters start with it. */
	private final String base;

	/** {@code {prefix:<stream>:}}: a partition's tag opens with it. */
	private final String partitionBase;

	private final int partitions;

	/**
	 * Name the keys.
	 * @param keyTag the key prefix's hash tag, with its braces ({@code {prefix}})
	 * @param stream the stream's name (see {@link #isValidStreamName(String)})
	 * @param partitions the partition count, 1 to {@value #MAX_PARTITIONS}
	 */
	public IngestKeys(String keyTag, String stream, int partitions) {
		if (!isValidStreamName(stream)) {
			throw new IllegalArgumentException("invalid stream name '" + stream + "'");
		}
		if (partitions < 1 || partitions > MAX_PARTITIONS) {
			throw new IllegalArgumentException("partitions must be between 1 and " + MAX_PARTITIONS);
		}
		if (keyTag == null || keyTag.length() < 3 || !keyTag.startsWith("{") || !keyTag.endsWith("}")) {
			throw new IllegalArgumentException("key tag '" + keyTag + "' must be a prefix in braces");
		}
		this.base = keyTag + ":" + stream;
		this.partitionBase = keyTag.substring(0, keyTag.length() - 1) + ":" + stream + ":";
		this.partitions = partitions;
	}

	/**
	 * Whether a name can name the stream: 1 to 64 letters, digits, '_' or '-', so that it
	 * adds exactly one key segment.
	 * @param stream the name
	 * @return whether it is valid
	 */
	public static boolean isValidStreamName(String stream) {
		return stream != null && STREAM_NAME.matcher(stream).matches();
	}

	/**
	 * The partition of a user, as producers compute it.
	 * @param userId the user id
	 * @param partitions the partition count
	 * @return {@code CRC32(UTF-8 bytes of userId) mod partitions}
	 */
	public static int partitionOf(String userId, int partitions) {
		CRC32 crc = new CRC32();
		crc.update(userId.getBytes(StandardCharsets.UTF_8));
		return (int) (crc.getValue() % partitions);
	}

	/**
	 * The number of partitions.
	 * @return the count
	 */
	public int partitions() {
		return this.partitions;
	}

	/**
	 * The stream of a partition: a hash tag of its own, so that on a Redis Cluster the
	 * partitions spread over the masters.
	 * @param partition 0 to partitions - 1
	 * @return the key, {@code {prefix:<stream>:<partition>}}
	 */
	public String partition(int partition) {
		return this.partitionBase + partition + "}";
	}

	/**
	 * The partitions' key with {@code <n>} for the partition number, for display.
	 * @return {@code {prefix:<stream>:<n>}}
	 */
	public String partitionTemplate() {
		return this.partitionBase + "<n>}";
	}

	/**
	 * The stream a producer adds a user's messages to.
	 * @param userId the user id
	 * @return the key
	 */
	public String partitionOfUser(String userId) {
		return partition(partitionOf(userId, this.partitions));
	}

	/**
	 * The lease of a partition, in the partition's slot.
	 * @param partition 0 to partitions - 1
	 * @return the key, {@code {prefix:<stream>:<partition>}:lease}
	 */
	public String lease(int partition) {
		return partition(partition) + ":lease";
	}

	/**
	 * The live consumers.
	 * @return the key, {@code {prefix}:<stream>:members}
	 */
	public String members() {
		return this.base + ":members";
	}

	/**
	 * The dead-letter stream.
	 * @return the key, {@code {prefix}:<stream>:dead}
	 */
	public String deadLetter() {
		return this.base + ":dead";
	}

}
