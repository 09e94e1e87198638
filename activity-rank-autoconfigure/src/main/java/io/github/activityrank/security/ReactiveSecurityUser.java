package io.github.activityrank.security;

import reactor.core.publisher.Mono;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;

/**
 * The acting user of a reactive application (WebFlux): the name of the authenticated,
 * non-anonymous {@link Authentication} in the subscriber's Reactor context, where Spring
 * Security's {@code WebFilterChainProxy} puts it. Read when the publisher that needs it
 * is subscribed, without blocking.
 */
public final class ReactiveSecurityUser {

	private ReactiveSecurityUser() {
	}

	/**
	 * The current user's id from the reactive security context.
	 * @return the user id, or empty when nobody is signed in
	 */
	public static Mono<String> currentUserId() {
		return ReactiveSecurityContextHolder.getContext()
			.map(SecurityContext::getAuthentication)
			.mapNotNull(SecurityActivityUserResolver::name);
	}

}
