package io.github.activityrank.sample.web;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the page calls each scoring rule of {@code application.yml}, in the order it lists
 * them: "my week" shows "4 articles praised" rather than "praise: 4".
 */
final class RuleLabels {

	private static final Map<String, String> LABELS = new LinkedHashMap<>();

	static {
		LABELS.put("publish", "articles published");
		LABELS.put("comment", "comments written");
		LABELS.put("praise", "articles praised");
		LABELS.put("collect", "articles collected");
		LABELS.put("follow", "users followed");
		LABELS.put("page-view", "articles read");
		LABELS.put("check-in", "check-ins");
		LABELS.put("streak", "streak bonuses");
	}

	private RuleLabels() {
	}

	/**
	 * The label of a rule; a rule the page does not know is shown by its name.
	 * @param rule the rule name, {@code ""} for awards of explicit points
	 * @return the label
	 */
	static String of(String rule) {
		if (rule.isEmpty()) {
			return "other points";
		}
		return LABELS.getOrDefault(rule, rule);
	}

	/**
	 * Where a rule comes in the page's list: the known rules in their order, then the
	 * others.
	 * @param rule the rule name
	 * @return the position
	 */
	static int order(String rule) {
		int position = 0;
		for (String known : LABELS.keySet()) {
			if (known.equals(rule)) {
				return position;
			}
			position++;
		}
		return position;
	}

}
