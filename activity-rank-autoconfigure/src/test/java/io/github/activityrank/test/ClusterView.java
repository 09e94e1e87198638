package io.github.activityrank.test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one cluster node says about the cluster: its {@code CLUSTER NODES} reply, parsed.
 * Slots being migrated ({@code [slot->-id]}) are left out: the test clusters never
 * migrate.
 *
 * @param nodes every node the answering node knows, itself included
 */
record ClusterView(List<Node> nodes) {

	/** Number of hash slots in a Redis Cluster. */
	static final int SLOTS = 16384;

	/**
	 * Parse a {@code CLUSTER NODES} reply.
	 * @param reply the reply, one node a line
	 * @return the view
	 */
	static ClusterView parse(String reply) {
		List<Node> nodes = new ArrayList<>();
		for (String line : reply.split("\n")) {
			if (!line.isBlank()) {
				nodes.add(Node.parse(line.trim()));
			}
		}
		return new ClusterView(List.copyOf(nodes));
	}

	/**
	 * Masters that serve slots and are not marked failed, in slot order.
	 * @return the masters
	 */
	List<Node> masters() {
		return this.nodes.stream()
			.filter((node) -> node.isMaster() && !node.isFailed() && node.slotCount() > 0)
			.sorted(Comparator.comparingInt(Node::firstSlot))
			.toList();
	}

	/**
	 * Replicas, not marked failed, that follow a master.
	 * @param master the master's id
	 * @return the replicas
	 */
	List<Node> replicasOf(String master) {
		return this.nodes.stream()
			.filter((node) -> !node.isMaster() && !node.isFailed() && master.equals(node.masterId()))
			.toList();
	}

	/**
	 * The master serving a slot.
	 * @param slot the slot
	 * @return the master, if one serves it
	 */
	Optional<Node> masterFor(int slot) {
		return masters().stream().filter((node) -> node.serves(slot)).findFirst();
	}

	/**
	 * How many slots some live master serves.
	 * @return the count, {@value #SLOTS} when the cluster is fully covered
	 */
	int coveredSlots() {
		return masters().stream().mapToInt(Node::slotCount).sum();
	}

	/**
	 * Node ids whose handshake is not over yet.
	 * @return the ids
	 */
	List<String> inHandshake() {
		return this.nodes.stream().filter((node) -> node.flags().contains("handshake")).map(Node::id).toList();
	}

	/**
	 * The slot map as one comparable text: each live master with its slots and its live
	 * replicas. Two nodes agree on the cluster when their layouts are equal.
	 * @return the layout
	 */
	String layout() {
		return masters().stream()
			.map((master) -> master.address() + master.slotText()
					+ replicasOf(master.id()).stream()
						.map(Node::address)
						.sorted()
						.collect(Collectors.joining(",", "<", ">")))
			.collect(Collectors.joining(" "));
	}

	/**
	 * One line of {@code CLUSTER NODES}.
	 *
	 * @param id the node id
	 * @param address {@code host:port} of its clients' port
	 * @param flags {@code myself}, {@code master}, {@code slave}, {@code fail}, ...
	 * @param masterId the master it replicates, {@code null} for a master
	 * @param slots served slot ranges, each {@code [first, last]}
	 */
	record Node(String id, String address, Set<String> flags, String masterId, List<int[]> slots) {

		static Node parse(String line) {
			String[] fields = line.split(" ");
			if (fields.length < 8) {
				throw new IllegalArgumentException("Not a CLUSTER NODES line: " + line);
			}
			// 127.0.0.1:7000@17000 or, from 7.0 on, 127.0.0.1:7000@17000,hostname
			String address = fields[1].split("[@,]")[0];
			Set<String> flags = Set.of(fields[2].split(","));
			String masterId = "-".equals(fields[3]) ? null : fields[3];
			List<int[]> slots = new ArrayList<>();
			for (String range : Arrays.asList(fields).subList(8, fields.length)) {
				if (range.startsWith("[")) {
					continue;
				}
				int dash = range.indexOf('-');
				slots.add((dash < 0) ? new int[] { Integer.parseInt(range), Integer.parseInt(range) } : new int[] {
						Integer.parseInt(range.substring(0, dash)), Integer.parseInt(range.substring(dash + 1)) });
			}
			return new Node(fields[0], address, flags, masterId, List.copyOf(slots));
		}

		boolean isMaster() {
			return this.flags.contains("master");
		}

		/**
		 * Whether the cluster agreed this node is down ({@code fail}); a node only one
		 * peer suspects ({@code fail?}) is not failed yet.
		 */
		boolean isFailed() {
			return this.flags.contains("fail");
		}

		boolean serves(int slot) {
			return this.slots.stream().anyMatch((range) -> range[0] <= slot && slot <= range[1]);
		}

		int slotCount() {
			return this.slots.stream().mapToInt((range) -> range[1] - range[0] + 1).sum();
		}

		int firstSlot() {
			return this.slots.stream().mapToInt((range) -> range[0]).min().orElse(SLOTS);
		}

		String slotText() {
			return this.slots.stream()
				.map((range) -> range[0] + "-" + range[1])
				.collect(Collectors.joining(",", "[", "]"));
		}

	}

}
