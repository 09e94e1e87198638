package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

import io.github.activityrank.Period;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.ClassUtils;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * The words the property checks are written in (see {@link ActivityRankPropertyChecks}):
 * each one ends in {@link #require}, which throws Spring Boot's
 * {@link InvalidConfigurationPropertyValueException} naming the property, its value and a
 * reason that says what to set instead.
 */
final class PropertyRequirements {

	/** The largest unit that prints a duration exactly comes first. */
	private static final List<ChronoUnit> PRINTED_UNITS = List.of(ChronoUnit.DAYS, ChronoUnit.HOURS, ChronoUnit.MINUTES,
			ChronoUnit.SECONDS, ChronoUnit.MILLIS, ChronoUnit.MICROS);

	private static final String WEB_PATTERNS = "org.springframework.web.util.pattern.PathPatternParser";

	private PropertyRequirements() {
	}

	/**
	 * An optional cap: unset (no cap) or a positive number of points.
	 */
	static void positiveOrUnset(String name, Long value) {
		require(value == null || value > 0, name, value,
				"A cap must be positive. Set " + name + " to a positive number of points, or remove it for no cap.");
	}

	/**
	 * A duration that must be longer than zero.
	 */
	static void positive(String name, Duration value, String example) {
		require(value != null && !value.isNegative() && !value.isZero(), name, value,
				"The duration must be positive. Set " + name + " to a positive duration such as " + example + ".");
	}

	/**
	 * A duration that may be zero but not negative.
	 */
	static void notNegative(String name, Duration value, String example) {
		require(value != null && !value.isNegative(), name, value,
				"The duration cannot be negative. Set " + name + " to 0s or more, such as " + example + ".");
	}

	/**
	 * A number within bounds, both inclusive.
	 */
	static void between(String name, long value, long minimum, long maximum, String example) {
		require(value >= minimum && value <= maximum, name, value, "The value must be from " + minimum + " to "
				+ maximum + ". Set " + name + " to a number in that range, such as " + example + ".");
	}

	/**
	 * A number with a lower bound; the reason names the fix.
	 */
	static void atLeast(String name, long value, long minimum, String reason) {
		require(value >= minimum, name, value, reason);
	}

	/**
	 * Path patterns that can match a request path; checked only when spring-web is
	 * present.
	 */
	static void pathPatterns(String name, List<String> patterns) {
		if (patterns == null || !ClassUtils.isPresent(WEB_PATTERNS, PropertyRequirements.class.getClassLoader())) {
			return;
		}
		for (String pattern : patterns) {
			String problem = WebPatterns.problem(pattern);
			require(problem == null, name, pattern, "Path pattern '" + pattern + "' " + problem + ". Set " + name
					+ " to patterns that start with '/', such as /articles/** or /users/{id}.");
		}
	}

	/**
	 * Numbers that are not negative and each above the one before.
	 */
	static void increasing(String name, List<Long> values, String example) {
		for (int k = 0; k < values.size(); k++) {
			Long value = values.get(k);
			require(value != null && value >= 0 && (k == 0 || value > values.get(k - 1)), name, values,
					"The thresholds must increase (entry " + (k + 1) + " is not above the one before). Set " + name
							+ " to increasing numbers, for example " + example + ".");
		}
	}

	/**
	 * The check every other one ends in.
	 * @param valid whether the value is acceptable
	 * @param name the full property name
	 * @param value the bound value
	 * @param reason what is wrong and what to set instead
	 */
	static void require(boolean valid, String name, Object value, String reason) {
		if (!valid) {
			throw new InvalidConfigurationPropertyValueException(name, value, reason);
		}
	}

	/**
	 * A duration as it would be written in the configuration: "5s", not "PT5S" or
	 * "5000ms".
	 */
	static String print(Duration duration) {
		for (ChronoUnit unit : PRINTED_UNITS) {
			if (duration.truncatedTo(unit).equals(duration)) {
				return DurationStyle.SIMPLE.print(duration, unit);
			}
		}
		return DurationStyle.SIMPLE.print(duration, ChronoUnit.NANOS);
	}

	/**
	 * A period as the configuration writes it: "day", not "DAY".
	 */
	static String print(Period period) {
		return (period != null) ? period.name().toLowerCase(Locale.ROOT) : "null";
	}

	/**
	 * Touches spring-web only when it is present (page views need it anyway).
	 */
	private static final class WebPatterns {

		static String problem(String pattern) {
			if (pattern == null || !pattern.startsWith("/")) {
				return "does not start with '/', so it never matches a request path";
			}
			try {
				PathPatternParser.defaultInstance.parse(pattern);
				return null;
			}
			catch (IllegalArgumentException ex) {
				return "is not valid: " + ex.getMessage();
			}
		}

	}

}
