package io.github.activityrank.test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.SlotHash;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Redis Cluster that cluster tests run against, found in this order:
 * <ol>
 * <li>the {@code REDIS_CLUSTER_NODES} environment variable: comma-separated
 * {@code host:port} seed nodes of a running cluster;</li>
 * <li>a cluster of three masters the tests start themselves from the machine's
 * redis-server ({@code PATH}, {@code /usr/bin}, {@code /usr/local/bin}), on free ports,
 * one directory a node under a temporary directory;</li>
 * <li>the same from the redis-server the embedded-redis artifact ships.</li>
 * </ol>
 * If none can be had, {@link #shared()} throws with every place tried: cluster tests
 * fail, they are never skipped. {@link #shared()} is started once per JVM and stopped by
 * a shutdown hook; failover tests start their own cluster with replicas
 * ({@link #startWithReplicas()}), always from a binary, since they kill its masters.
 * Tests sharing a cluster write under their own key prefix
 * ({@link RedisTestServer#uniquePrefix}).
 */
public final class RedisClusterTestServer implements AutoCloseable {

	/** Environment variable naming the seed nodes of a cluster to use. */
	public static final String NODES_VARIABLE = "REDIS_CLUSTER_NODES";

	/** How long a master may be silent before its replica takes over. */
	static final Duration NODE_TIMEOUT = Duration.ofMillis(1000);

	/**
	 * How often clients re-read the topology, and the least time between two refreshes.
	 */
	static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(1);

	private static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(20);

	private static final int MASTERS = 3;

	private static volatile RedisClusterTestServer shared;

	private final List<String> seeds;

	/** The processes when this JVM started the cluster, {@code null} for a given one. */
	private final LocalRedisCluster local;

	private final String source;

	private final Thread shutdownHook;

	/** A slot of the master killed last, to find who serves it after the failover. */
	private volatile int killedSlot = -1;

	private RedisClusterTestServer(List<String> seeds, LocalRedisCluster local, String source) {
		this.seeds = List.copyOf(seeds);
		this.local = local;
		this.source = source;
		this.shutdownHook = (local != null) ? new Thread(local::close, "redis-cluster-shutdown") : null;
		if (this.shutdownHook != null) {
			Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		}
	}

	/**
	 * The cluster shared by all tests of this JVM, found or started on first use.
	 * @return the cluster
	 * @throws IllegalStateException when no cluster can be had, listing what was tried
	 */
	public static RedisClusterTestServer shared() {
		RedisClusterTestServer server = shared;
		if (server == null) {
			synchronized (RedisClusterTestServer.class) {
				server = shared;
				if (server == null) {
					server = locate(System.getenv(), RedisServerBinary.installedCandidates(System.getenv("PATH")), true,
							false);
					shared = server;
				}
			}
		}
		return server;
	}

	/**
	 * Start a new cluster of three masters, each with one replica, that only the caller
	 * uses and closes: for tests that {@link #kill} a master. {@code REDIS_CLUSTER_NODES}
	 * is not used for it.
	 * @return the running cluster
	 * @throws IllegalStateException when no redis-server can be started, listing what was
	 * tried
	 */
	public static RedisClusterTestServer startWithReplicas() {
		return locate(Map.of(), RedisServerBinary.installedCandidates(System.getenv("PATH")), true, true);
	}

	/**
	 * Find or start a cluster.
	 * @param environment where {@code REDIS_CLUSTER_NODES} is read
	 * @param binaries machine redis-server paths to try, in order
	 * @param embeddedBinary whether to try the embedded-redis artifact's binary last
	 * @param withReplicas whether a started cluster has a replica for each master
	 * @return the cluster
	 */
	static RedisClusterTestServer locate(Map<String, String> environment, List<Path> binaries, boolean embeddedBinary,
			boolean withReplicas) {
		String nodes = environment.get(NODES_VARIABLE);
		if (nodes != null && !nodes.isBlank()) {
			// set on purpose: a cluster that does not answer is an error, not a reason to
			// start another one
			return given(nodes);
		}
		ServerSearch<RedisClusterTestServer> search = new ServerSearch<>("Redis Cluster",
				"set " + NODES_VARIABLE + "=host:port,host:port,... to a running cluster, or install redis-server "
						+ "6.2 or newer (Debian: apt-get install redis-server), or keep the embedded-redis test "
						+ "dependency");
		search.then("environment variable " + NODES_VARIABLE, () -> {
			throw new ServerSearch.Unavailable("not set");
		});
		for (Path binary : binaries) {
			search.then("cluster started from " + binary,
					() -> start(RedisServerBinary.check(binary), binary.toString(), withReplicas));
		}
		if (embeddedBinary) {
			search.then("cluster started from the embedded-redis artifact's redis-server",
					() -> start(RedisServerBinary.embedded(), "the embedded-redis artifact", withReplicas));
		}
		return search.first();
	}

	private static RedisClusterTestServer given(String nodes) {
		List<String> seeds = Arrays.stream(nodes.split(",")).map(String::trim).filter((s) -> !s.isEmpty()).toList();
		RedisClusterTestServer server = new RedisClusterTestServer(seeds, null, NODES_VARIABLE + "=" + nodes);
		try {
			String state = RedisNodeAdmin.clusterInfo(server.answeringNode(), "cluster_state");
			if (!"ok".equals(state)) {
				throw new IllegalStateException("cluster_state:" + state);
			}
		}
		catch (RuntimeException ex) {
			throw new IllegalStateException("The Redis Cluster in " + NODES_VARIABLE + "=" + nodes + " is not usable: "
					+ ex.getMessage() + ". Fix it or unset " + NODES_VARIABLE + " to let the tests start their own.",
					ex);
		}
		return server;
	}

	private static RedisClusterTestServer start(Path binary, String from, boolean withReplicas) {
		LocalRedisCluster cluster = LocalRedisCluster.start(binary, MASTERS, withReplicas, NODE_TIMEOUT);
		List<String> addresses = cluster.nodes().stream().map(RedisNodeProcess::address).toList();
		return new RedisClusterTestServer(addresses, cluster, RedisServerBinary.version(binary) + " from " + from + ", "
				+ MASTERS + " masters" + (withReplicas ? " with a replica each" : ""));
	}

	/**
	 * Seed nodes a client starts from.
	 * @return the nodes
	 */
	public List<RedisNode> seedNodes() {
		return this.seeds.stream().map(RedisNode::fromString).toList();
	}

	/**
	 * Where the cluster came from, for log lines.
	 * @return a short description
	 */
	public String source() {
		return this.source;
	}

	/**
	 * Properties that point Spring Boot's Redis auto-configuration at this cluster, with
	 * the same topology refresh as {@link #newConnectionFactory()}.
	 * @return {@code spring.data.redis.cluster.nodes=...} and the Lettuce refresh
	 * settings
	 */
	public String[] springProperties() {
		return new String[] { "spring.data.redis.cluster.nodes=" + String.join(",", this.seeds),
				"spring.data.redis.lettuce.cluster.refresh.adaptive=true",
				"spring.data.redis.lettuce.cluster.refresh.period=" + TOPOLOGY_REFRESH.toMillis() + "ms" };
	}

	/**
	 * A new, started cluster connection factory that follows topology changes: adaptive
	 * refresh on every trigger (MOVED, ASK, reconnects) and a periodic one, so a failover
	 * is seen within about a second. The caller destroys it.
	 * @return the factory
	 */
	public LettuceConnectionFactory newConnectionFactory() {
		ClusterTopologyRefreshOptions refresh = ClusterTopologyRefreshOptions.builder()
			.enablePeriodicRefresh(TOPOLOGY_REFRESH)
			.enableAllAdaptiveRefreshTriggers()
			.adaptiveRefreshTriggersTimeout(TOPOLOGY_REFRESH)
			.build();
		LettuceClientConfiguration client = LettuceClientConfiguration.builder()
			.clientOptions(ClusterClientOptions.builder().topologyRefreshOptions(refresh).build())
			.commandTimeout(Duration.ofSeconds(2))
			.build();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(new RedisClusterConfiguration(this.seeds),
				client);
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	/**
	 * The live masters, in slot order, as a node that answers sees them now.
	 * @return the masters
	 */
	public List<RedisNode> masters() {
		return view().masters().stream().map((node) -> RedisNode.fromString(node.address())).toList();
	}

	/**
	 * The live replicas that follow a master now.
	 * @param master the master
	 * @return its replicas, none for a cluster without replicas
	 */
	public List<RedisNode> replicasOf(RedisNode master) {
		ClusterView view = view();
		return view.masters()
			.stream()
			.filter((node) -> node.address().equals(master.asString()))
			.flatMap((node) -> view.replicasOf(node.id()).stream())
			.map((node) -> RedisNode.fromString(node.address()))
			.toList();
	}

	/**
	 * The hash slot of a key, hash tags ({@code {tag}}) honoured.
	 * @param key the key
	 * @return the slot, 0 to 16383
	 */
	public static int slotOf(String key) {
		return SlotHash.getSlot(key);
	}

	/**
	 * The master serving a slot now.
	 * @param slot the slot
	 * @return the master
	 * @throws IllegalStateException when no live master serves it
	 */
	public RedisNode masterForSlot(int slot) {
		return view().masterFor(slot)
			.map((node) -> RedisNode.fromString(node.address()))
			.orElseThrow(() -> new IllegalStateException("No live master serves slot " + slot));
	}

	/**
	 * The master serving a key now.
	 * @param key the key
	 * @return the master
	 */
	public RedisNode masterForKey(String key) {
		return masterForSlot(slotOf(key));
	}

	/**
	 * Keys on each live master ({@code DBSIZE}), in slot order.
	 * @return the counts by master
	 */
	public Map<RedisNode, Long> keysPerMaster() {
		Map<RedisNode, Long> counts = new LinkedHashMap<>();
		for (RedisNode master : masters()) {
			counts.put(master, RedisNodeAdmin.on(master.asString(), (commands) -> commands.dbsize()));
		}
		return counts;
	}

	/**
	 * Keys in one slot ({@code CLUSTER COUNTKEYSINSLOT} on its master), for counting one
	 * test's hash-tagged keys on a shared cluster.
	 * @param slot the slot
	 * @return the count
	 */
	public long countKeysInSlot(int slot) {
		return RedisNodeAdmin.on(masterForSlot(slot).asString(), (commands) -> commands.clusterCountKeysInSlot(slot));
	}

	/**
	 * Kill a master with SIGKILL, as a crash would, once its replicas hold every write it
	 * acknowledged. Only for a cluster from {@link #startWithReplicas()};
	 * {@link #awaitFailover()} waits for its replica.
	 * @param master the master
	 * @throws UnsupportedOperationException for a cluster this JVM did not start
	 * @throws IllegalArgumentException when the node is no live master
	 * @throws IllegalStateException when the master has no replica
	 */
	public void kill(RedisNode master) {
		if (this.local == null) {
			throw new UnsupportedOperationException("The cluster from " + this.source
					+ " is not the tests' to kill; use RedisClusterTestServer.startWithReplicas()");
		}
		ClusterView view = view();
		ClusterView.Node node = view.masters()
			.stream()
			.filter((each) -> each.address().equals(master.asString()))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(master.asString() + " is no live master of " + this));
		if (view.replicasOf(node.id()).isEmpty()) {
			// its slots would stay down, and every other test on this cluster with them
			throw new IllegalStateException(master.asString() + " has no replica to take over; kill masters only "
					+ "in a cluster from RedisClusterTestServer.startWithReplicas()");
		}
		this.killedSlot = node.firstSlot();
		// Redis replicates asynchronously: a write the master acknowledged just before
		// SIGKILL but had not yet sent is lost by Redis itself, whatever a client does
		// (docs/reliability.md). Writes wait and the replicas catch up first, so a test
		// sees what the client does through the failover, not that window.
		RedisNodeAdmin.pauseWritesUntilReplicated(node.address(),
				view.replicasOf(node.id()).stream().map(ClusterView.Node::address).toList(), FAILOVER_TIMEOUT);
		this.local.kill(node.address());
	}

	/**
	 * Wait until the replica of the master killed last serves its slots and every live
	 * node agrees on that and reports {@code cluster_state:ok}.
	 * @return the promoted replica, now a master
	 * @throws IllegalStateException when no master was killed
	 */
	public RedisNode awaitFailover() {
		if (this.local == null || this.killedSlot < 0) {
			throw new IllegalStateException("No master was killed; call kill(master) first");
		}
		this.local.awaitHealthy(FAILOVER_TIMEOUT);
		return masterForSlot(this.killedSlot);
	}

	private ClusterView view() {
		return RedisNodeAdmin.view(answeringNode());
	}

	/**
	 * A node that answers: a live process of a cluster started here, else the first seed
	 * that answers {@code PING}.
	 */
	private String answeringNode() {
		if (this.local != null) {
			return this.local.liveNodes()
				.stream()
				.findFirst()
				.map(RedisNodeProcess::address)
				.orElseThrow(() -> new IllegalStateException("Every node of " + this + " is down"));
		}
		for (String seed : this.seeds) {
			int colon = seed.lastIndexOf(':');
			if (RedisTestServer.answersPing(seed.substring(0, colon), Integer.parseInt(seed.substring(colon + 1)))) {
				return seed;
			}
		}
		throw new IllegalStateException("No seed node answers PING: " + this.seeds);
	}

	/**
	 * Stop a cluster this JVM started: every node process killed, every directory
	 * deleted. A given cluster is left alone. Closing the shared cluster lets the next
	 * {@link #shared()} start a new one.
	 */
	@Override
	public void close() {
		synchronized (RedisClusterTestServer.class) {
			if (shared == this) {
				shared = null;
			}
		}
		if (this.local != null) {
			this.local.close();
			try {
				Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
			}
			catch (IllegalStateException ex) {
				// the JVM is shutting down and runs the hook anyway
			}
		}
	}

	@Override
	public String toString() {
		return String.join(",", this.seeds) + " (" + this.source + ")";
	}

}
