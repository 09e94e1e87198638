package io.github.activityrank.engine;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A validated award or revoke, ready for the store.
 *
 * @param userId the user, validated
 * @param field the idempotency field, validated
 * @param points the points to award (ignored by a revoke, which takes back what the
 * record says)
 * @param revoke whether to take back the latest award instead of awarding
 * @param rule the rule's name, or {@code null} for explicit points
 * @param oncePerEver whether an existing record of any retained day blocks the award
 * @param ruleCap the rule's daily cap, or {@code null}
 * @param globalCap the daily cap over all rules, or {@code null}
 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
 * @param at when the request was made, which decides its day, week and month, its
 * tie-break time and the challenges it reaches; {@code null} for now (the live path). The
 * ledger's relay and its rebuild pass each entry's own time.
 * @param itemType the item type the award also scores, or {@code null} (see
 * docs/items.md)
 * @param itemId the item's id, validated, or {@code null}
 * @param source the stream message it came from, or {@code null} for any other path: the
 * score script then applies each message once and in order (see {@link SourceMessage})
 * @param scopes the scope ids an award also scores, by kind, each kind configured and
 * counting the rule (see docs/scopes.md); empty for none and for every revoke
 */
public record ScoreCommand(String userId, String field, long points, boolean revoke, String rule, boolean oncePerEver,
		Long ruleCap, Long globalCap, Long ruleWeeklyCap, Long globalWeeklyCap, Long ruleMonthlyCap,
		Long globalMonthlyCap, Instant at, String itemType, String itemId, SourceMessage source,
		Map<String, String> scopes) {

	/**
	 * The scopes are kept in the order given, and never {@code null}.
	 */
	public ScoreCommand {
		scopes = (scopes == null || scopes.isEmpty()) ? Map.of()
				: Collections.unmodifiableMap(new LinkedHashMap<>(scopes));
	}

	/**
	 * A command without scopes.
	 * @param userId the user, validated
	 * @param field the idempotency field, validated
	 * @param points the points to award
	 * @param revoke whether to take back the latest award instead of awarding
	 * @param rule the rule's name, or {@code null} for explicit points
	 * @param oncePerEver whether an existing record of any retained day blocks the award
	 * @param ruleCap the rule's daily cap, or {@code null}
	 * @param globalCap the daily cap over all rules, or {@code null}
	 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
	 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
	 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
	 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
	 * @param at when the request was made, {@code null} for now
	 * @param itemType the item type the award also scores, or {@code null}
	 * @param itemId the item's id, validated, or {@code null}
	 * @param source the stream message it came from, or {@code null}
	 */
	public ScoreCommand(String userId, String field, long points, boolean revoke, String rule, boolean oncePerEver,
			Long ruleCap, Long globalCap, Long ruleWeeklyCap, Long globalWeeklyCap, Long ruleMonthlyCap,
			Long globalMonthlyCap, Instant at, String itemType, String itemId, SourceMessage source) {
		this(userId, field, points, revoke, rule, oncePerEver, ruleCap, globalCap, ruleWeeklyCap, globalWeeklyCap,
				ruleMonthlyCap, globalMonthlyCap, at, itemType, itemId, source, Map.of());
	}

	/**
	 * A command that came from no stream.
	 * @param userId the user, validated
	 * @param field the idempotency field, validated
	 * @param points the points to award
	 * @param revoke whether to take back the latest award instead of awarding
	 * @param rule the rule's name, or {@code null} for explicit points
	 * @param oncePerEver whether an existing record of any retained day blocks the award
	 * @param ruleCap the rule's daily cap, or {@code null}
	 * @param globalCap the daily cap over all rules, or {@code null}
	 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
	 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
	 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
	 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
	 * @param at when the request was made, {@code null} for now
	 * @param itemType the item type the award also scores, or {@code null}
	 * @param itemId the item's id, validated, or {@code null}
	 */
	public ScoreCommand(String userId, String field, long points, boolean revoke, String rule, boolean oncePerEver,
			Long ruleCap, Long globalCap, Long ruleWeeklyCap, Long globalWeeklyCap, Long ruleMonthlyCap,
			Long globalMonthlyCap, Instant at, String itemType, String itemId) {
		this(userId, field, points, revoke, rule, oncePerEver, ruleCap, globalCap, ruleWeeklyCap, globalWeeklyCap,
				ruleMonthlyCap, globalMonthlyCap, at, itemType, itemId, null);
	}

	/**
	 * A command without an item.
	 * @param userId the user, validated
	 * @param field the idempotency field, validated
	 * @param points the points to award
	 * @param revoke whether to take back the latest award instead of awarding
	 * @param rule the rule's name, or {@code null} for explicit points
	 * @param oncePerEver whether an existing record of any retained day blocks the award
	 * @param ruleCap the rule's daily cap, or {@code null}
	 * @param globalCap the daily cap over all rules, or {@code null}
	 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
	 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
	 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
	 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
	 * @param at when the request was made, {@code null} for now
	 */
	public ScoreCommand(String userId, String field, long points, boolean revoke, String rule, boolean oncePerEver,
			Long ruleCap, Long globalCap, Long ruleWeeklyCap, Long globalWeeklyCap, Long ruleMonthlyCap,
			Long globalMonthlyCap, Instant at) {
		this(userId, field, points, revoke, rule, oncePerEver, ruleCap, globalCap, ruleWeeklyCap, globalWeeklyCap,
				ruleMonthlyCap, globalMonthlyCap, at, null, null);
	}

	/**
	 * This command scoring an item too.
	 * @param type the item type
	 * @param id the item's id
	 * @return the command
	 */
	public ScoreCommand withItem(String type, String id) {
		return new ScoreCommand(this.userId, this.field, this.points, this.revoke, this.rule, this.oncePerEver,
				this.ruleCap, this.globalCap, this.ruleWeeklyCap, this.globalWeeklyCap, this.ruleMonthlyCap,
				this.globalMonthlyCap, this.at, type, id, this.source, this.scopes);
	}

	/**
	 * A command made now.
	 * @param userId the user, validated
	 * @param field the idempotency field, validated
	 * @param points the points to award
	 * @param revoke whether to take back the latest award instead of awarding
	 * @param rule the rule's name, or {@code null} for explicit points
	 * @param oncePerEver whether an existing record of any retained day blocks the award
	 * @param ruleCap the rule's daily cap, or {@code null}
	 * @param globalCap the daily cap over all rules, or {@code null}
	 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
	 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
	 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
	 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
	 */
	public ScoreCommand(String userId, String field, long points, boolean revoke, String rule, boolean oncePerEver,
			Long ruleCap, Long globalCap, Long ruleWeeklyCap, Long globalWeeklyCap, Long ruleMonthlyCap,
			Long globalMonthlyCap) {
		this(userId, field, points, revoke, rule, oncePerEver, ruleCap, globalCap, ruleWeeklyCap, globalWeeklyCap,
				ruleMonthlyCap, globalMonthlyCap, null);
	}

	/**
	 * A command with at most daily caps.
	 * @param userId the user, validated
	 * @param field the idempotency field, validated
	 * @param points the points to award
	 * @param revoke whether to take back the latest award instead of awarding
	 * @param rule the rule's name, or {@code null} for explicit points
	 * @param oncePerEver whether an existing record of any retained day blocks the award
	 * @param ruleCap the rule's daily cap, or {@code null}
	 * @param globalCap the daily cap over all rules, or {@code null}
	 */
	public ScoreCommand(String userId, String field, long points, boolean revoke, String rule, boolean oncePerEver,
			Long ruleCap, Long globalCap) {
		this(userId, field, points, revoke, rule, oncePerEver, ruleCap, globalCap, null, null, null, null, null);
	}

	/**
	 * This command made at another instant.
	 * @param instant when the request was made, {@code null} for now
	 * @return the command
	 */
	public ScoreCommand withAt(Instant instant) {
		return new ScoreCommand(this.userId, this.field, this.points, this.revoke, this.rule, this.oncePerEver,
				this.ruleCap, this.globalCap, this.ruleWeeklyCap, this.globalWeeklyCap, this.ruleMonthlyCap,
				this.globalMonthlyCap, instant, this.itemType, this.itemId, this.source, this.scopes);
	}

	/**
	 * This command with other points.
	 * @param newPoints the points to award
	 * @return the command
	 */
	public ScoreCommand withPoints(long newPoints) {
		return new ScoreCommand(this.userId, this.field, newPoints, this.revoke, this.rule, this.oncePerEver,
				this.ruleCap, this.globalCap, this.ruleWeeklyCap, this.globalWeeklyCap, this.ruleMonthlyCap,
				this.globalMonthlyCap, this.at, this.itemType, this.itemId, this.source, this.scopes);
	}

	/**
	 * This command as coming from a stream message.
	 * @param message the message, or {@code null}
	 * @return the command
	 */
	public ScoreCommand withSource(SourceMessage message) {
		return new ScoreCommand(this.userId, this.field, this.points, this.revoke, this.rule, this.oncePerEver,
				this.ruleCap, this.globalCap, this.ruleWeeklyCap, this.globalWeeklyCap, this.ruleMonthlyCap,
				this.globalMonthlyCap, this.at, this.itemType, this.itemId, message, this.scopes);
	}

	/**
	 * This command scoring scope ids too.
	 * @param ids the scope ids by kind
	 * @return a copy with those scopes
	 */
	public ScoreCommand withScopes(Map<String, String> ids) {
		return new ScoreCommand(this.userId, this.field, this.points, this.revoke, this.rule, this.oncePerEver,
				this.ruleCap, this.globalCap, this.ruleWeeklyCap, this.globalWeeklyCap, this.ruleMonthlyCap,
				this.globalMonthlyCap, this.at, this.itemType, this.itemId, this.source, ids);
	}

}
