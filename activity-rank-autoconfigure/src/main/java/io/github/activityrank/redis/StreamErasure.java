package io.github.activityrank.redis;

import java.util.List;

import io.github.activityrank.engine.UserErasure;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Deletes one user's entries from a stream that keeps copies of messages or awards, such
 * as the ingestion's dead letters, when the user is removed. An entry is the user's when
 * the given field holds the user id. The stream is read a page at a time by
 * {@code stream-erase.lua} ({@code XRANGE}, then {@code XDEL} of the user's entries), one
 * call per page, so a long stream never blocks the server for long and only the count
 * crosses the network.
 * <p>
 * Use one per stream, for example {@code new StreamErasure(connectionFactory,
 * "{activity_rank}:activity:dead", "user")}, and register it as a {@link UserErasure}
 * bean: {@code removeUser} runs every such bean.
 *
 * @param connectionFactory connections to the Redis that holds the stream
 * @param stream the stream's key
 * @param userField the name of the field that holds the user id
 */
public record StreamErasure(RedisConnectionFactory connectionFactory, String stream,
		String userField) implements UserErasure {

	/** Entries per script call. */
	static final int PAGE = 500;

	private static final LuaScript SCRIPT = LuaScript.load("stream-erase.lua");

	/**
	 * Delete the user's entries.
	 * @param userId the user id, as the entries hold it
	 * @return 1 when the stream lost entries, else 0
	 */
	@Override
	public long erase(String userId) {
		return (deleteEntries(userId) > 0) ? 1 : 0;
	}

	/**
	 * Delete the user's entries.
	 * @param userId the user id, as the entries hold it
	 * @return how many entries were deleted
	 */
	public long deleteEntries(String userId) {
		long deleted = 0;
		String start = "-";
		while (start != null) {
			ScriptArgs call = new ScriptArgs();
			call.key(this.stream);
			call.arg(this.userField).arg(userId).arg(start).arg(PAGE);
			List<Object> reply = SCRIPT.run(this.connectionFactory, call);
			if (reply.isEmpty()) {
				break;
			}
			deleted += RedisReplies.asLong(reply.get(0));
			String last = RedisReplies.asString(reply.get(1));
			start = last.isEmpty() ? null : "(" + last;
		}
		return deleted;
	}

}
