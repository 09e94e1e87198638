package io.github.activityrank.benchmarks;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.CoalescingActivityStore;
import io.github.activityrank.engine.ScoreCommand;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;

/**
 * The floor of an award: what no award can skip, in one script call per batch, batched
 * exactly as the engine batches (the engine's own {@link CoalescingActivityStore} in
 * front, with its batch size and concurrent batches). An award writes its record field
 * ({@code HSETNX}), gives a new record its TTL, and adds its points with one
 * {@code ZINCRBY} per board; a revoke reads and deletes the field and takes the points
 * back the same way. No caps, tallies, challenges, layout or largest-score checks. With
 * {@code extraBoards}, each award also adds to that many more boards (the floor of joined
 * challenges: ten bare ZINCRBYs).
 */
final class FloorScriptClient {

	/**
	 * KEYS: the boards, then one record per command. ARGV[1] record TTL ms, then per
	 * command: member, field, points, '1' for a revoke.
	 */
	static final String SCRIPT = """
			local boards = tonumber(ARGV[2])
			local n = 0
			for i = 3, #ARGV, 4 do
			  n = n + 1
			  local record, member, field, points = KEYS[boards + n], ARGV[i], ARGV[i + 1], ARGV[i + 2]
			  if ARGV[i + 3] == '1' then
			    local given = redis.call('HGET', record, field)
			    if given then
			      redis.call('HDEL', record, field)
			      for b = 1, boards do redis.call('ZINCRBY', KEYS[b], -tonumber(given), member) end
			    end
			  else
			    local created = redis.call('EXISTS', record) == 0
			    if redis.call('HSETNX', record, field, points) == 1 then
			      if created then redis.call('PEXPIRE', record, ARGV[1]) end
			      for b = 1, boards do redis.call('ZINCRBY', KEYS[b], points, member) end
			    end
			  end
			end
			return n
			""";

	/** The engine's batch size and batches on their way at once. */
	private static final int CONCURRENT_BATCHES = 2;

	private final RedisConnectionFactory connections;

	private final byte[] sha;

	private final String prefix;

	private final List<byte[]> boards = new ArrayList<>();

	private final ActivityStore coalescing;

	FloorScriptClient(RedisConnectionFactory connections, String prefix, int extraBoards) {
		this.connections = connections;
		this.prefix = "{" + prefix + "}";
		this.boards.add(bytes(this.prefix + ":day"));
		this.boards.add(bytes(this.prefix + ":month"));
		for (int b = 0; b < extraBoards; b++) {
			this.boards.add(bytes(this.prefix + ":extra:" + b));
		}
		try (RedisConnection connection = connections.getConnection()) {
			this.sha = connection.scriptingCommands().scriptLoad(bytes(SCRIPT)).getBytes(StandardCharsets.US_ASCII);
		}
		// only apply is ever called: the proxy answers nothing else
		ActivityStore floor = (ActivityStore) Proxy.newProxyInstance(ActivityStore.class.getClassLoader(),
				new Class<?>[] { ActivityStore.class }, (proxy, method, args) -> {
					if (!method.getName().equals("apply")) {
						throw new UnsupportedOperationException(method.getName());
					}
					@SuppressWarnings("unchecked")
					List<ScoreCommand> commands = (List<ScoreCommand>) args[0];
					return apply(commands);
				});
		this.coalescing = new CoalescingActivityStore(floor, ActivityStore.MAX_BATCH, CONCURRENT_BATCHES);
	}

	/** One award or revoke, sent with those of concurrent callers. */
	void apply(String userId, String field, int points, boolean revoke) {
		this.coalescing.apply(List.of(new ScoreCommand(userId, field, points, revoke, null, false, null, null)));
	}

	/**
	 * One batch in one script call, as the engine's dispatch sends a full one.
	 * @param commands the awards and revokes of the batch
	 * @return one result per command (all awarded: the floor answers nothing more)
	 */
	List<AwardResult> apply(List<ScoreCommand> commands) {
		byte[][] keysAndArgs = new byte[this.boards.size() + commands.size() * 5 + 2][];
		int k = 0;
		for (byte[] board : this.boards) {
			keysAndArgs[k++] = board;
		}
		for (ScoreCommand command : commands) {
			keysAndArgs[k++] = bytes(this.prefix + ":rec:" + command.userId());
		}
		keysAndArgs[k++] = bytes(Long.toString(86_400_000L * 2));
		keysAndArgs[k++] = bytes(Integer.toString(this.boards.size()));
		for (ScoreCommand command : commands) {
			keysAndArgs[k++] = bytes(command.userId());
			keysAndArgs[k++] = bytes(command.field());
			keysAndArgs[k++] = bytes(Long.toString(command.points()));
			keysAndArgs[k++] = bytes(command.revoke() ? "1" : "0");
		}
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.scriptingCommands()
				.evalSha(this.sha, ReturnType.INTEGER, this.boards.size() + commands.size(), keysAndArgs);
		}
		List<AwardResult> results = new ArrayList<>(commands.size());
		for (int c = 0; c < commands.size(); c++) {
			results.add(new AwardResult(Outcome.AWARDED, 0, null));
		}
		return results;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
