package io.github.activityrank.support;

import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;

/**
 * Checks user ids, fields, challenge ids and ranges before anything reaches Redis. Ids
 * and fields may hold any printable character (key naming encodes them); blank, oversized
 * and control-character values are refused.
 */
public final class InputCheck {

	private static final Pattern CHALLENGE_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

	private InputCheck() {
	}

	/**
	 * Why a user id is refused.
	 * @param userId the id
	 * @return the reason, or {@code null} when it is fine
	 */
	public static String userIdProblem(String userId) {
		return problem("user id", userId, ActivityLimits.MAX_USER_ID_LENGTH);
	}

	/**
	 * Why a field is refused.
	 * @param field the field
	 * @return the reason, or {@code null} when it is fine
	 */
	public static String fieldProblem(String field) {
		return problem("field", field, ActivityLimits.MAX_FIELD_LENGTH);
	}

	/**
	 * Why a challenge id is refused.
	 * @param id the id
	 * @return the reason, or {@code null} when it is fine
	 */
	public static String challengeIdProblem(String id) {
		if (id == null) {
			return "challenge id is null";
		}
		if (!CHALLENGE_ID.matcher(id).matches()) {
			return "challenge id '" + LogText.of(id) + "' is not 1 to 64 letters, digits, '.', '_' or '-'";
		}
		return null;
	}

	/**
	 * Check a query argument's range.
	 * @param name the argument's name, for the message
	 * @param value its value
	 * @param min the least allowed
	 * @param max the most allowed
	 * @throws IllegalArgumentException when the value is out of range
	 */
	public static void checkRange(String name, long value, long min, long max) {
		if (value < min || value > max) {
			throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", was " + value);
		}
	}

	private static String problem(String what, String value, int maxLength) {
		if (value == null) {
			return what + " is null";
		}
		if (value.isBlank()) {
			return what + " is blank";
		}
		if (value.length() > maxLength) {
			return what + " is " + value.length() + " characters long; the limit is " + maxLength;
		}
		for (int i = 0; i < value.length(); i++) {
			if (Character.isISOControl(value.charAt(i))) {
				return what + " contains a control character at index " + i;
			}
		}
		return null;
	}

}
