package io.github.activityrank.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.lettuce.core.codec.StringCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stream connections' codec reads what Lettuce's UTF-8 codec reads, from the buffers
 * Lettuce hands it.
 */
class StreamCodecTests {

	private static final String TEXT = "user-42 ünïcödé ✓ 𝄞";

	@Test
	void aDirectBufferDecodesAsLettuceDecodesItAndKeepsItsPosition() {
		byte[] bytes = ("xx" + TEXT).getBytes(StandardCharsets.UTF_8);
		ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().position(2);
		assertThat(StreamCodec.UTF8.decodeKey(direct)).isEqualTo(TEXT)
			.isEqualTo(StringCodec.UTF8.decodeKey(direct.duplicate()));
		assertThat(StreamCodec.UTF8.decodeValue(direct)).isEqualTo(TEXT);
		assertThat(direct.position()).isEqualTo(2);
	}

	@Test
	void aHeapBufferSliceDecodesOnlyItsOwnBytes() {
		byte[] bytes = ("ab" + TEXT + "cd").getBytes(StandardCharsets.UTF_8);
		ByteBuffer slice = ByteBuffer.wrap(bytes, 2, bytes.length - 4).slice();
		assertThat(StreamCodec.UTF8.decodeValue(slice)).isEqualTo(TEXT);
	}

	@Test
	void anEmptyValueIsTheEmptyString() {
		assertThat(StreamCodec.UTF8.decodeValue(ByteBuffer.allocateDirect(0))).isEmpty();
	}

	@Test
	void encodingIsLettuceUtf8() {
		assertThat(StreamCodec.UTF8.encodeValue(TEXT)).isEqualTo(StringCodec.UTF8.encodeValue(TEXT));
	}

}
