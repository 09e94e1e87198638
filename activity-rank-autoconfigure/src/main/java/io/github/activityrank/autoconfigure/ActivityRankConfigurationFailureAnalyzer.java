package io.github.activityrank.autoconfigure;

import io.github.activityrank.engine.ActivityRankConfigurationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an invalid activity-rank configuration found at startup.
 */
class ActivityRankConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<ActivityRankConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ActivityRankConfigurationException cause) {
		return new FailureAnalysis("Invalid activity-rank configuration: " + cause.getMessage(), cause.getAction(),
				cause);
	}

}
