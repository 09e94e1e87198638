package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import static io.github.activityrank.autoconfigure.PropertyRequirements.pathPatterns;

/**
 * Points for each new page a signed-in user views per day.
 * <p>
 * Bound under {@code activity-rank.page-views.*} (see {@link ActivityRankProperties}).
 */
public class PageViewProperties {

	/**
	 * Whether successful GET requests handled by a controller award the page-view rule.
	 */
	private boolean enabled;

	/**
	 * Rule awarded for a page view; the field is the normalised request path.
	 */
	private String rule = "page-view";

	/**
	 * Path patterns that count as page views.
	 */
	private List<String> include = new ArrayList<>(List.of("/**"));

	/**
	 * Path patterns that never count, checked before include.
	 */
	private List<String> exclude = new ArrayList<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getRule() {
		return this.rule;
	}

	public void setRule(String rule) {
		this.rule = rule;
	}

	public List<String> getInclude() {
		return this.include;
	}

	public void setInclude(List<String> include) {
		this.include = include;
	}

	public List<String> getExclude() {
		return this.exclude;
	}

	public void setExclude(List<String> exclude) {
		this.exclude = exclude;
	}

	/**
	 * Check {@code activity-rank.page-views.*} when page views are enabled; called by
	 * {@link ActivityRankPropertyChecks#check}. That the rule exists is checked where the
	 * rules in use are known ({@link ActivityRankPropertyChecks#checkPageViewRule}).
	 */
	void check() {
		if (this.enabled) {
			pathPatterns("activity-rank.page-views.include", this.include);
			pathPatterns("activity-rank.page-views.exclude", this.exclude);
		}
	}

}
