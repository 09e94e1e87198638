package io.github.activityrank.sample.forum;

/**
 * The acting user may not do this (for example delete someone else's comment).
 */
public class ForbiddenException extends RuntimeException {

	public ForbiddenException(String message) {
		super(message);
	}

}
