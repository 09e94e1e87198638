package io.github.activityrank.sample.forum;

/**
 * A request that is well-formed but makes no sense (for example following oneself).
 */
public class InvalidRequestException extends RuntimeException {

	public InvalidRequestException(String message) {
		super(message);
	}

}
