package io.github.activityrank.test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/**
 * Lists every key of one logical Redis database and sorts it by key prefix. The
 * hostile-input catalogues each run in a database of their own, so a SCAN of the whole
 * database sees every key a catalogue wrote, wherever it went, and not the keys of the
 * other tests (database 0) or of the benchmarks (database 9).
 * <p>
 * Another run of the same catalogue (a build in another checkout sharing the Redis
 * server) may write to the same database at the same time, under its own prefix; such
 * keys are told apart by their {@value #FAMILY} prefix and never counted as ours. A key
 * under neither is outside every prefix.
 */
public final class KeyspaceAudit {

	/** Database of the service catalogue ({@code engine/HostileInputTests}). */
	public static final int SERVICE_DATABASE = 12;

	/**
	 * Database of the annotation catalogue ({@code aspect/HostileAnnotationInputTests}).
	 */
	public static final int ANNOTATION_DATABASE = 13;

	/** Database of the sample's HTTP catalogue and its caller-only test. */
	public static final int HTTP_DATABASE = 14;

	/** Start of every catalogue's key prefix. */
	public static final String FAMILY = "test_hostile_";

	/**
	 * A key of a catalogue run: under its prefix's hash tag, or under a tag of the
	 * prefix's own (an ingestion partition's {@code {prefix:activity:0}}).
	 */
	private static final Pattern CATALOGUE_KEY = Pattern
		.compile("^\\{" + FAMILY + "[a-z_]+_[0-9a-f]{8}(\\}:.+|:[A-Za-z0-9_-]+:[0-9]+\\}(:lease)?)", Pattern.DOTALL);

	private KeyspaceAudit() {
	}

	/**
	 * A key prefix for one run of a catalogue, such as
	 * {@code test_hostile_http_1a2b3c4d}.
	 * @param catalogue lower-case letters naming the catalogue
	 * @return the prefix
	 */
	public static String prefix(String catalogue) {
		return RedisTestServer.uniquePrefix("hostile_" + catalogue);
	}

	/**
	 * Every key of the factory's database: {@code SCAN 0 MATCH * COUNT 1000}, then with
	 * each returned cursor until the cursor is 0 again.
	 * @param factory connections to the database
	 * @return the keys
	 */
	public static List<String> scanAll(RedisConnectionFactory factory) {
		List<String> keys = new ArrayList<>();
		try (RedisConnection connection = factory.getConnection();
				Cursor<byte[]> cursor = connection.keyCommands()
					.scan(ScanOptions.scanOptions().match("*").count(1000).build())) {
			cursor.forEachRemaining((key) -> keys.add(new String(key, StandardCharsets.UTF_8)));
		}
		return keys;
	}

	/**
	 * The content of every key under a prefix: key to its {@code DUMP} serialization, so
	 * two fingerprints are equal only when no key under the prefix was added, removed or
	 * changed.
	 * @param factory connections to the database
	 * @param prefix the key prefix, without braces
	 * @return the fingerprint
	 */
	public static Map<String, String> fingerprint(RedisConnectionFactory factory, String prefix) {
		Map<String, String> content = new TreeMap<>();
		try (RedisConnection connection = factory.getConnection()) {
			for (String key : RedisKeysCleaner.keys(factory, "{" + prefix + "}:*")) {
				byte[] dump = connection.keyCommands().dump(key.getBytes(StandardCharsets.UTF_8));
				content.put(key, (dump != null) ? Base64.getEncoder().encodeToString(dump) : "(gone)");
			}
		}
		return content;
	}

	/**
	 * SCAN the whole database and sort its keys.
	 * @param factory connections to the database
	 * @param prefix the configured key prefix of this run, without braces
	 * @return the keys by owner
	 */
	public static Result audit(RedisConnectionFactory factory, String prefix) {
		String own = "{" + prefix + "}:";
		Pattern partition = Pattern.compile("\\{" + Pattern.quote(prefix) + ":[A-Za-z0-9_-]+:[0-9]+\\}(:lease)?");
		List<String> all = scanAll(factory);
		List<String> ours = new ArrayList<>();
		List<String> otherRuns = new ArrayList<>();
		List<String> outside = new ArrayList<>();
		for (String key : all) {
			if (key.startsWith(own) || partition.matcher(key).matches()) {
				ours.add(key);
			}
			else if (CATALOGUE_KEY.matcher(key).matches()) {
				otherRuns.add(key);
			}
			else {
				outside.add(key);
			}
		}
		return new Result(all, ours, otherRuns, outside);
	}

	/**
	 * The keys of one database, by owner.
	 *
	 * @param all every key SCAN returned
	 * @param ours the keys under this run's prefix: its hash tag, or the tag of one of
	 * its ingestion partitions ({@code {prefix:<stream>:<n>}} and its {@code :lease})
	 * @param otherRuns the keys of other runs of a catalogue, each under its own prefix
	 * @param outside the keys under no catalogue prefix at all: each one is a key that
	 * escaped
	 */
	public record Result(List<String> all, List<String> ours, List<String> otherRuns, List<String> outside) {

	}

}
