package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ScopeKind;
import io.github.activityrank.engine.ScopeSettings;

import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The checks of {@code activity-rank.scopes.*} and the {@link ScopeSettings} they
 * configure (see docs/scopes.md).
 */
final class ScopePropertyChecks {

	private static final String SCOPES = "activity-rank.scopes";

	private ScopePropertyChecks() {
	}

	/**
	 * Check the scope kinds.
	 * @param properties the bound properties
	 * @throws org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException
	 * for the first bad value
	 */
	static void check(ActivityRankProperties properties) {
		Map<String, ScopeProperties> scopes = properties.getScopes();
		require(scopes.size() <= ActivityLimits.MAX_SCOPE_KINDS, SCOPES, scopes.size() + " kinds",
				"At most " + ActivityLimits.MAX_SCOPE_KINDS + " scope kinds can be configured: every kind an award "
						+ "names costs its boards in the same script call. Remove some from " + SCOPES + ".");
		Set<Period> allowed = EnumSet.of(Period.TOTAL);
		allowed.addAll(properties.getPeriods());
		for (Map.Entry<String, ScopeProperties> entry : scopes.entrySet()) {
			String kind = entry.getKey();
			ScopeProperties scope = entry.getValue();
			String name = SCOPES + "." + kind;
			String problem = ScopeKind.nameProblem(kind);
			require(problem == null, name, kind,
					"A scope kind names keys: " + problem + ". Rename it, for example " + SCOPES + ".category.");
			for (Period period : scope.getPeriods()) {
				require(allowed.contains(period), name + ".periods", scope.getPeriods(),
						"A scope keeps boards of activity-rank.periods " + properties.getPeriods()
								+ " or total. Remove " + period.name().toLowerCase() + " from " + name
								+ ".periods, or add it to " + "activity-rank.periods.");
			}
			for (String rule : scope.getRules()) {
				require(properties.getRules().containsKey(rule), name + ".rules", scope.getRules(),
						"There is no rule '" + rule + "'. Name rules of activity-rank.rules "
								+ properties.getRules().keySet() + ", or leave " + name
								+ ".rules empty for every rule.");
			}
			require(scope.getKeep() == null || scope.getKeep() >= 1, name + ".keep", scope.getKeep(),
					"Set the members kept per scope board to 1 or more, or leave it unset to keep every member.");
		}
	}

	/**
	 * The configured scope kinds, with the default periods filled in.
	 * @param properties the checked properties
	 * @return the settings ({@link ScopeSettings#NONE} without kinds)
	 */
	static ScopeSettings settings(ActivityRankProperties properties) {
		if (properties.getScopes().isEmpty()) {
			return ScopeSettings.NONE;
		}
		Map<String, ScopeKind> kinds = new LinkedHashMap<>();
		properties.getScopes().forEach((name, scope) -> {
			List<Period> periods = new ArrayList<>(
					EnumSet.copyOf(scope.getPeriods().isEmpty() ? properties.getPeriods() : scope.getPeriods()));
			kinds.put(name,
					new ScopeKind(name, periods, scope.getRules(), (scope.getKeep() != null) ? scope.getKeep() : 0));
		});
		return new ScopeSettings(kinds);
	}

}
