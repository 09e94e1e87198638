package io.github.activityrank.ledger;

import java.time.Instant;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.ScopeSettings;

/**
 * A ledger row as a rebuild reads it.
 *
 * @param id the row's id
 * @param kind {@code AWARD}, {@code REVOKE}, {@code CHALLENGE}, {@code JOIN} or
 * {@code LEAVE}
 * @param userId the user
 * @param rule the rule, or {@code null}
 * @param points explicit points, or {@code null}
 * @param field the field, or {@code null}
 * @param at when the request was made
 * @param pending whether the relay has yet to apply it
 * @param outcome the recorded outcome, {@code null} while pending
 * @param appliedPoints the points of the outcome, {@code null} while pending
 * @param revokedId for a revoke the ledger decided beyond {@code retention.record}, the
 * id of the award it revokes; {@code null} otherwise (the column comes with "once ever
 * means ever")
 * @param itemType the item type the award also scored, or {@code null}
 * @param itemId the item's id, or {@code null}
 * @param scopes the scope ids the award also scored ({@code ScopeSettings.format}), or
 * {@code null}
 */
record LedgerRow(long id, String kind, String userId, String rule, Long points, String field, Instant at,
		boolean pending, String outcome, Long appliedPoints, Long revokedId, String itemType, String itemId,
		String scopes) {

	/** Whether the row records a challenge created, joined or left. */
	boolean challengeChange() {
		return AwardLedger.CHALLENGE.equals(this.kind) || AwardLedger.JOIN.equals(this.kind)
				|| AwardLedger.LEAVE.equals(this.kind);
	}

	boolean revoke() {
		return AwardLedger.REVOKE.equals(this.kind);
	}

	ActivityEvent event() {
		return new ActivityEvent(this.userId, this.field, this.rule, this.points, revoke(), this.itemType, this.itemId,
				ScopeSettings.parse(this.scopes));
	}

}
