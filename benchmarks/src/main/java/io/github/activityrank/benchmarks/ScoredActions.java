package io.github.activityrank.benchmarks;

import io.github.activityrank.ActivityScore;

/**
 * A business method that earns points through the annotation, as an application writes
 * it.
 */
public class ScoredActions {

	/**
	 * Praise something; the user earns the "praise" rule once per field and day.
	 * @param userId the acting user
	 * @param field what was praised
	 * @return a value standing for the method's own work
	 */
	@ActivityScore(rule = "praise", user = "#userId", field = "#field")
	public int praise(String userId, String field) {
		return PlainActions.work(userId, field);
	}

}
