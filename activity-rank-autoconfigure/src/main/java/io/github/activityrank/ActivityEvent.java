package io.github.activityrank;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request to award or revoke points. Publish it with Spring's
 * {@link org.springframework.context.ApplicationEventPublisher} (applied after commit
 * inside a transaction, exactly as {@link ActivityScore} does) or pass it to
 * {@link ActivityRankService#apply(ActivityEvent)}.
 * <p>
 * The arguments come in the order of {@link ActivityRankService}'s methods: the user,
 * then the field, then the rule or the points.
 *
 * @param userId the user who gets (or loses) the points
 * @param field the idempotency field; {@code null} means the rule name
 * @param rule a rule name from {@code activity-rank.rules}, or {@code null} when
 * {@code points} is given
 * @param points explicit points, or overriding the rule's points; {@code null} to use the
 * rule's
 * @param revoke whether to take back the points of an earlier award instead of awarding
 * @param itemType the item type (from {@code activity-rank.items}) the award also scores,
 * or {@code null} for none
 * @param itemId the item's id (same limits as a user id), or {@code null} for none
 * @param scopes the scope ids the award also scores, by scope kind (from
 * {@code activity-rank.scopes}), at most one id per kind; empty for none (see
 * docs/scopes.md)
 */
public record ActivityEvent(String userId, String field, String rule, Long points, boolean revoke, String itemType,
		String itemId, Map<String, String> scopes) {

	/**
	 * The scopes are kept in the order they were given, and never {@code null}.
	 */
	public ActivityEvent {
		scopes = (scopes == null || scopes.isEmpty()) ? Map.of()
				: Collections.unmodifiableMap(new LinkedHashMap<>(scopes));
	}

	/**
	 * An event without scopes.
	 * @param userId the user who gets (or loses) the points
	 * @param field the idempotency field; {@code null} means the rule name
	 * @param rule a rule name, or {@code null} when {@code points} is given
	 * @param points explicit points, or {@code null} to use the rule's
	 * @param revoke whether to take back the points of an earlier award instead of
	 * awarding
	 * @param itemType the item type, or {@code null} for none
	 * @param itemId the item's id, or {@code null} for none
	 */
	public ActivityEvent(String userId, String field, String rule, Long points, boolean revoke, String itemType,
			String itemId) {
		this(userId, field, rule, points, revoke, itemType, itemId, Map.of());
	}

	/**
	 * An event without an item.
	 * @param userId the user who gets (or loses) the points
	 * @param field the idempotency field; {@code null} means the rule name
	 * @param rule a rule name, or {@code null} when {@code points} is given
	 * @param points explicit points, or {@code null} to use the rule's
	 * @param revoke whether to take back the points of an earlier award instead of
	 * awarding
	 */
	public ActivityEvent(String userId, String field, String rule, Long points, boolean revoke) {
		this(userId, field, rule, points, revoke, null, null);
	}

	/**
	 * This event scoring an item too: the item gets the points its type lists for the
	 * rule, on every board of its type (see docs/items.md).
	 * @param type the item type, configured under {@code activity-rank.items}
	 * @param id the item's id
	 * @return a copy with the item
	 */
	public ActivityEvent withItem(String type, String id) {
		return new ActivityEvent(this.userId, this.field, this.rule, this.points, this.revoke, type, id, this.scopes);
	}

	/**
	 * This event scoring a scope too: the user gets the award's points on the boards of
	 * the scope id as well (see docs/scopes.md). Callable once per kind, for an award in
	 * several kinds: {@code award(...).withScope("category", "java").withScope("course",
	 * "c-101")}. A revoke needs none: it takes back what its award gave.
	 * @param kind the scope kind, configured under {@code activity-rank.scopes}
	 * @param id the scope id (same limits as a user id)
	 * @return a copy with the scope
	 * @throws IllegalArgumentException when the kind is blank or already given
	 */
	public ActivityEvent withScope(String kind, String id) {
		if (kind == null || kind.isBlank()) {
			throw new IllegalArgumentException("A scope kind is required");
		}
		if (this.scopes.containsKey(kind)) {
			throw new IllegalArgumentException("Scope kind '" + kind + "' is already given ('" + this.scopes.get(kind)
					+ "'): an award names at most one id of each kind");
		}
		Map<String, String> scopes = new LinkedHashMap<>(this.scopes);
		scopes.put(kind, id);
		return new ActivityEvent(this.userId, this.field, this.rule, this.points, this.revoke, this.itemType,
				this.itemId, scopes);
	}

	/**
	 * Award a configured rule, like
	 * {@link ActivityRankService#award(String, String, String)}.
	 * @param userId the user
	 * @param field the idempotency field
	 * @param rule the rule name
	 * @return the event
	 */
	public static ActivityEvent award(String userId, String field, String rule) {
		return new ActivityEvent(userId, field, rule, null, false);
	}

	/**
	 * Award explicit points, with no rule (scores once per user and field per day), like
	 * {@link ActivityRankService#award(String, String, long)}.
	 * @param userId the user
	 * @param field the idempotency field
	 * @param points the points, positive
	 * @return the event
	 */
	public static ActivityEvent awardPoints(String userId, String field, long points) {
		return new ActivityEvent(userId, field, null, points, false);
	}

	/**
	 * Take back the latest award of a field, like
	 * {@link ActivityRankService#revoke(String, String, String)}.
	 * @param userId the user
	 * @param field the idempotency field
	 * @param rule the rule the award was made under, or {@code null}
	 * @return the event
	 */
	public static ActivityEvent revoke(String userId, String field, String rule) {
		return new ActivityEvent(userId, field, rule, null, true);
	}

	/**
	 * A request that takes back an award of explicit points (one made with
	 * {@link #awardPoints}): the points the record says were given.
	 * @param userId the user
	 * @param field the field the award was made with
	 * @return the request
	 */
	public static ActivityEvent revokePoints(String userId, String field) {
		return new ActivityEvent(userId, field, null, null, true);
	}

}
