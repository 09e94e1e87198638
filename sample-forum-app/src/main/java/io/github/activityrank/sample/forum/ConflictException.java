package io.github.activityrank.sample.forum;

/**
 * The request cannot be done in the current state (for example joining more challenges
 * than a user may have at once).
 */
public class ConflictException extends RuntimeException {

	public ConflictException(String message) {
		super(message);
	}

}
