package io.github.activityrank.sample;

import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The keys the sample writes as it starts, before any request: the monthly writing
 * challenge (its definition and its entry in the registry of challenges) and the
 * ingestion streams ({@code {prefix:activity:<n>}}, each a hash tag of its own) with
 * their leases and members. Audits of what requests wrote leave them out.
 */
final class StartupKeys {

	private StartupKeys() {
	}

	/**
	 * The keys of a prefix that requests wrote.
	 * @param keys the keys found under the prefix
	 * @param prefix the key prefix, without braces
	 * @return the keys, without those the sample writes at startup
	 */
	static List<String> without(Collection<String> keys, String prefix) {
		Pattern startup = Pattern.compile(
				"\\{" + Pattern.quote(prefix) + "\\}:(challenges|challenge-def:writing-[0-9]{4}-[0-9]{2}|activity:.*)|"
						+ "\\{" + Pattern.quote(prefix) + ":activity:[0-9]+\\}(:lease)?");
		return keys.stream().filter((key) -> !startup.matcher(key).matches()).toList();
	}

}
