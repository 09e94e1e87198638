package io.github.activityrank.aspect;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown while the application context starts when one or more {@code @ActivityScore}
 * annotations cannot work. {@link ActivityScoreFailureAnalyzer} turns it into a start-up
 * report.
 */
public class ActivityScoreValidationException extends IllegalStateException {

	private final transient List<Problem> problems;

	/**
	 * Create the exception.
	 * @param problems what is wrong, at least one
	 */
	public ActivityScoreValidationException(List<Problem> problems) {
		super(problems.stream()
			.map(Problem::toString)
			.collect(Collectors.joining("\n", "Invalid @ActivityScore:\n", "")));
		this.problems = List.copyOf(problems);
	}

	/**
	 * What is wrong.
	 * @return the problems, in the order found
	 */
	public List<Problem> getProblems() {
		return this.problems;
	}

	/**
	 * One mistake in one attribute of one annotation.
	 *
	 * @param location where: the class and method
	 * @param attribute the annotation attribute, such as {@code field}
	 * @param expression the attribute's text as written
	 * @param description what is wrong
	 * @param action what to change
	 */
	public record Problem(String location, String attribute, String expression, String description, String action) {

		@Override
		public String toString() {
			return this.location + " " + this.attribute + " = \"" + this.expression + "\": " + this.description;
		}

	}

}
