package io.github.activityrank.sample.forum;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A forum member; ids are assigned, not generated (the demo users are 1 to 12).
 *
 * @param id the id, also the user id on the leaderboards
 * @param name the display name
 * @param avatar the avatar URL, served by the app itself
 */
@Table("FORUM_USER")
public record User(@Id Long id, String name, String avatar) {

	/**
	 * A user whose avatar is the app's generated one.
	 * @param id the id
	 * @param name the display name
	 * @return the user
	 */
	public static User of(long id, String name) {
		return new User(id, name, "/avatars/" + id + ".svg");
	}

}
