package io.github.activityrank.test;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import static org.awaitility.Awaitility.await;

/**
 * Commands sent to one cluster node by itself, not through a cluster client: forming a
 * cluster, asking a node what it sees, counting a master's keys. One short-lived
 * connection a call, with short timeouts, so a dead node fails a call quickly.
 */
final class RedisNodeAdmin {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private RedisNodeAdmin() {
	}

	/**
	 * Run commands on one node.
	 * @param <R> what the commands give
	 * @param address the node, {@code host:port}
	 * @param commands what to run
	 * @return what the commands gave
	 */
	static <R> R on(String address, Function<RedisCommands<String, String>, R> commands) {
		int colon = address.lastIndexOf(':');
		RedisURI uri = RedisURI.builder()
			.withHost(address.substring(0, colon))
			.withPort(Integer.parseInt(address.substring(colon + 1)))
			.withTimeout(TIMEOUT)
			.build();
		try (StatefulRedisConnection<String, String> connection = Client.INSTANCE.connect(uri)) {
			return commands.apply(connection.sync());
		}
	}

	/**
	 * What a node says about the cluster.
	 * @param address the node
	 * @return its view
	 */
	static ClusterView view(String address) {
		return ClusterView.parse(on(address, RedisCommands::clusterNodes));
	}

	/**
	 * A field of a node's {@code CLUSTER INFO}, such as {@code cluster_state}.
	 * @param address the node
	 * @param field the field name
	 * @return its value, or an empty string when the reply has no such field
	 */
	static String clusterInfo(String address, String field) {
		return field(on(address, RedisCommands::clusterInfo), field);
	}

	/**
	 * Pause a master's writes ({@code CLIENT PAUSE ... WRITE}: clients' write commands
	 * and scripts wait, reads go on) and wait until every replica has applied all the
	 * master wrote.
	 * @param master the master
	 * @param replicas its replicas
	 * @param timeout how long the pause lasts at most, and how long to wait
	 */
	static void pauseWritesUntilReplicated(String master, List<String> replicas, Duration timeout) {
		on(master, (commands) -> commands.dispatch(CommandType.CLIENT, new StatusOutput<>(StringCodec.UTF8),
				new CommandArgs<>(StringCodec.UTF8).add("PAUSE").add(timeout.toMillis()).add("WRITE")));
		long written = offset(master);
		for (String replica : replicas) {
			await().atMost(timeout)
				.pollInterval(Duration.ofMillis(5))
				.alias(replica + " catches up with " + master)
				.until(() -> offset(replica) >= written);
		}
	}

	/** How far a node is into its replication stream ({@code master_repl_offset}). */
	private static long offset(String address) {
		return Long.parseLong(field(on(address, (commands) -> commands.info("replication")), "master_repl_offset"));
	}

	/**
	 * A field of an {@code INFO} or {@code CLUSTER INFO} reply.
	 */
	static String field(String info, String field) {
		for (String line : info.split("\r?\n")) {
			if (line.startsWith(field + ":")) {
				return line.substring(field.length() + 1).trim();
			}
		}
		return "";
	}

	/**
	 * One client for all admin connections, made on first use.
	 */
	private static final class Client {

		static final RedisClient INSTANCE = create();

		private static RedisClient create() {
			RedisClient client = RedisClient.create();
			client.setOptions(ClientOptions.builder()
				.socketOptions(SocketOptions.builder().connectTimeout(TIMEOUT).build())
				.autoReconnect(false)
				.build());
			return client;
		}

	}

}
