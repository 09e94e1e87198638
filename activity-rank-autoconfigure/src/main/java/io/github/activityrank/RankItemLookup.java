package io.github.activityrank;

import java.util.Collection;
import java.util.Map;

/**
 * Display data for the entries of item boards, such as article titles: the item
 * counterpart of {@link RankUserLookup}. One bean serves every item type; the board's
 * {@link RankEntry#details()} is the value it maps an item id to.
 */
@FunctionalInterface
public interface RankItemLookup {

	/**
	 * Look up the items of one page.
	 * @param type the item type
	 * @param itemIds the ids of the page's items
	 * @return details by item id; ids it leaves out get {@code null} details
	 */
	Map<String, ?> lookup(String type, Collection<String> itemIds);

}
