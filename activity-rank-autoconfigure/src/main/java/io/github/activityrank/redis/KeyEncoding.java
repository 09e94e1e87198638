package io.github.activityrank.redis;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The percent-encoding of user ids and fields in keys and record fields, so no value can
 * add a key segment, a hash tag, a glob character or a reserved record field (see
 * {@link RankKeys}).
 */
final class KeyEncoding {

	private static final boolean[] PLAIN = new boolean[128];

	static {
		for (char c = 'a'; c <= 'z'; c++) {
			PLAIN[c] = true;
			PLAIN[Character.toUpperCase(c)] = true;
		}
		for (char c = '0'; c <= '9'; c++) {
			PLAIN[c] = true;
		}
		for (char c : "-._~/@".toCharArray()) {
			PLAIN[c] = true;
		}
	}

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private KeyEncoding() {
	}

	/**
	 * Percent-encode a user id or field: letters, digits and {@code - . _ ~ / @} stay,
	 * every other character becomes {@code %XX} per UTF-8 byte.
	 * @param value the raw value
	 * @return the value itself when it needs no encoding, else its encoding
	 */
	static String encode(String value) {
		int length = value.length();
		int i = 0;
		while (i < length && isPlain(value.charAt(i))) {
			i++;
		}
		if (i == length) {
			return value;
		}
		StringBuilder out = new StringBuilder(length + 16).append(value, 0, i);
		byte[] rest = value.substring(i).getBytes(StandardCharsets.UTF_8);
		for (byte b : rest) {
			int c = b & 0xFF;
			if (c < 128 && PLAIN[c]) {
				out.append((char) c);
			}
			else {
				out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
			}
		}
		return out.toString();
	}

	/**
	 * Reverse {@link #encode}.
	 * @param encoded an encoded value
	 * @return the raw value
	 */
	static String decode(String encoded) {
		int percent = encoded.indexOf('%');
		if (percent < 0) {
			return encoded;
		}
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
		for (int i = 0; i < encoded.length(); i++) {
			char c = encoded.charAt(i);
			if (c == '%' && i + 2 < encoded.length()) {
				bytes.write(Integer.parseInt(encoded, i + 1, i + 3, 16));
				i += 2;
			}
			else {
				bytes.write(c);
			}
		}
		return bytes.toString(StandardCharsets.UTF_8);
	}

	private static boolean isPlain(char c) {
		return c < 128 && PLAIN[c];
	}

}
