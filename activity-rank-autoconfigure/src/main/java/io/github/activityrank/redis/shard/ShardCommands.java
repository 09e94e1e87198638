package io.github.activityrank.redis.shard;

import java.util.List;
import java.util.concurrent.CompletionStage;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The commands the board reads send to one shard (one key space is one shard), each
 * asynchronous and written once per client API: on Lettuce's asynchronous API
 * ({@link LettuceShardCommands}), else as blocking calls ({@link BlockingShardCommands}).
 * A read composes the stages and is awaited once, where its caller blocks
 * ({@link ShardCommandRunner}).
 */
public interface ShardCommands {

	/** Unbounded lower end of a window of scores: read to the end of the board. */
	long TO_END = Long.MIN_VALUE;

	/**
	 * Run a script by SHA, and in full when the server does not know it.
	 * @param script the script
	 * @param call its keys and arguments
	 * @return the reply
	 */
	CompletionStage<List<Object>> script(Script script, ScriptCall call);

	/**
	 * ZREVRANGE from to WITHSCORES.
	 * @param key the board
	 * @param from the first position
	 * @param to the last position, inclusive
	 * @return {member, score} pairs, the member decoded as UTF-8
	 */
	CompletionStage<List<Object[]>> revRange(byte[] key, long from, long to);

	/**
	 * ZCOUNT x +inf and ZREVRANGEBYSCORE (x z WITHSCORES LIMIT 0 most, written together.
	 * @param key the board
	 * @param x the window's upper bound, exclusive
	 * @param z its lower bound, inclusive, or {@link #TO_END}
	 * @param most the most entries to read
	 * @return the count and the entries
	 */
	CompletionStage<ScoreSlice> scoreWindow(byte[] key, long x, long z, long most);

	/**
	 * ZCOUNT (score +inf.
	 * @param key the board
	 * @param score the bound, exclusive
	 * @return the members scoring higher
	 */
	CompletionStage<Long> countAbove(byte[] key, double score);

	/**
	 * ZCARD.
	 * @param key the board
	 * @return its size
	 */
	CompletionStage<Long> card(byte[] key);

	/**
	 * ZSCORE.
	 * @param key the board
	 * @param member the member
	 * @return its score, or {@code null}
	 */
	CompletionStage<Double> score(byte[] key, byte[] member);

	/**
	 * ZMSCORE.
	 * @param key the board
	 * @param members the members
	 * @return their scores, {@code null} for those not on the board
	 */
	CompletionStage<List<Double>> scores(byte[] key, byte[][] members);

	/**
	 * Wait for a read composed of these commands, where the caller blocks; its failure is
	 * thrown as Spring Data Redis would throw it.
	 * @param <T> the result
	 * @param stage the read
	 * @return its result
	 */
	<T> T await(CompletionStage<T> stage);

	/**
	 * A Lua script as the commands run it: by its SHA, and in full when the server does
	 * not know it. The scripts themselves are the caller's.
	 */
	interface Script {

		/**
		 * The SHA1 of the script, in hex.
		 * @return the SHA
		 */
		String sha();

		/**
		 * The script's text, sent when the server does not know its SHA.
		 * @return the text
		 */
		byte[] body();

		/**
		 * Whether a failure is the server not knowing the script.
		 * @param failure the failure of a call by SHA
		 * @return {@code true} to send the script in full
		 */
		boolean noScript(Throwable failure);

		/**
		 * Run with a blocking call on a connection of its own.
		 * @param connectionFactory connections to Redis
		 * @param call its keys and arguments
		 * @return the reply, an empty list for a nil reply
		 */
		List<Object> run(RedisConnectionFactory connectionFactory, ScriptCall call);

	}

	/** The KEYS and ARGV of one script call. */
	interface ScriptCall {

		/**
		 * How many of {@link #keysAndArgs()} are keys.
		 * @return the count of KEYS
		 */
		int keyCount();

		/**
		 * The keys, then the arguments.
		 * @return KEYS and ARGV in order
		 */
		byte[][] keysAndArgs();

	}

}
