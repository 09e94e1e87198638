package io.github.activityrank.security;

import io.github.activityrank.ActivityUserResolver;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Resolves the current user from Spring Security: the name of the current, authenticated,
 * non-anonymous {@link Authentication}, or {@code null}.
 */
public class SecurityActivityUserResolver implements ActivityUserResolver {

	@Override
	public String currentUserId() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !authentication.isAuthenticated()
				|| authentication instanceof AnonymousAuthenticationToken) {
			return null;
		}
		String name = authentication.getName();
		return (name == null || name.isBlank()) ? null : name;
	}

}
