package io.github.activityrank.observation;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.AwardPath;
import io.micrometer.observation.Observation;

/**
 * What an observation of an award knows: the award, how it was made, which configured
 * rule it names and, once it ended, its outcome.
 */
public class AwardObservationContext extends Observation.Context {

	/** The {@link #getRule() rule} of an award of points without a rule. */
	public static final String NO_RULE = "none";

	/** The {@link #getRule() rule} of an award naming a rule that is not configured. */
	public static final String UNKNOWN_RULE = "unknown";

	/** The {@link #getOutcome() outcome} of an award that could not be applied. */
	public static final String FAILED = "failed";

	/**
	 * The {@link #getOutcome() outcome} of an award dropped from a full queue or left
	 * when the application stopped.
	 */
	public static final String DROPPED = "dropped";

	private final ActivityEvent event;

	private final AwardPath path;

	private final String rule;

	private volatile String outcome;

	/**
	 * Create the context.
	 * @param event the award
	 * @param path how it was made
	 * @param rule the configured rule it names, {@link #NO_RULE} or {@link #UNKNOWN_RULE}
	 */
	public AwardObservationContext(ActivityEvent event, AwardPath path, String rule) {
		this.event = event;
		this.path = path;
		this.rule = rule;
	}

	/**
	 * The award.
	 * @return the award as it was made
	 */
	public ActivityEvent getEvent() {
		return this.event;
	}

	/**
	 * How the award was made.
	 * @return the path
	 */
	public AwardPath getPath() {
		return this.path;
	}

	/**
	 * The rule the award names: a configured rule's name, {@link #NO_RULE} or
	 * {@link #UNKNOWN_RULE} (never free text, so the key stays low-cardinality).
	 * @return the rule
	 */
	public String getRule() {
		return this.rule;
	}

	/**
	 * How the award ended: an {@link io.github.activityrank.AwardResult.Outcome} in lower
	 * case (such as {@code awarded} or {@code set_aside}), {@link #FAILED} or
	 * {@link #DROPPED}.
	 * @return the outcome, {@code null} while the award is not answered
	 */
	public String getOutcome() {
		return this.outcome;
	}

	/**
	 * Set how the award ended.
	 * @param outcome the outcome
	 */
	public void setOutcome(String outcome) {
		this.outcome = outcome;
	}

}
