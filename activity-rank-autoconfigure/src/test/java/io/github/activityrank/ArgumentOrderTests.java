package io.github.activityrank;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One argument order everywhere: the user, then the field, then the rule or the points,
 * on {@link ActivityRankService} and on {@link ActivityEvent}'s factories and record, so
 * that swapping two {@code String}s is never the right call anywhere. Parameter names
 * come from {@code -parameters}, which the build sets.
 */
class ArgumentOrderTests {

	@Test
	void theServiceTakesUserThenFieldThenRuleOrPoints() throws NoSuchMethodException {
		assertThat(names(ActivityRankService.class.getMethod("award", String.class, String.class, String.class)))
			.containsExactly("userId", "field", "rule");
		assertThat(names(ActivityRankService.class.getMethod("award", String.class, String.class, long.class)))
			.containsExactly("userId", "field", "points");
		assertThat(names(ActivityRankService.class.getMethod("revoke", String.class, String.class, String.class)))
			.containsExactly("userId", "field", "rule");
	}

	@Test
	void theEventFactoriesAndTheRecordTakeTheSameOrder() throws NoSuchMethodException {
		assertThat(names(ActivityEvent.class.getMethod("award", String.class, String.class, String.class)))
			.containsExactly("userId", "field", "rule");
		assertThat(names(ActivityEvent.class.getMethod("awardPoints", String.class, String.class, long.class)))
			.containsExactly("userId", "field", "points");
		assertThat(names(ActivityEvent.class.getMethod("revoke", String.class, String.class, String.class)))
			.containsExactly("userId", "field", "rule");
		assertThat(Arrays.stream(ActivityEvent.class.getRecordComponents()).map(RecordComponent::getName))
			.containsExactly("userId", "field", "rule", "points", "revoke", "itemType", "itemId", "scopes");
	}

	@Test
	void theFactoriesPutEachArgumentWhereTheServiceWould() {
		assertThat(ActivityEvent.award("u", "f", "r")).isEqualTo(new ActivityEvent("u", "f", "r", null, false));
		assertThat(ActivityEvent.awardPoints("u", "f", 5)).isEqualTo(new ActivityEvent("u", "f", null, 5L, false));
		assertThat(ActivityEvent.revoke("u", "f", "r")).isEqualTo(new ActivityEvent("u", "f", "r", null, true));
	}

	private static List<String> names(Method method) {
		return Arrays.stream(method.getParameters()).map(Parameter::getName).toList();
	}

}
