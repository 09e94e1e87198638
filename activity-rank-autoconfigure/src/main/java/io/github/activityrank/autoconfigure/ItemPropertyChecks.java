package io.github.activityrank.autoconfigure;

import java.util.Map;

import io.github.activityrank.engine.ItemType;

import static io.github.activityrank.autoconfigure.ActivityRankPropertyChecks.require;

/**
 * The checks of {@code activity-rank.items}: each bad value stops the start naming the
 * property and the fix.
 */
final class ItemPropertyChecks {

	private ItemPropertyChecks() {
	}

	static void check(ActivityRankProperties properties) {
		if (properties.getItems().isEmpty()) {
			return;
		}
		for (Map.Entry<String, ItemProperties> entry : properties.getItems().entrySet()) {
			String type = entry.getKey();
			ItemProperties item = entry.getValue();
			String name = "activity-rank.items." + type;
			require(ItemType.isValidName(type), name, type,
					"An item type names keys, so it must be 1 to 32 of a-z, 0-9 or '-'. Rename it, for example "
							+ "article.");
			require(!item.getPoints().isEmpty(), name + ".points", item.getPoints(),
					"The type gets no points from any rule. List rules with the points they give an item, for "
							+ "example " + name + ".points.praise=5.");
			item.getPoints().forEach((rule, points) -> {
				require(properties.getRules().containsKey(rule), name + ".points." + rule, points,
						"There is no rule '" + rule + "'. Name a rule of activity-rank.rules, or add it there.");
				require(points != null && points > 0 && points <= ItemType.MAX_POINTS, name + ".points." + rule, points,
						"Set the points an award gives the item between 1 and " + ItemType.MAX_POINTS + ".");
			});
			require(item.getKeep() >= 1, name + ".keep", item.getKeep(),
					"Set the members kept per item board to 1 or more (default " + ItemProperties.DEFAULT_KEEP + ").");
			if (item.getHot().getHalfLife() != null) {
				ActivityRankPropertyChecks.positive(name + ".hot.half-life", item.getHot().getHalfLife(), "12h");
			}
		}
	}

}
