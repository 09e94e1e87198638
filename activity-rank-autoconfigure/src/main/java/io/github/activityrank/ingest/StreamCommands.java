package io.github.activityrank.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.Consumer;
import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.api.async.RedisStreamAsyncCommands;
import io.lettuce.core.api.sync.RedisScriptingCommands;
import io.lettuce.core.api.sync.RedisStreamCommands;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.models.stream.ClaimedMessages;

/**
 * The stream commands of one consumer thread, on a Lettuce connection of its own (a
 * blocking read must not hold up the application's shared connection). Spring Data Redis
 * has no {@code XAUTOCLAIM}, so this speaks Lettuce directly, to a single server or a
 * cluster alike; every command names one key, so a cluster routes it to the key's node.
 */
final class StreamCommands implements AutoCloseable {

	private static final Script LEASE = Script.load("lease.lua");

	private static final Script MEMBERS = Script.load("members.lua");

	private static final Script READ = Script.load("read.lua");

	private static final Script ACK = Script.load("ack.lua");

	private final StatefulConnection<String, String> connection;

	private final RedisStreamCommands<String, String> streams;

	private final RedisScriptingCommands<String, String> scripts;

	private final RedisStreamAsyncCommands<String, String> asyncStreams;

	private final RedisScriptingAsyncCommands<String, String> asyncScripts;

	private StreamCommands(StatefulConnection<String, String> connection, Object sync, Object async) {
		this.connection = connection;
		@SuppressWarnings("unchecked")
		RedisStreamAsyncCommands<String, String> asyncStreams = (RedisStreamAsyncCommands<String, String>) async;
		this.asyncStreams = asyncStreams;
		@SuppressWarnings("unchecked")
		RedisScriptingAsyncCommands<String, String> asyncScripts = (RedisScriptingAsyncCommands<String, String>) async;
		this.asyncScripts = asyncScripts;
		@SuppressWarnings("unchecked")
		RedisStreamCommands<String, String> streams = (RedisStreamCommands<String, String>) sync;
		@SuppressWarnings("unchecked")
		RedisScriptingCommands<String, String> scripts = (RedisScriptingCommands<String, String>) sync;
		this.streams = streams;
		this.scripts = scripts;
	}

	/** A new connection of the application's client. */
	static StreamCommands connect(AbstractRedisClient client) {
		if (client instanceof RedisClusterClient cluster) {
			StatefulRedisClusterConnection<String, String> connection = cluster.connect(StreamCodec.UTF8);
			return new StreamCommands(connection, connection.sync(), connection.async());
		}
		if (client instanceof RedisClient single) {
			StatefulRedisConnection<String, String> connection = single.connect(StreamCodec.UTF8);
			return new StreamCommands(connection, connection.sync(), connection.async());
		}
		throw new IllegalStateException("Unsupported Lettuce client " + client.getClass().getName());
	}

	/** XGROUP CREATE stream group 0 MKSTREAM; a group that exists is left as it is. */
	void createGroup(String stream, String group) {
		try {
			this.streams.xgroupCreate(XReadArgs.StreamOffset.from(stream, "0-0"), group,
					XGroupCreateArgs.Builder.mkstream());
		}
		catch (RedisBusyException ex) {
			// BUSYGROUP: another instance, or an earlier start, created it
		}
	}

	/**
	 * XREADGROUP GROUP group consumer COUNT count STREAMS stream &gt;, only while the
	 * consumer holds the partition's lease ({@code read.lua}), without blocking.
	 * @param stream the partition
	 * @param lease its lease key
	 * @param group the group
	 * @param consumer the consumer, which must hold the lease
	 * @param count the most messages
	 * @return what was read
	 */
	Read read(String stream, String lease, String group, String consumer, int count) {
		return Read.of(stream, READ.run(this.scripts, ScriptOutputType.MULTI, new String[] { stream, lease }, group,
				consumer, Integer.toString(count)));
	}

	/**
	 * {@link #read} sent without waiting: the read ahead of the batch being applied.
	 * @return completes with what was read
	 */
	CompletableFuture<Read> readAhead(String stream, String lease, String group, String consumer, int count) {
		return READ
			.<List<Object>>runAsync(this.asyncScripts, ScriptOutputType.MULTI, new String[] { stream, lease }, group,
					consumer, Integer.toString(count))
			.thenApply((reply) -> Read.of(stream, reply));
	}

	/**
	 * XREAD COUNT 1 BLOCK block STREAMS stream after: wait until the partition has a
	 * message newer than {@code after}, or the block ends. Reads no group's messages.
	 */
	void awaitNewer(String stream, String after, Duration block) {
		this.streams.xread(XReadArgs.Builder.count(1).block(block), XReadArgs.StreamOffset.from(stream, after));
	}

	/**
	 * Wait for a command sent without waiting, as long as the connection's timeout.
	 * @param reply the reply
	 * @return its value
	 */
	<T> T await(CompletableFuture<T> reply) {
		try {
			return reply.get(this.connection.getTimeout().toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RedisCommandInterruptedException(ex);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RuntimeException runtime) ? runtime : new RedisException(ex.getCause());
		}
		catch (TimeoutException ex) {
			reply.cancel(false);
			throw new RedisCommandTimeoutException(ex);
		}
	}

	/**
	 * XAUTOCLAIM stream group consumer 0 start COUNT count: the pending messages of
	 * earlier owners of a partition whose lease this consumer now holds.
	 */
	ClaimedMessages<String, String> claim(String stream, String group, String consumer, String start, int count) {
		return this.streams.xautoclaim(stream,
				XAutoClaimArgs.Builder.xautoclaim(Consumer.from(group, consumer), 0L, start).count(count));
	}

	/**
	 * XACK stream group ids, then XTRIM stream MINID ~ trimBefore, or before the oldest
	 * entry pending in the group if that is older ({@code ack.lua}), sent without
	 * waiting: the connection runs it before the next read, which it so costs no round
	 * trip. Approximate, the trim only frees whole nodes of the stream and costs next to
	 * nothing.
	 * @return completes with the number acknowledged, exceptionally when the call failed
	 */
	CompletableFuture<Long> ackAndTrim(String stream, String group, String[] ids, String trimBefore) {
		String[] args = new String[ids.length + 2];
		args[0] = group;
		args[1] = trimBefore;
		System.arraycopy(ids, 0, args, 2, ids.length);
		return ACK.runAsync(this.asyncScripts, ScriptOutputType.INTEGER, new String[] { stream }, args);
	}

	/** XADD key MAXLEN ~ size * fields: trimmed, so that a flood cannot fill memory. */
	void deadLetter(String key, long size, Map<String, String> fields) {
		this.streams.xadd(key, XAddArgs.Builder.maxlen(size).approximateTrimming(), fields);
	}

	/** Take or renew a lease ({@code ttl} > 0) or release it ({@code ttl} 0). */
	boolean lease(String key, String owner, long ttlMillis) {
		Long held = LEASE.run(this.scripts, ScriptOutputType.INTEGER, new String[] { key }, owner,
				Long.toString(ttlMillis));
		return held != null && held == 1L;
	}

	/** Beat ({@code ttl} > 0) or leave ({@code ttl} 0); the number of live consumers. */
	long members(String key, String consumer, long ttlMillis) {
		Long live = MEMBERS.run(this.scripts, ScriptOutputType.INTEGER, new String[] { key }, consumer,
				Long.toString(ttlMillis));
		return (live != null) ? live : 0;
	}

	@Override
	public void close() {
		this.connection.close();
	}

	/**
	 * What a fenced read answered.
	 *
	 * @param held whether the consumer held the lease; nothing was read otherwise
	 * @param messages the messages read, oldest first
	 * @param newest when none was read, the partition's newest id ({@code 0-0} when
	 * empty), to wait for newer ones from
	 */
	record Read(boolean held, List<StreamMessage<String, String>> messages, String newest) {

		@SuppressWarnings("unchecked")
		static Read of(String stream, List<Object> reply) {
			if (reply == null || reply.isEmpty() || !Long.valueOf(1).equals(reply.get(0))) {
				return new Read(false, List.of(), null);
			}
			List<StreamMessage<String, String>> messages = new ArrayList<>((reply.size() - 2) / 2);
			for (int e = 2; e + 1 < reply.size(); e += 2) {
				Map<String, String> body = new LinkedHashMap<>();
				List<Object> fields = (List<Object>) reply.get(e + 1);
				for (int f = 0; f + 1 < fields.size(); f += 2) {
					body.put((String) fields.get(f), (String) fields.get(f + 1));
				}
				messages.add(new StreamMessage<>(stream, (String) reply.get(e), body));
			}
			String newest = (String) reply.get(1);
			return new Read(true, messages, newest.isEmpty() ? null : newest);
		}

	}

	/** A Lua script read once from the classpath and run by its SHA1. */
	private record Script(String body, String sha) {

		static Script load(String name) {
			try (InputStream in = StreamCommands.class.getResourceAsStream(name)) {
				if (in == null) {
					throw new IllegalStateException("Lua script " + name + " is missing from the classpath");
				}
				String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
				return new Script(body, sha1(body));
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not read Lua script " + name, ex);
			}
		}

		<T> T run(RedisScriptingCommands<String, String> scripts, ScriptOutputType type, String[] keys,
				String... args) {
			try {
				return scripts.evalsha(this.sha, type, keys, args);
			}
			catch (RedisNoScriptException ex) {
				return scripts.eval(this.body, type, keys, args);
			}
		}

		<T> CompletableFuture<T> runAsync(RedisScriptingAsyncCommands<String, String> scripts, ScriptOutputType type,
				String[] keys, String... args) {
			CompletableFuture<T> bySha = scripts.<T>evalsha(this.sha, type, keys, args).toCompletableFuture();
			return bySha.exceptionallyCompose((ex) -> {
				Throwable cause = (ex instanceof CompletionException) ? ex.getCause() : ex;
				return (cause instanceof RedisNoScriptException)
						? scripts.<T>eval(this.body, type, keys, args).toCompletableFuture()
						: CompletableFuture.failedFuture(cause);
			});
		}

		private static String sha1(String body) {
			try {
				return HexFormat.of()
					.formatHex(MessageDigest.getInstance("SHA-1").digest(body.getBytes(StandardCharsets.UTF_8)));
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
