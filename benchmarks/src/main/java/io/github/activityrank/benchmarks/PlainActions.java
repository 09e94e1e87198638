package io.github.activityrank.benchmarks;

/**
 * The same business method as {@link ScoredActions#praise}, without the annotation: the
 * baseline of the aspect's overhead.
 */
public class PlainActions {

	/**
	 * Praise something, earning nothing.
	 * @param userId the acting user
	 * @param field what was praised
	 * @return a value standing for the method's own work
	 */
	public int praise(String userId, String field) {
		return work(userId, field);
	}

	static int work(String userId, String field) {
		return userId.length() * 31 + field.length();
	}

}
