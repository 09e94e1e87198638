package io.github.activityrank.engine;

/**
 * Thrown while the application starts when activity-rank is configured in a way that
 * cannot work. The failure analyzer turns it into a description and an action.
 */
public class ActivityRankConfigurationException extends RuntimeException {

	private final String action;

	/**
	 * Create a new exception.
	 * @param description what is wrong, naming the property or method concerned
	 * @param action what to change
	 */
	public ActivityRankConfigurationException(String description, String action) {
		super(description);
		this.action = action;
	}

	/**
	 * What to change to fix the problem.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
