package io.github.activityrank.test;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a {@code CLUSTER NODES} reply is read.
 */
class ClusterViewTests {

	private static final String REPLY = """
			a1 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460
			a2 127.0.0.1:30002@40002,node-2 master - 0 1700000000000 2 connected 5461-10921 [10922->-a3]
			a3 127.0.0.1:30003@40003 master - 0 1700000000000 3 connected 10922-16383
			b1 127.0.0.1:30004@40004 slave a1 0 1700000000000 1 connected
			b2 127.0.0.1:30005@40005 slave,fail a2 0 1700000000000 2 disconnected
			""";

	@Test
	void mastersAreTheLiveNodesThatServeSlotsInSlotOrder() {
		ClusterView view = ClusterView.parse(REPLY);
		assertThat(view.masters()).extracting(ClusterView.Node::address)
			.containsExactly("127.0.0.1:30001", "127.0.0.1:30002", "127.0.0.1:30003");
		assertThat(view.coveredSlots()).isEqualTo(ClusterView.SLOTS);
	}

	@Test
	void aSlotBelongsToTheMasterWhoseRangeHoldsIt() {
		ClusterView view = ClusterView.parse(REPLY);
		assertThat(view.masterFor(0)).map(ClusterView.Node::id).contains("a1");
		assertThat(view.masterFor(5461)).map(ClusterView.Node::id).contains("a2");
		assertThat(view.masterFor(16383)).map(ClusterView.Node::id).contains("a3");
	}

	@Test
	void aFailedReplicaFollowsNobody() {
		ClusterView view = ClusterView.parse(REPLY);
		assertThat(view.replicasOf("a1")).extracting(ClusterView.Node::address).containsExactly("127.0.0.1:30004");
		assertThat(view.replicasOf("a2")).isEmpty();
	}

	@Test
	void aFailedMasterServesNothing() {
		ClusterView view = ClusterView.parse("""
				a1 127.0.0.1:30001@40001 master,fail - 0 0 1 disconnected
				b1 127.0.0.1:30004@40004 myself,master - 0 0 4 connected 0-16383
				""");
		assertThat(view.masters()).extracting(ClusterView.Node::id).containsExactly("b1");
	}

	@Test
	void nodesWithTheSameLayoutAgree() {
		String seenFromB1 = REPLY.replace("myself,master", "master").replace("slave a1", "myself,slave a1");
		assertThat(ClusterView.parse(seenFromB1).layout()).isEqualTo(ClusterView.parse(REPLY).layout());
		assertThat(ClusterView.parse(REPLY.replace("0-5460", "0-5459")).layout())
			.isNotEqualTo(ClusterView.parse(REPLY).layout());
	}

	@Test
	void nodesStillInHandshakeAreNamed() {
		ClusterView view = ClusterView.parse("""
				a1 127.0.0.1:30001@40001 myself,master - 0 0 1 connected
				c9 127.0.0.1:30009@40009 handshake - 0 0 0 connected
				""");
		assertThat(view.inHandshake()).containsExactly("c9");
	}

}
