package io.github.activityrank.sample.web;

import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.sample.forum.UserRepository;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves {@link Actor} parameters from the logged-in user, as the starter's
 * {@link ActivityUserResolver} (Spring Security's principal) names them; nobody logged in
 * is 401 (unless the parameter is nullable). Under the {@code demo} profile only, the
 * {@code X-User-Id} header names the acting user instead, unchecked: a header that is not
 * a positive number, or more than one header, is 400, an id nobody has is 401.
 */
class ActorArgumentResolver implements HandlerMethodArgumentResolver {

	private final UserRepository users;

	private final ActivityUserResolver principal;

	private final boolean demo;

	ActorArgumentResolver(UserRepository users, ActivityUserResolver principal, boolean demo) {
		this.users = users;
		this.principal = principal;
		this.demo = demo;
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return parameter.getParameterType() == Actor.class;
	}

	@Override
	public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
			NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
		if (!this.demo || webRequest.getHeader(Actor.HEADER) == null) {
			return loggedIn(parameter);
		}
		String[] headers = webRequest.getHeaderValues(Actor.HEADER);
		if (headers != null && headers.length > 1) {
			// two users claimed at once: acting as either one would be a guess
			throw new MalformedActorException("Send one " + Actor.HEADER + " header, not " + headers.length);
		}
		String header = webRequest.getHeader(Actor.HEADER);
		if (header == null || header.isBlank()) {
			if (parameter.isOptional()) {
				return null;
			}
			throw new UnauthorizedException("Send the acting user's id in the " + Actor.HEADER + " header");
		}
		long id;
		try {
			id = Long.parseLong(header.trim());
		}
		catch (NumberFormatException ex) {
			throw new MalformedActorException(
					Actor.HEADER + " must be a user id (a positive number), not '" + abbreviate(header) + "'");
		}
		if (id <= 0) {
			throw new MalformedActorException(Actor.HEADER + " must be a positive number, not " + id);
		}
		if (!this.users.existsById(id)) {
			throw new UnauthorizedException("No user " + id + " (" + Actor.HEADER + ")");
		}
		return new Actor(id);
	}

	private Actor loggedIn(MethodParameter parameter) {
		String id = (this.principal != null) ? this.principal.currentUserId() : null;
		if (id == null) {
			if (parameter.isOptional()) {
				return null;
			}
			throw new UnauthorizedException("Log in first: HTTP Basic or the form at /login.html, with your user id "
					+ "as the user name" + (this.demo ? ", or, under the demo profile, send " + Actor.HEADER : ""));
		}
		// the user name is the forum user's id (SecurityConfig)
		long userId = Long.parseLong(id);
		if (!this.users.existsById(userId)) {
			throw new UnauthorizedException("No user " + userId);
		}
		return new Actor(userId);
	}

	private static String abbreviate(String text) {
		return (text.length() <= 40) ? text : text.substring(0, 40) + "...";
	}

	/** 401: nobody, or nobody we know, is acting. */
	static class UnauthorizedException extends RuntimeException {

		UnauthorizedException(String message) {
			super(message);
		}

	}

	/** 400: the header is not an id at all. */
	static class MalformedActorException extends RuntimeException {

		MalformedActorException(String message) {
			super(message);
		}

	}

}
