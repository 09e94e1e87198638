package io.github.activityrank.redis;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The commands the board reads send to one shard (one key space is one shard), each
 * asynchronous and written once per client API: on Lettuce's asynchronous API
 * ({@link LettuceShardCommands}), else as blocking calls ({@link BlockingShardCommands}).
 * A read composes the stages and is awaited once, where its caller blocks
 * ({@link ShardAccess}).
 */
interface ShardCommands {

	/**
	 * Run a script by SHA, and in full when the server does not know it.
	 * @param script the script
	 * @param call its keys and arguments
	 * @return the reply
	 */
	CompletionStage<List<Object>> script(LuaScript script, ScriptArgs call);

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
	 * @param z its lower bound, inclusive, or {@link ShardSamples#TO_END}
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

}
