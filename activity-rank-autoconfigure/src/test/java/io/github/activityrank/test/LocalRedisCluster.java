package io.github.activityrank.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.awaitility.Awaitility;

/**
 * A Redis Cluster of redis-server processes this JVM started: masters with the 16384
 * slots split evenly between them and, if asked, one replica for each master. It is
 * formed with plain commands ({@code CLUSTER SET-CONFIG-EPOCH}, {@code ADDSLOTS} in
 * batches, {@code MEET}, {@code REPLICATE}) that every Redis from 6.2 on knows, and is
 * handed out only once every node reports {@code cluster_state:ok} and all agree on who
 * serves which slots. {@link #close()} kills every process and deletes the directories.
 */
final class LocalRedisCluster implements AutoCloseable {

	private static final Duration FORMING_TIMEOUT = Duration.ofSeconds(30);

	private static final int ADDSLOTS_BATCH = 1000;

	private final Path root;

	private final List<RedisNodeProcess> masters;

	private final List<RedisNodeProcess> replicas;

	private LocalRedisCluster(Path root, List<RedisNodeProcess> masters, List<RedisNodeProcess> replicas) {
		this.root = root;
		this.masters = masters;
		this.replicas = replicas;
	}

	/**
	 * Start the processes and form the cluster.
	 * @param binary the redis-server executable
	 * @param masterCount how many masters
	 * @param withReplicas whether each master gets one replica
	 * @param nodeTimeout the {@code cluster-node-timeout}
	 * @return the cluster, ready for use
	 */
	static LocalRedisCluster start(Path binary, int masterCount, boolean withReplicas, Duration nodeTimeout) {
		Path root;
		try {
			root = Files.createTempDirectory("redis-cluster-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create a directory for the Redis Cluster", ex);
		}
		LocalRedisCluster cluster = new LocalRedisCluster(root, new ArrayList<>(), new ArrayList<>());
		try {
			for (int i = 0; i < masterCount; i++) {
				cluster.masters.add(RedisNodeProcess.start(binary, root, nodeTimeout));
			}
			for (int i = 0; withReplicas && i < masterCount; i++) {
				cluster.replicas.add(RedisNodeProcess.start(binary, root, nodeTimeout));
			}
			cluster.form();
			return cluster;
		}
		catch (RuntimeException | Error ex) {
			cluster.close();
			throw ex;
		}
	}

	private void form() {
		List<RedisNodeProcess> all = nodes();
		// distinct epochs spare the cluster the collision round that equal ones need
		for (int i = 0; i < all.size(); i++) {
			long epoch = i + 1;
			RedisNodeAdmin.on(all.get(i).address(), (commands) -> commands.clusterSetConfigEpoch(epoch));
		}
		for (int i = 0; i < this.masters.size(); i++) {
			addSlots(this.masters.get(i), i * ClusterView.SLOTS / this.masters.size(),
					(i + 1) * ClusterView.SLOTS / this.masters.size() - 1);
		}
		String first = all.get(0).address();
		for (RedisNodeProcess node : all.subList(1, all.size())) {
			RedisNodeAdmin.on(first, (commands) -> commands.clusterMeet(RedisNodeProcess.HOST, node.port()));
		}
		await("every node knows every other", () -> handshakeProblem(all));
		for (int i = 0; i < this.replicas.size(); i++) {
			String masterId = RedisNodeAdmin.on(this.masters.get(i).address(), (commands) -> commands.clusterMyId());
			RedisNodeAdmin.on(this.replicas.get(i).address(), (commands) -> commands.clusterReplicate(masterId));
		}
		awaitHealthy(FORMING_TIMEOUT);
	}

	/**
	 * {@code CLUSTER ADDSLOTS} in batches; {@code ADDSLOTSRANGE} would need Redis 7.
	 */
	private static void addSlots(RedisNodeProcess master, int first, int last) {
		for (int from = first; from <= last; from += ADDSLOTS_BATCH) {
			int[] slots = IntStream.rangeClosed(from, Math.min(last, from + ADDSLOTS_BATCH - 1)).toArray();
			RedisNodeAdmin.on(master.address(), (commands) -> commands.clusterAddSlots(slots));
		}
	}

	private static String handshakeProblem(List<RedisNodeProcess> all) {
		for (RedisNodeProcess node : all) {
			ClusterView view = RedisNodeAdmin.view(node.address());
			if (view.nodes().size() != all.size() || !view.inHandshake().isEmpty()) {
				return node + " knows " + view.nodes().size() + " of " + all.size() + " nodes, in handshake with "
						+ view.inHandshake();
			}
		}
		return null;
	}

	/**
	 * Wait until every live node reports {@code cluster_state:ok}, all agree on the slot
	 * map, as many masters serve all slots as at the start, every live replica follows
	 * one of them and has finished its first sync. After a master was killed this holds
	 * once its replica has taken over.
	 * @param timeout how long to wait
	 */
	void awaitHealthy(Duration timeout) {
		Awaitility.await("Redis Cluster " + liveNodes() + " healthy")
			.atMost(timeout)
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(100))
			.untilAsserted(() -> {
				String problem = healthProblem();
				if (problem != null) {
					throw new AssertionError(problem);
				}
			});
	}

	private String healthProblem() {
		List<RedisNodeProcess> live = liveNodes();
		String layout = null;
		for (RedisNodeProcess node : live) {
			String address = node.address();
			try {
				String state = RedisNodeAdmin.clusterInfo(address, "cluster_state");
				if (!"ok".equals(state)) {
					return address + " reports cluster_state:" + state;
				}
				ClusterView view = RedisNodeAdmin.view(address);
				if (view.masters().size() != this.masters.size() || view.coveredSlots() != ClusterView.SLOTS) {
					return address + " sees " + view.masters().size() + " masters serving " + view.coveredSlots()
							+ " slots";
				}
				if (layout == null) {
					layout = view.layout();
				}
				else if (!layout.equals(view.layout())) {
					return "nodes disagree: " + layout + " versus " + view.layout() + " at " + address;
				}
				int replicaCount = view.masters().stream().mapToInt((m) -> view.replicasOf(m.id()).size()).sum();
				if (replicaCount != live.size() - this.masters.size()) {
					return address + " sees " + replicaCount + " replicas following a master";
				}
				String replication = RedisNodeAdmin.on(address, (commands) -> commands.info("replication"));
				if ("slave".equals(RedisNodeAdmin.field(replication, "role"))
						&& !"up".equals(RedisNodeAdmin.field(replication, "master_link_status"))) {
					return address + " has not synced with its master yet";
				}
			}
			catch (RuntimeException ex) {
				return address + " does not answer: " + ex.getMessage();
			}
		}
		return null;
	}

	private static void await(String what, Supplier<String> problem) {
		Awaitility.await(what)
			.atMost(FORMING_TIMEOUT)
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(50))
			.untilAsserted(() -> {
				String found = problem.get();
				if (found != null) {
					throw new AssertionError(found);
				}
			});
	}

	/**
	 * Every node started, masters first.
	 * @return the nodes
	 */
	List<RedisNodeProcess> nodes() {
		return Stream.concat(this.masters.stream(), this.replicas.stream()).toList();
	}

	/**
	 * The nodes whose process still runs.
	 * @return the nodes
	 */
	List<RedisNodeProcess> liveNodes() {
		return nodes().stream().filter(RedisNodeProcess::isAlive).toList();
	}

	/**
	 * Kill one node with SIGKILL, as a crash would.
	 * @param address the node's {@code host:port}
	 * @throws IllegalArgumentException when no node of this cluster has that address
	 */
	void kill(String address) {
		nodes().stream()
			.filter((node) -> node.address().equals(address))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(address + " is not a node of this cluster " + nodes()))
			.kill();
	}

	@Override
	public void close() {
		for (RedisNodeProcess node : nodes()) {
			try {
				node.stop();
			}
			catch (RuntimeException ex) {
				// stop the others all the same
			}
		}
		RedisNodeProcess.deleteRecursively(this.root);
	}

}
