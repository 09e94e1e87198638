package io.github.activityrank;

/**
 * Resolves the acting user when an {@link ActivityScore} has no {@code user} expression,
 * and for page views. Auto-configured from Spring Security's current authentication when
 * Spring Security is present; define your own bean to take over.
 */
@FunctionalInterface
public interface ActivityUserResolver {

	/**
	 * The id of the user acting on the current thread.
	 * @return the user id, or {@code null} when nobody is signed in (nothing is awarded
	 * then)
	 */
	String currentUserId();

}
