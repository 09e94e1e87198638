package io.github.activityrank.security;

import io.github.activityrank.ActivityUserResolver;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Resolves the current user from Spring Security: the name of the current, authenticated,
 * non-anonymous {@link Authentication}, or {@code null}. In a reactive application the
 * thread holds no security context: a method returning a {@code Mono} or {@code Flux}
 * takes its user from the subscriber's context ({@link ReactiveSecurityUser}) instead.
 */
public class SecurityActivityUserResolver implements ActivityUserResolver {

	@Override
	public String currentUserId() {
		return name(SecurityContextHolder.getContext().getAuthentication());
	}

	/**
	 * The id of an authenticated, non-anonymous user, or {@code null}.
	 */
	static String name(Authentication authentication) {
		if (authentication == null || !authentication.isAuthenticated()
				|| authentication instanceof AnonymousAuthenticationToken) {
			return null;
		}
		String name = authentication.getName();
		return (name == null || name.isBlank()) ? null : name;
	}

}
