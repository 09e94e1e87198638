package io.github.activityrank.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.lettuce.core.codec.StringCodec;

/**
 * UTF-8 strings, as {@link StringCodec#UTF8}, decoded by copying the bytes once.
 * Lettuce's codec wraps every field of every message read in a Netty buffer and a slice
 * of the reply before decoding it: garbage the consumers made per field, on the event
 * loop the engine's replies share.
 */
final class StreamCodec extends StringCodec {

	static final StreamCodec UTF8 = new StreamCodec();

	private StreamCodec() {
		super(StandardCharsets.UTF_8);
	}

	@Override
	public String decodeKey(ByteBuffer bytes) {
		return decode(bytes);
	}

	@Override
	public String decodeValue(ByteBuffer bytes) {
		return decode(bytes);
	}

	/** The buffer's remaining bytes as a string; the buffer's position stays. */
	static String decode(ByteBuffer bytes) {
		int length = bytes.remaining();
		if (length == 0) {
			return "";
		}
		if (bytes.hasArray()) {
			return new String(bytes.array(), bytes.arrayOffset() + bytes.position(), length, StandardCharsets.UTF_8);
		}
		byte[] copy = new byte[length];
		bytes.get(bytes.position(), copy);
		return new String(copy, StandardCharsets.UTF_8);
	}

}
