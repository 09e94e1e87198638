package io.github.activityrank.support;

import io.github.activityrank.ActivityEvent;

/**
 * Renders untrusted values (user ids, fields, rule names) for the starter's own log
 * lines: control characters are escaped, so a value cannot start a forged log line, and
 * long values are cut. Not part of the API.
 */
public final class LogText {

	private static final int MAX = 64;

	private LogText() {
	}

	/**
	 * A value as it may appear in a log line.
	 * @param value the value, may be {@code null}
	 * @return {@code null}, or the value with control characters as {@code \n},
	 * {@code \r}, {@code \t} or {@code \}{@code uXXXX}, cut after 64 characters with its
	 * length appended
	 */
	public static String of(String value) {
		if (value == null) {
			return "null";
		}
		int shown = Math.min(value.length(), MAX);
		StringBuilder out = new StringBuilder(shown + 24);
		for (int i = 0; i < shown; i++) {
			char c = value.charAt(i);
			switch (c) {
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> {
					if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		if (value.length() > MAX) {
			out.append("...(").append(value.length()).append(" chars)");
		}
		return out.toString();
	}

	/**
	 * An award request as it may appear in a log line.
	 * @param event the request, may be {@code null}
	 * @return its user, rule, points, field and revoke flag, each rendered by
	 * {@link #of(String)}
	 */
	public static String of(ActivityEvent event) {
		if (event == null) {
			return "null";
		}
		return "[user=" + of(event.userId()) + ", rule=" + of(event.rule()) + ", points=" + event.points() + ", field="
				+ of(event.field()) + ", revoke=" + event.revoke() + "]";
	}

}
