package io.github.activityrank.support;

import java.util.Locale;

/**
 * A counter named and described once for everything that shows it, implemented by the
 * enums of counters. Both names come from the constant's name: the meter's name after its
 * group's prefix in lower case and dotted ({@code CALLER_RUNS} is {@code caller.runs}),
 * the field of the actuator endpoint in camel case ({@code callerRuns}).
 */
public interface CounterName {

	/**
	 * The constant's name, as an enum gives it.
	 * @return the name, upper case with underscores
	 */
	String name();

	/**
	 * What the counter counts, in one line.
	 * @return the description
	 */
	String description();

	/**
	 * The meter's name after its group's prefix, for example {@code caller.runs}.
	 * @return the name, dotted
	 */
	default String meterName() {
		return name().toLowerCase(Locale.ROOT).replace('_', '.');
	}

	/**
	 * The field's name in the actuator endpoint, for example {@code callerRuns}.
	 * @return the key, in camel case
	 */
	default String key() {
		StringBuilder key = new StringBuilder();
		for (String word : name().toLowerCase(Locale.ROOT).split("_")) {
			key.append(key.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
		}
		return key.toString();
	}

}
