package io.github.activityrank.sample.forum;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.RankItemLookup;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Gives the entries of the article boards ("hot now", "most praised this week") the
 * article's title: one {@code WHERE id IN (...)} query per board query, titles only. Ids
 * that are not numbers, articles that no longer exist and other item types stay on the
 * board without one.
 */
@Component
class ArticleTitles implements RankItemLookup {

	/** The item type of articles ({@code activity-rank.items.article}). */
	static final String TYPE = "article";

	private final JdbcClient jdbc;

	ArticleTitles(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public Map<String, String> lookup(String type, Collection<String> itemIds) {
		List<Long> ids = itemIds.stream().filter(ForumUserLookup::isId).map(Long::valueOf).distinct().toList();
		Map<String, String> titles = new LinkedHashMap<>();
		if (!TYPE.equals(type) || ids.isEmpty()) {
			return titles;
		}
		this.jdbc.sql("SELECT id, title FROM article WHERE id IN (:ids)")
			.param("ids", ids)
			.query((rs, n) -> Map.entry(String.valueOf(rs.getLong("id")), rs.getString("title")))
			.list()
			.forEach((row) -> titles.put(row.getKey(), row.getValue()));
		return titles;
	}

}
