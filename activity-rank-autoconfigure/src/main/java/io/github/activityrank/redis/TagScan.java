package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/**
 * The keys of one hash tag that match a pattern, by SCAN on the node that serves the
 * tag's slot: a cluster connection's plain SCAN would see one node only.
 */
final class TagScan {

	private TagScan() {
	}

	/**
	 * Every key of the tag of {@code keys} that matches the pattern.
	 * @param connection a connection, to a cluster or to one server
	 * @param keys the key naming whose tag's slot to scan
	 * @param pattern the glob pattern, starting with that tag
	 * @return the keys found
	 */
	static List<String> keys(RedisConnection connection, RankKeys keys, String pattern) {
		ScanOptions options = ScanOptions.scanOptions().match(pattern).count(1000).build();
		List<String> found = new ArrayList<>();
		Cursor<byte[]> cursor;
		if (connection instanceof RedisClusterConnection cluster) {
			String tag = keys.tag();
			RedisClusterNode node = cluster.clusterGetNodeForSlot(ShardMap.slot(tag.substring(1, tag.indexOf('}'))));
			cursor = cluster.scan(node, options);
		}
		else {
			cursor = connection.keyCommands().scan(options);
		}
		try (cursor) {
			cursor.forEachRemaining((key) -> found.add(new String(key, StandardCharsets.UTF_8)));
		}
		return found;
	}

}
