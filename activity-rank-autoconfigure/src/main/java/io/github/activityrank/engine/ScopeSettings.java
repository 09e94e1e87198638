package io.github.activityrank.engine;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.support.InputCheck;

/**
 * The configured scope kinds ({@code activity-rank.scopes}), by name, and the checks of
 * an award's scope ids against them.
 *
 * @param kinds the kinds by name, in configuration order; empty for none
 */
public record ScopeSettings(Map<String, ScopeKind> kinds) {

	/** No scope kind: the score script has no scopes module. */
	public static final ScopeSettings NONE = new ScopeSettings(Map.of());

	/**
	 * Copy the kinds, keeping their order.
	 * @param kinds the kinds by name
	 */
	public ScopeSettings {
		kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
	}

	/**
	 * Whether any kind is configured.
	 * @return {@code true} when one is
	 */
	public boolean enabled() {
		return !this.kinds.isEmpty();
	}

	/**
	 * A configured kind.
	 * @param name its name
	 * @return the kind
	 * @throws IllegalArgumentException for a kind that is not configured, naming those
	 * that are
	 */
	public ScopeKind kind(String name) {
		ScopeKind kind = (name != null) ? this.kinds.get(name) : null;
		if (kind == null) {
			throw new IllegalArgumentException("No scope kind '" + name + "': configured kinds are "
					+ this.kinds.keySet() + " (activity-rank.scopes.<kind>)");
		}
		return kind;
	}

	/**
	 * The scope ids of an award that count: those of kinds that count its rule.
	 * @param scopes the award's scope ids by kind
	 * @param rule the award's rule, or {@code null} for explicit points
	 * @return the ids that count, by kind (empty when none)
	 * @throws IllegalArgumentException for a kind that is not configured
	 */
	public Map<String, String> counted(Map<String, String> scopes, String rule) {
		if (scopes.isEmpty()) {
			return Map.of();
		}
		Map<String, String> counted = new LinkedHashMap<>();
		scopes.forEach((name, id) -> {
			if (kind(name).counts(rule)) {
				counted.put(name, id);
			}
		});
		return counted;
	}

	/**
	 * Why an award's scope ids cannot be stored: ids are limited like user ids.
	 * @param scopes the award's scope ids by kind
	 * @return the problem, or {@code null} when they can
	 */
	public static String idProblem(Map<String, String> scopes) {
		if (scopes.isEmpty()) {
			return null;
		}
		if (scopes.size() > ActivityLimits.MAX_SCOPE_KINDS) {
			return "at most " + ActivityLimits.MAX_SCOPE_KINDS + " scope kinds per award";
		}
		for (Map.Entry<String, String> scope : scopes.entrySet()) {
			String problem = InputCheck.userIdProblem(scope.getValue());
			if (problem != null) {
				return "scope id of kind '" + scope.getKey() + "': " + problem;
			}
		}
		return null;
	}

	/**
	 * Check the arguments of a read of a scope's boards.
	 * @param name the kind
	 * @param scopeId the scope id, or {@code null} for the kind's board of scope ids
	 * @param period the period
	 * @param day the day
	 * @throws IllegalArgumentException naming what to change
	 */
	public void checkRead(String name, String scopeId, Period period, LocalDate day) {
		ScopeKind kind = kind(name);
		if (period == null || day == null) {
			throw new IllegalArgumentException("period and day are required");
		}
		if (!kind.periods().contains(period)) {
			throw new IllegalArgumentException(
					"No " + period + " boards of scope kind '" + name + "': it keeps " + kind.periods() + "; add "
							+ period.name().toLowerCase() + " to activity-rank.scopes." + name + ".periods");
		}
		String problem = (scopeId != null) ? InputCheck.userIdProblem(scopeId) : null;
		if (problem != null) {
			throw new IllegalArgumentException("Invalid scope id: " + problem);
		}
	}

	/**
	 * An award's scope ids as one text, for a ledger row or a set-aside award:
	 * {@code kind=id&kind=id}, each id URL-encoded.
	 * @param scopes the scope ids by kind
	 * @return the text, or {@code null} for none
	 */
	public static String format(Map<String, String> scopes) {
		if (scopes.isEmpty()) {
			return null;
		}
		StringBuilder text = new StringBuilder();
		scopes.forEach((kind, id) -> text.append((text.length() > 0) ? "&" : "")
			.append(kind)
			.append('=')
			.append(URLEncoder.encode(id, StandardCharsets.UTF_8)));
		return text.toString();
	}

	/**
	 * The scope ids of a {@link #format formatted} text.
	 * @param text the text, or {@code null}
	 * @return the scope ids by kind, empty for none
	 */
	public static Map<String, String> parse(String text) {
		if (text == null || text.isEmpty()) {
			return Map.of();
		}
		Map<String, String> scopes = new LinkedHashMap<>();
		for (String pair : text.split("&")) {
			int equals = pair.indexOf('=');
			scopes.put(pair.substring(0, equals),
					URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
		}
		return scopes;
	}

}
