package io.github.activityrank.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.WarnOnce;
import io.lettuce.core.AbstractRedisClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Ingestion of awards from Redis Streams: every instance of the application joins the
 * consumer group, beats a heartbeat so the instances know how many they are, and runs one
 * thread per partition that takes the partition's lease when this instance owns fewer
 * than its fair share (partitions / live instances, rounded up). A partition is applied
 * by its lease holder only, in stream order, so a user's revoke never overtakes their
 * award; an instance killed without a word loses its leases after {@code claim-idle}, and
 * the next owner applies the messages it had read first. Stopping the application
 * finishes the batches in hand, acknowledges them and hands the partitions over at once.
 */
public class StreamIngester implements SmartLifecycle {

	/**
	 * The message field that holds the user id, in the partitions and in the copies of
	 * the dead-letter stream.
	 */
	public static final String USER_FIELD = MessageParser.USER;

	private static final Log logger = LogFactory.getLog(StreamIngester.class);

	private final AbstractRedisClient client;

	private final IngestKeys keys;

	private final IngestSettings settings;

	private final BatchHandler handler;

	private final IngestCounters counters;

	private final IngestCrew crew;

	private final WarnOnce heartbeatLog = new WarnOnce(logger, "further failures are logged at debug level");

	private final List<Thread> threads = new ArrayList<>();

	private volatile boolean started;

	/**
	 * Create the ingester; {@link #start()} starts it.
	 * @param client the application's Lettuce client, which opens one connection per
	 * partition thread and one for the heartbeat
	 * @param keys the stream keys
	 * @param settings the settings
	 * @param sink where batches go
	 * @param clock the application's clock
	 */
	public StreamIngester(AbstractRedisClient client, IngestKeys keys, IngestSettings settings, IngestSink sink,
			Supplier<Instant> clock) {
		this(client, keys, settings, sink, clock, (failure) -> true);
	}

	/**
	 * Create the ingester; {@link #start()} starts it.
	 * @param client the application's Lettuce client, which opens one connection per
	 * partition thread and one for the heartbeat
	 * @param keys the stream keys
	 * @param settings the settings
	 * @param sink where batches go
	 * @param clock the application's clock
	 * @param failures which failures of the sink are transient: the batch is tried again;
	 * any other is narrowed down to the messages that fail on their own, which are
	 * dead-lettered
	 */
	public StreamIngester(AbstractRedisClient client, IngestKeys keys, IngestSettings settings, IngestSink sink,
			Supplier<Instant> clock, TransientFailurePolicy failures) {
		this.client = Objects.requireNonNull(client, "client must not be null");
		this.keys = Objects.requireNonNull(keys, "keys must not be null");
		this.settings = Objects.requireNonNull(settings, "settings must not be null");
		this.counters = new IngestCounters(keys.partitions());
		this.handler = new BatchHandler(
				new MessageParser(settings.itemTypes(), settings.scopeKinds(), clock, settings.recordRetention()), sink,
				this.counters, keys.deadLetter(), settings.deadLetterSize(), clock,
				Objects.requireNonNull(failures, "failures must not be null"));
		String consumer = "consumer-" + UUID.randomUUID();
		this.crew = new IngestCrew(keys, settings, consumer, this.counters);
	}

	/**
	 * What ingestion did on this instance.
	 * @return the live counters
	 */
	public IngestCounters counters() {
		return this.counters;
	}

	/**
	 * The stream keys.
	 * @return the keys
	 */
	public IngestKeys keys() {
		return this.keys;
	}

	/**
	 * The settings.
	 * @return the settings
	 */
	public IngestSettings settings() {
		return this.settings;
	}

	/**
	 * This instance's consumer name in the group.
	 * @return the name, unique per start
	 */
	public String consumer() {
		return this.crew.consumer();
	}

	@Override
	public synchronized void start() {
		if (this.started) {
			return;
		}
		this.started = true;
		Thread heartbeat = new Thread(this::beat, "activity-rank-ingest-heartbeat");
		this.threads.add(heartbeat);
		for (int p = 0; p < this.keys.partitions(); p++) {
			PartitionWorker worker = new PartitionWorker(p, this.crew, this.handler,
					() -> StreamCommands.connect(this.client));
			this.threads.add(new Thread(worker, "activity-rank-ingest-" + p));
		}
		this.threads.forEach((thread) -> {
			thread.setDaemon(true);
			thread.start();
		});
	}

	private void beat() {
		long ttl = this.settings.claimIdle().toMillis();
		StreamCommands redis = null;
		while (this.crew.running()) {
			try {
				if (redis == null) {
					redis = StreamCommands.connect(this.client);
				}
				this.crew.liveConsumers(redis.members(this.keys.members(), this.crew.consumer(), ttl));
			}
			catch (RuntimeException ex) {
				if (this.crew.running()) {
					this.heartbeatLog.log("activity-rank ingestion heartbeat failed: " + ex, ex);
				}
			}
			this.crew.pause(this.settings.leaseRenewal());
		}
		try {
			if (redis != null) {
				if (!this.crew.abandoned()) {
					redis.members(this.keys.members(), this.crew.consumer(), 0);
				}
				redis.close();
			}
		}
		catch (RuntimeException ex) {
			logger.debug("activity-rank ingestion heartbeat stopped: " + ex);
		}
	}

	/**
	 * Finish the batches in hand, acknowledge them, hand the partitions over and leave
	 * the group.
	 */
	@Override
	public void stop() {
		this.crew.stop();
		// wake the threads that wait between reads, heartbeats or retries
		this.threads.forEach(LockSupport::unpark);
		join();
	}

	/**
	 * Run a hook on a partition's thread after its lease was checked and before each
	 * batch is applied. For tests of a consumer paused past its lease.
	 * @param hook receives the partition's number
	 */
	void beforeApply(IntConsumer hook) {
		this.crew.beforeApply = hook;
	}

	/**
	 * Stop as a process killed with {@code kill -9} would: the batches in hand are
	 * neither acknowledged nor finished, the leases run out by themselves and the
	 * heartbeat stops. For tests of the take-over.
	 */
	void abandon() {
		this.crew.abandon();
		this.threads.forEach(Thread::interrupt);
		join();
	}

	private synchronized void join() {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		for (Thread thread : this.threads) {
			long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
			try {
				thread.join(left);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		this.threads.clear();
		this.started = false;
	}

	@Override
	public boolean isRunning() {
		return this.started;
	}

}
