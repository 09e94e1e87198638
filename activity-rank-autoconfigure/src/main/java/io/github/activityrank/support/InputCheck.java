package io.github.activityrank.support;

import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;

/**
 * Checks user ids, fields, challenge ids and ranges before anything reaches Redis or the
 * ledger. Ids and fields may hold any printable character (key naming encodes them);
 * blank, oversized and control-character values are refused, and so are unpaired UTF-16
 * surrogates, which UTF-8 turns into '?' so that two ids would share keys, and user ids
 * with leading or trailing whitespace, which a padding SQL collation treats as the same
 * id. Not part of the API.
 */
public final class InputCheck {

	private static final Pattern CHALLENGE_ID = Pattern
		.compile("[A-Za-z0-9._-]{1," + ActivityLimits.MAX_CHALLENGE_ID_LENGTH + "}");

	private InputCheck() {
	}

	/**
	 * Why a user id is refused.
	 * @param userId the id
	 * @return the reason, or {@code null} when it is fine
	 */
	public static String userIdProblem(String userId) {
		String problem = problem("user id", userId, ActivityLimits.MAX_USER_ID_LENGTH);
		if (problem == null && (isSpace(userId.charAt(0)) || isSpace(userId.charAt(userId.length() - 1)))) {
			return "user id starts or ends with whitespace";
		}
		return problem;
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
			return "challenge id '" + LogText.of(id) + "' is not 1 to " + ActivityLimits.MAX_CHALLENGE_ID_LENGTH
					+ " letters, digits, '.', '_' or '-'";
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
			char c = value.charAt(i);
			if (Character.isISOControl(c)) {
				return what + " contains a control character at index " + i;
			}
			if (Character.isHighSurrogate(c) && i + 1 < value.length()
					&& Character.isLowSurrogate(value.charAt(i + 1))) {
				i++;
			}
			else if (Character.isSurrogate(c)) {
				return what + " contains an unpaired UTF-16 surrogate at index " + i;
			}
		}
		return null;
	}

	private static boolean isSpace(char c) {
		return Character.isWhitespace(c) || Character.isSpaceChar(c);
	}

}
