package io.github.activityrank.sample.forum;

import java.util.List;

/**
 * The forum's categories, the ids of the {@code category} scope kind (application.yml):
 * each article gets one from its id, so every award on an article also counts on its
 * category's boards (docs/scopes.md).
 */
public final class Categories {

	/** Every category, in the order the page lists them. */
	public static final List<String> ALL = List.of("java", "spring", "redis");

	private Categories() {
	}

	/**
	 * The category of an article.
	 * @param articleId the article
	 * @return its category
	 */
	public static String of(long articleId) {
		return ALL.get((int) Math.floorMod(articleId, (long) ALL.size()));
	}

}
