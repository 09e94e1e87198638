package io.github.activityrank.support;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Looks through a failure and its causes: what Redis reports is usually wrapped, by
 * Lettuce and again by Spring Data's exception translation.
 */
public final class Causes {

	private Causes() {
	}

	/**
	 * Whether the failure or one of its causes matches. A cause chain that loops back on
	 * itself is followed only once round.
	 * @param failure the failure, or {@code null}
	 * @param test what to look for
	 * @return {@code true} on the first match
	 */
	public static boolean anyMatch(Throwable failure, Predicate<Throwable> test) {
		Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
			if (test.test(t)) {
				return true;
			}
		}
		return false;
	}

}
