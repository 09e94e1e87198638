package io.github.activityrank.redis;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.redis.shard.ShardCommands.ScriptCall;

/**
 * Collects the KEYS and ARGV of one script call. Boards are shared by many commands of a
 * batch, so they are added once and referred to by their 1-based index.
 */
final class ScriptArgs implements ScriptCall {

	private final List<byte[]> keys = new ArrayList<>();

	private final Map<String, Integer> sharedKeys = new HashMap<>();

	private final List<byte[]> args = new ArrayList<>();

	/** Add a key once per call and return its Lua index. */
	int sharedKey(String key) {
		return this.sharedKeys.computeIfAbsent(key, this::key);
	}

	/** Add a key and return its Lua index. */
	int key(String key) {
		this.keys.add(bytes(key));
		return this.keys.size();
	}

	ScriptArgs arg(String value) {
		this.args.add(bytes(value));
		return this;
	}

	ScriptArgs arg(long value) {
		return arg(Long.toString(value));
	}

	/** Add an argument made already ({@link #packed}, {@link #bytes}). */
	ScriptArgs arg(byte[] value) {
		this.args.add(value);
		return this;
	}

	/**
	 * Add numbers as one argument of little-endian doubles, which a script reads with
	 * {@code struct.unpack('<dd...', ARGV[i])}: exact for integers below 2^53.
	 */
	ScriptArgs numbers(long... values) {
		this.args.add(packed(values));
		return this;
	}

	/**
	 * Add an argument whose value {@link #numbersAt} gives later, and return its slot.
	 */
	int reserve() {
		this.args.add(new byte[0]);
		return this.args.size() - 1;
	}

	/** Give a reserved argument its numbers, packed as {@link #numbers} packs them. */
	void numbersAt(int slot, long[] values) {
		this.args.set(slot, packed(values));
	}

	/** Numbers as {@link #numbers} packs them, for an argument added later. */
	static byte[] packed(long... values) {
		ByteBuffer packed = ByteBuffer.allocate(values.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
		for (long value : values) {
			packed.putDouble(value);
		}
		return packed.array();
	}

	int argCount() {
		return this.args.size();
	}

	@Override
	public int keyCount() {
		return this.keys.size();
	}

	@Override
	public byte[][] keysAndArgs() {
		byte[][] all = new byte[this.keys.size() + this.args.size()][];
		int i = 0;
		for (byte[] key : this.keys) {
			all[i++] = key;
		}
		for (byte[] arg : this.args) {
			all[i++] = arg;
		}
		return all;
	}

	static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
