package io.github.activityrank.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ingest.IngestKeys;
import io.lettuce.core.Consumer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.XTrimArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The floor of ingestion through consumer groups: what any consumer of the streams must
 * do besides the award itself. One thread per partition reads a batch
 * ({@code XREADGROUP COUNT 256}), applies it through the service as the async path does
 * (awards made now: no instant of their own, no checks beyond the engine's), acknowledges
 * it and trims what it applied. No leases, read-ahead, dead letters, meters or lag. It
 * reads streams of its own (the partitions' names with a suffix), so the starter's
 * ingester does not see its messages.
 */
final class FloorIngester implements AutoCloseable {

	private static final String GROUP = "floor";

	private final List<Thread> threads = new ArrayList<>();

	private final AtomicBoolean running = new AtomicBoolean(true);

	private final IngestKeys keys;

	FloorIngester(RedisClient client, IngestKeys keys, ActivityRankService service) {
		this.keys = keys;
		for (int p = 0; p < keys.partitions(); p++) {
			String stream = stream(p);
			StatefulRedisConnection<String, String> connection = client.connect();
			// the streams' names hold the run's id: the group is new
			connection.sync()
				.xgroupCreate(XReadArgs.StreamOffset.from(stream, "0"), GROUP, XGroupCreateArgs.Builder.mkstream());
			Thread thread = new Thread(() -> consume(connection, stream, service), "floor-ingest-" + p);
			this.threads.add(thread);
			thread.start();
		}
	}

	/** The stream a user's messages go to, as the starter's partitions pick it. */
	String streamOfUser(String userId) {
		return stream(IngestKeys.partitionOf(userId, this.keys.partitions()));
	}

	private String stream(int partition) {
		return this.keys.partition(partition) + ":floor";
	}

	private void consume(StatefulRedisConnection<String, String> connection, String stream,
			ActivityRankService service) {
		RedisCommands<String, String> redis = connection.sync();
		Consumer<String> consumer = Consumer.from(GROUP, "floor");
		try (connection) {
			while (this.running.get()) {
				List<StreamMessage<String, String>> batch = redis.xreadgroup(consumer,
						XReadArgs.Builder.count(256).block(100), XReadArgs.StreamOffset.lastConsumed(stream));
				if (batch.isEmpty()) {
					continue;
				}
				List<ActivityEvent> events = new ArrayList<>(batch.size());
				String[] ids = new String[batch.size()];
				for (int m = 0; m < batch.size(); m++) {
					StreamMessage<String, String> message = batch.get(m);
					ids[m] = message.getId();
					events.add(ActivityEvent.award(message.getBody().get("user"), message.getBody().get("field"),
							message.getBody().get("rule")));
				}
				service.applyAll(events);
				redis.xack(stream, GROUP, ids);
				redis.xtrim(stream, XTrimArgs.Builder.minId(ids[ids.length - 1]).approximateTrimming());
			}
		}
	}

	@Override
	public void close() {
		this.running.set(false);
		for (Thread thread : this.threads) {
			try {
				thread.join(5_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
