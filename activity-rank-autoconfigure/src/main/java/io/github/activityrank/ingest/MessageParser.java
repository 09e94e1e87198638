package io.github.activityrank.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;

/**
 * Reads the fields of a stream message into a request. Checks what only the wire format
 * knows (missing fields, numbers, flags, the instant, item types); what every request is
 * checked for (ids, rules, ranges) the engine checks, as for any other award, and the
 * message is dead-lettered with the engine's reason.
 */
final class MessageParser {

	static final String USER = "user";

	static final String FIELD = "field";

	static final String RULE = "rule";

	static final String POINTS = "points";

	static final String REVOKE = "revoke";

	static final String AT = "at";

	static final String ITEM_TYPE = "item-type";

	static final String ITEM = "item";

	static final String SCOPE_TYPE = "scope-type";

	static final String SCOPE = "scope";

	/** More fields than a message can mean: a producer bug or a flood. */
	static final int MAX_FIELDS = 16;

	/** How far ahead of this instance's clock a message's {@code at} may be. */
	static final Duration MAX_FUTURE = Duration.ofMinutes(5);

	/** Below this, an {@code at} is most likely seconds: 10^11 ms is March 1973. */
	private static final long SECONDS_LOOK = 100_000_000_000L;

	private final Set<String> itemTypes;

	private final Set<String> scopeKinds;

	private final Supplier<Instant> clock;

	private final Duration recordRetention;

	/**
	 * @param itemTypes the configured item types; a message naming another is
	 * dead-lettered
	 * @param clock the application's clock
	 * @param recordRetention how long the idempotency records are kept: a message made
	 * longer ago would find no record, and count again each time it came
	 */
	MessageParser(Set<String> itemTypes, Supplier<Instant> clock, Duration recordRetention) {
		this(itemTypes, Set.of(), clock, recordRetention);
	}

	/**
	 * @param itemTypes the configured item types; a message naming another is
	 * dead-lettered
	 * @param scopeKinds the configured scope kinds; a message naming another is
	 * dead-lettered
	 * @param clock the application's clock
	 * @param recordRetention how long the idempotency records are kept
	 */
	MessageParser(Set<String> itemTypes, Set<String> scopeKinds, Supplier<Instant> clock, Duration recordRetention) {
		this.itemTypes = Set.copyOf(itemTypes);
		this.scopeKinds = Set.copyOf(scopeKinds);
		this.clock = clock;
		this.recordRetention = recordRetention;
	}

	IngestMessage parse(String id, Map<String, String> fields) {
		if (fields == null || fields.isEmpty()) {
			return IngestMessage.bad(id, "no fields");
		}
		if (fields.size() > MAX_FIELDS) {
			return IngestMessage.bad(id, "more than " + MAX_FIELDS + " fields");
		}
		String user = fields.get(USER);
		if (user == null) {
			return IngestMessage.bad(id, "missing field 'user'");
		}
		String field = fields.get(FIELD);
		if (field == null) {
			return IngestMessage.bad(id, "missing field 'field'");
		}
		String itemProblem = itemProblem(fields.get(ITEM_TYPE), fields.get(ITEM));
		if (itemProblem != null) {
			return IngestMessage.bad(id, itemProblem);
		}
		String scopeProblem = scopeProblem(fields.get(SCOPE_TYPE), fields.get(SCOPE));
		if (scopeProblem != null) {
			return IngestMessage.bad(id, scopeProblem);
		}
		Long points = null;
		String pointsText = fields.get(POINTS);
		if (pointsText != null) {
			points = number(pointsText, ActivityLimits.MAX_POINTS);
			if (points == null || points < 1) {
				return IngestMessage.bad(id, "points must be a whole number from 1 to " + ActivityLimits.MAX_POINTS);
			}
		}
		String revokeText = fields.get(REVOKE);
		if (revokeText != null && !revokeText.equals("1") && !revokeText.equals("0")) {
			return IngestMessage.bad(id, "revoke must be 1 or 0");
		}
		Instant at = at(id, fields.get(AT));
		if (at == null) {
			return IngestMessage.bad(id,
					"at must be epoch milliseconds, not more than " + MAX_FUTURE.toMinutes() + " minutes ahead");
		}
		String tooOld = tooOld(id, fields.get(AT), at);
		if (tooOld != null) {
			return IngestMessage.bad(id, tooOld);
		}
		ActivityEvent event = new ActivityEvent(user, field, fields.get(RULE), points, "1".equals(revokeText));
		if (fields.get(ITEM_TYPE) != null) {
			// the engine checks the item id and that the type scores the rule, as for any
			// event
			event = event.withItem(fields.get(ITEM_TYPE), fields.get(ITEM));
		}
		if (fields.get(SCOPE_TYPE) != null) {
			// the engine checks the scope id, as for any event
			event = event.withScope(fields.get(SCOPE_TYPE), fields.get(SCOPE));
		}
		return new IngestMessage(id, event, at, null);
	}

	/** Whether the message's scope fields name a configured scope kind. */
	private String scopeProblem(String kind, String scope) {
		if (kind == null && scope == null) {
			return null;
		}
		if (kind == null || scope == null) {
			return "scope-type and scope go together";
		}
		return this.scopeKinds.contains(kind) ? null : "unknown scope kind";
	}

	/**
	 * Whether the message's item fields name a configured item type; the item id itself
	 * is checked by the engine, like an event's.
	 */
	private String itemProblem(String itemType, String item) {
		if (itemType == null && item == null) {
			return null;
		}
		if (itemType == null || item == null) {
			return "item-type and item go together";
		}
		if (!this.itemTypes.contains(itemType)) {
			return "unknown item type";
		}
		return null;
	}

	/**
	 * Why a message made before what the records retain is refused: its record would be
	 * gone at once, so a second delivery would count again.
	 */
	private String tooOld(String id, String atText, Instant at) {
		Instant oldest = this.clock.get().minus(this.recordRetention);
		if (!at.isBefore(oldest)) {
			return null;
		}
		String retained = "older than the records are kept (activity-rank.retention.record, " + this.recordRetention
				+ ")";
		if (atText == null) {
			return "too old: the message id " + id + " is " + retained;
		}
		String hint = (at.toEpochMilli() < SECONDS_LOOK) ? "; it looks like seconds, at must be epoch milliseconds"
				: "; at must be epoch milliseconds";
		return "too old: at " + atText + " is " + retained + hint;
	}

	private Instant at(String id, String text) {
		if (text == null) {
			// the server's time of the message id
			Long millis = idMillis(id);
			return (millis != null) ? Instant.ofEpochMilli(millis) : this.clock.get();
		}
		Long millis = number(text, this.clock.get().plus(MAX_FUTURE).toEpochMilli());
		return (millis != null) ? Instant.ofEpochMilli(millis) : null;
	}

	/** The time part of a stream id ({@code <ms>-<seq>}), or {@code null}. */
	static Long idMillis(String id) {
		int dash = id.indexOf('-');
		return number((dash > 0) ? id.substring(0, dash) : id, Long.MAX_VALUE);
	}

	/**
	 * A decimal number from 0 to max, or {@code null}: digits only, no sign or spaces.
	 */
	static Long number(String text, long max) {
		if (text.isEmpty() || text.length() > 19) {
			return null;
		}
		long value = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c < '0' || c > '9') {
				return null;
			}
			if (value > (max - (c - '0')) / 10) {
				return null;
			}
			value = value * 10 + (c - '0');
		}
		return value;
	}

}
