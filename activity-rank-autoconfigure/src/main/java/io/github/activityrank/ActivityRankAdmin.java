package io.github.activityrank;

/**
 * Rebuilds the boards from the award ledger. Auto-configured when
 * {@code activity-rank.ledger.enabled} is {@code true}.
 * <p>
 * Both operations replay the ledger into fresh keys beside the live ones while awards go
 * on, then switch the live names onto them: afterwards every retained board, record, cap
 * counter, tally and challenge board is what the live path would hold. Entries written
 * during the rebuild are applied by the ledger's relay, once. Only one rebuild runs at a
 * time across the instances that share the ledger.
 */
public interface ActivityRankAdmin {

	/**
	 * Replay every entry that changed the boards, with the outcome it had: after Redis
	 * lost its data (a restart without persistence, a failover), or to lay the keys out
	 * anew.
	 * @return what was replayed
	 * @throws IllegalStateException when another rebuild runs
	 */
	RebuildReport rebuild();

	/**
	 * Replay every award and revoke of the ledger under today's rules: each rule's
	 * current points, caps evaluated again. After a rule's weight changed, the boards
	 * read as if it had always been the new one.
	 * @return what was replayed
	 * @throws IllegalStateException when another rebuild runs
	 */
	RebuildReport rescore();

}
