package io.github.activityrank.engine;

import io.github.activityrank.ActivityLimits;

/**
 * Checks user ids and fields before anything reaches Redis. Ids and fields may hold any
 * printable character (key naming encodes them); blank, oversized and control-character
 * values are refused.
 */
final class InputCheck {

	private InputCheck() {
	}

	/**
	 * Why a user id is refused.
	 * @return the reason, or {@code null} when it is fine
	 */
	static String userIdProblem(String userId) {
		return problem("user id", userId, ActivityLimits.MAX_USER_ID_LENGTH);
	}

	/**
	 * Why a field is refused.
	 * @return the reason, or {@code null} when it is fine
	 */
	static String fieldProblem(String field) {
		return problem("field", field, ActivityLimits.MAX_FIELD_LENGTH);
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
