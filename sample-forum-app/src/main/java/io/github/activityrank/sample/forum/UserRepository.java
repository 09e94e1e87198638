package io.github.activityrank.sample.forum;

import java.util.Collection;
import java.util.List;

import org.springframework.data.repository.ListCrudRepository;

/**
 * The forum's users.
 */
public interface UserRepository extends ListCrudRepository<User, Long> {

	/**
	 * The users with the given ids, in one query.
	 * @param ids the ids
	 * @return the users found, in no particular order
	 */
	List<User> findByIdIn(Collection<Long> ids);

	/**
	 * All users by id.
	 * @return the users
	 */
	List<User> findAllByOrderByIdAsc();

}
