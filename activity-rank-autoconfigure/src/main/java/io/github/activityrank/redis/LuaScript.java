package io.github.activityrank.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.activityrank.redis.shard.ShardCommands.Script;
import io.github.activityrank.redis.shard.ShardCommands.ScriptCall;
import io.github.activityrank.support.Causes;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;

/**
 * A Lua script read once from the classpath, or composed once from modules of it, and run
 * by its SHA1. When the server does not know the script (a restart emptied its script
 * cache), it is sent once in full, which caches it again. The board reads run it as a
 * {@link Script} of their {@link io.github.activityrank.redis.shard.ShardCommands}.
 */
final class LuaScript implements Script {

	/** A line that puts a fragment in its place: its indent, the fragment's file name. */
	private static final Pattern INLINE = Pattern.compile("(?m)^([ \\t]*)-- inline ([\\w-]+\\.lua)[ \\t]*$");

	/** A fragment's heading: the comment lines it starts with. */
	private static final Pattern HEADING = Pattern.compile("\\A(?:--[^\n]*\n)*");

	private final byte[] body;

	private final byte[] sha;

	private LuaScript(byte[] body) {
		this.body = body;
		this.sha = sha1Hex(body).getBytes(StandardCharsets.US_ASCII);
	}

	/** The script's text, sent when the server does not know its SHA. */
	@Override
	public byte[] body() {
		return this.body;
	}

	/** The SHA1 of the script, in hex. */
	@Override
	public String sha() {
		return new String(this.sha, StandardCharsets.US_ASCII);
	}

	/** Whether a failure is the server not knowing the script. */
	@Override
	public boolean noScript(Throwable ex) {
		return isNoScript(ex);
	}

	static LuaScript load(String name) {
		return new LuaScript(read(name));
	}

	private static byte[] read(String name) {
		try (InputStream in = LuaScript.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("Lua script " + name + " is missing from the classpath");
			}
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read Lua script " + name, ex);
		}
	}

	/**
	 * One script made of modules, in order: their texts joined, so the modules share one
	 * chunk and a later one calls the locals of those before it. A line
	 * {@code -- inline name.lua} in a module is replaced by that fragment's code (its
	 * heading comment left out) at the line's indent: steps two loops share without a
	 * function call per command.
	 * @param modules resource names relative to this package
	 * @return the script, one SHA
	 */
	static LuaScript compose(String... modules) {
		StringBuilder text = new StringBuilder();
		for (String module : modules) {
			Matcher inline = INLINE.matcher(new String(read(module), StandardCharsets.UTF_8));
			while (inline.find()) {
				String indent = inline.group(1);
				String code = fragmentCode("lua/" + inline.group(2)).replaceAll("(?m)^(?=.)", indent);
				inline.appendReplacement(text, Matcher.quoteReplacement(code));
			}
			inline.appendTail(text).append('\n');
		}
		return new LuaScript(text.toString().getBytes(StandardCharsets.UTF_8));
	}

	/** A fragment's code: its text after the comment lines it starts with. */
	private static String fragmentCode(String name) {
		String text = new String(read(name), StandardCharsets.UTF_8);
		Matcher heading = HEADING.matcher(text);
		return heading.lookingAt() ? text.substring(heading.end()).stripTrailing() : text.stripTrailing();
	}

	/** Run on a connection of its own; an empty list for a nil reply. */
	@Override
	public List<Object> run(RedisConnectionFactory connectionFactory, ScriptCall call) {
		try (RedisConnection connection = connectionFactory.getConnection()) {
			List<Object> reply = run(connection, call.keyCount(), call.keysAndArgs());
			return (reply != null) ? reply : List.of();
		}
	}

	<T> T run(RedisConnection connection, int keyCount, byte[][] keysAndArgs) {
		try {
			return connection.scriptingCommands().evalSha(this.sha, ReturnType.MULTI, keyCount, keysAndArgs);
		}
		catch (RuntimeException ex) {
			if (!isNoScript(ex)) {
				throw ex;
			}
			return connection.scriptingCommands().eval(this.body, ReturnType.MULTI, keyCount, keysAndArgs);
		}
	}

	private static boolean isNoScript(Throwable ex) {
		return Causes.anyMatch(ex, (t) -> t.getMessage() != null && t.getMessage().contains("NOSCRIPT"));
	}

	private static String sha1Hex(byte[] body) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(body));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
