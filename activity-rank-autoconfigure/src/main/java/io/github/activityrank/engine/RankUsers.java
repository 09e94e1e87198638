package io.github.activityrank.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.RankEntry;
import io.github.activityrank.RankUserLookup;

/**
 * Adds display data from the {@link RankUserLookup} to the entries of one query, with one
 * lookup call for all of them.
 */
final class RankUsers {

	private final RankUserLookup lookup;

	/**
	 * @param lookup the lookup, or {@code null} for none
	 */
	RankUsers(RankUserLookup lookup) {
		this.lookup = lookup;
	}

	List<RankEntry> withUsers(List<RankEntry> entries) {
		if (this.lookup == null || entries.isEmpty()) {
			return entries;
		}
		Set<String> ids = new LinkedHashSet<>();
		entries.forEach((entry) -> ids.add(entry.id()));
		Map<String, ?> users = this.lookup.lookup(List.copyOf(ids));
		if (users == null || users.isEmpty()) {
			return entries;
		}
		List<RankEntry> enriched = new ArrayList<>(entries.size());
		for (RankEntry entry : entries) {
			enriched.add(new RankEntry(entry.id(), entry.rank(), entry.score(), users.get(entry.id())));
		}
		return enriched;
	}

}
