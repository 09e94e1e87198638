package io.github.activityrank.sample.forum;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.RankUserLookup;

import org.springframework.stereotype.Component;

/**
 * Gives leaderboard entries the forum's name and avatar: one {@code WHERE id IN (...)}
 * query per board query. Ids that are not numbers or not in the users table stay on the
 * board without them.
 */
@Component
class ForumUserLookup implements RankUserLookup {

	private final UserRepository users;

	ForumUserLookup(UserRepository users) {
		this.users = users;
	}

	@Override
	public Map<String, User> lookup(Collection<String> userIds) {
		List<Long> ids = userIds.stream().filter(ForumUserLookup::isId).map(Long::valueOf).distinct().toList();
		Map<String, User> found = new LinkedHashMap<>();
		if (!ids.isEmpty()) {
			this.users.findByIdIn(ids).forEach((user) -> found.put(String.valueOf(user.id()), user));
		}
		return found;
	}

	/** Whether an id on a board can be a forum id: up to 18 digits. */
	static boolean isId(String id) {
		if (id.isEmpty() || id.length() > 18) {
			return false;
		}
		for (int i = 0; i < id.length(); i++) {
			if (!Character.isDigit(id.charAt(i))) {
				return false;
			}
		}
		return true;
	}

}
