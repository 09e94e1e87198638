package io.github.activityrank.sample.forum;

/**
 * A request named an article, comment or user that does not exist.
 */
public class NotFoundException extends RuntimeException {

	public NotFoundException(String message) {
		super(message);
	}

}
