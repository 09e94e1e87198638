package io.github.activityrank.sample.web;

/**
 * The user a request acts as: the logged-in user, or, under the {@code demo} profile
 * only, the {@code X-User-Id} header; checked against the users table. Declare a
 * parameter of this type on a handler method to require one; annotate it with
 * {@code @Nullable} to accept anonymous requests too.
 *
 * @param id the user's id
 */
public record Actor(long id) {

	/** The request header naming the acting user under the {@code demo} profile. */
	public static final String HEADER = "X-User-Id";

}
