package io.github.activityrank.aspect;

import io.github.activityrank.aspect.ActivityScoreValidationException.Problem;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports an {@link ActivityScoreValidationException}: every misconfigured annotation
 * with its class, method, attribute and expression, and what to change.
 */
public class ActivityScoreFailureAnalyzer extends AbstractFailureAnalyzer<ActivityScoreValidationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ActivityScoreValidationException cause) {
		StringBuilder description = new StringBuilder("@ActivityScore is misconfigured:\n");
		StringBuilder action = new StringBuilder("Fix each @ActivityScore listed:\n");
		for (Problem problem : cause.getProblems()) {
			description.append("\n    - ")
				.append(problem.location())
				.append("\n      attribute '")
				.append(problem.attribute())
				.append("' = \"")
				.append(problem.expression())
				.append("\"\n      ")
				.append(problem.description())
				.append('\n');
			action.append("\n    - ")
				.append(problem.location())
				.append(", attribute '")
				.append(problem.attribute())
				.append("': ")
				.append(problem.action())
				.append('\n');
		}
		return new FailureAnalysis(description.toString(), action.toString(), cause);
	}

}
