package io.github.activityrank.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ids a rebuild read past that had no row: rolled back, deleted by retention or with
 * their user, or drawn by a transaction that had not committed yet. A row of the last
 * kind may be applied by the relay before the switch, so each pass looks for rows that
 * committed since in these ids.
 */
final class IdGaps {

	/** Ranges looked up per statement. */
	private static final int RANGES_PER_STATEMENT = 200;

	/** First id of each range, to its last. */
	private final TreeMap<Long, Long> ranges = new TreeMap<>();

	/**
	 * Add the ids from one to another, when there are any.
	 * @param first the first id
	 * @param last the last id, below {@code first} for none
	 */
	void add(long first, long last) {
		if (first <= last) {
			this.ranges.put(first, last);
		}
	}

	/**
	 * The ids that now have a row, which leave the gaps.
	 * @param ledger the ledger
	 * @return the ids, ascending
	 */
	List<Long> committed(AwardLedger ledger) {
		List<long[]> all = new ArrayList<>(this.ranges.size());
		for (Map.Entry<Long, Long> range : this.ranges.entrySet()) {
			all.add(new long[] { range.getKey(), range.getValue() });
		}
		List<Long> found = new ArrayList<>();
		for (int from = 0; from < all.size(); from += RANGES_PER_STATEMENT) {
			found.addAll(ledger.idsIn(all.subList(from, Math.min(all.size(), from + RANGES_PER_STATEMENT))));
		}
		for (long id : found) {
			Map.Entry<Long, Long> range = this.ranges.floorEntry(id);
			this.ranges.remove(range.getKey());
			add(range.getKey(), id - 1);
			add(id + 1, range.getValue());
		}
		return found;
	}

}
