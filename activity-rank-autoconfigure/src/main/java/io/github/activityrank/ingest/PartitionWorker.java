package io.github.activityrank.ingest;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.github.activityrank.support.Causes;
import io.github.activityrank.support.FailureLog;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.models.stream.ClaimedMessages;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The thread of one partition on one instance. It owns the partition only while it holds
 * the partition's lease, so a partition's messages are applied by one instance at a time,
 * in stream order. On taking a lease it first takes over and applies the messages an
 * earlier owner read and did not acknowledge (XAUTOCLAIM), then reads new ones. While a
 * full batch is applied, the next one is read (without blocking), so a partition that is
 * behind never leaves the engine waiting for a read; no further: the engine's pace sets
 * the reading pace, and memory holds two batches at most.
 */
final class PartitionWorker implements Runnable {

	private static final Log logger = LogFactory.getLog(PartitionWorker.class);

	private static final String CLAIM_START = "0-0";

	private final FailureLog failureLog = new FailureLog(logger);

	private final int partition;

	private final String stream;

	private final String lease;

	private final IngestCrew crew;

	private final BatchHandler handler;

	private final Supplier<StreamCommands> connect;

	/**
	 * Opened by the thread, so that a start without Redis does not fail the application.
	 */
	private StreamCommands redis;

	private boolean holding;

	private long leaseValidUntil;

	private long renewAt;

	/**
	 * Where XAUTOCLAIM goes on; {@code null} once the earlier owners' messages are done.
	 */
	private String claimCursor;

	/**
	 * The read of the batch after the one being applied, {@code null} when none was sent.
	 * Its messages are pending with this consumer as soon as the server ran it, so one
	 * that is dropped unapplied is claimed by whoever holds the lease next.
	 */
	private CompletableFuture<StreamCommands.Read> ahead;

	/**
	 * The acknowledgements sent and not yet seen done, oldest first; each is checked
	 * before the next read.
	 */
	private final Deque<CompletableFuture<Long>> acks = new ArrayDeque<>();

	PartitionWorker(int partition, IngestCrew crew, BatchHandler handler, Supplier<StreamCommands> connect) {
		this.partition = partition;
		this.stream = crew.keys().partition(partition);
		this.lease = crew.keys().lease(partition);
		this.crew = crew;
		this.handler = handler;
		this.connect = connect;
	}

	@Override
	public void run() {
		try {
			while (this.crew.running()) {
				try {
					step();
				}
				catch (RuntimeException ex) {
					if (!this.crew.running()) {
						break;
					}
					this.failureLog.log(this.handler.kindOf(ex),
							"activity-rank ingestion of " + this.stream + " failed, trying again: " + ex, ex);
					if (this.holding && lostGroup(ex)) {
						recreateGroup();
					}
					this.crew.pause(this.crew.settings().block());
				}
			}
			if (this.holding && !this.crew.abandoned()) {
				finishAhead();
				release();
			}
		}
		catch (RuntimeException ex) {
			logger.debug("activity-rank ingestion of " + this.stream + " stopped: " + ex);
		}
		finally {
			close();
		}
	}

	/**
	 * Make the group again, as at the lease's start, after Redis lost the stream or the
	 * group (FLUSHDB, a restart without persistence); a failure is tried with the next
	 * step.
	 */
	private void recreateGroup() {
		try {
			this.redis.createGroup(this.stream, this.crew.settings().group());
		}
		catch (RuntimeException ex) {
			logger.debug("activity-rank ingestion could not make the group of " + this.stream + " again: " + ex);
		}
	}

	/** Whether Redis answered NOGROUP: the partition's stream or its group is gone. */
	private static boolean lostGroup(Throwable failure) {
		return Causes.anyMatch(failure, (t) -> t.getMessage() != null && t.getMessage().contains("NOGROUP"));
	}

	private void close() {
		try {
			if (this.redis != null) {
				this.redis.close();
			}
		}
		catch (RuntimeException ex) {
			logger.debug("activity-rank ingestion of " + this.stream + " could not close its connection: " + ex);
		}
	}

	private void step() {
		if (this.redis == null) {
			this.redis = this.connect.get();
		}
		if (!this.holding && !acquire()) {
			this.crew.pause(this.crew.settings().block());
			return;
		}
		if (System.nanoTime() >= this.renewAt && !renew()) {
			return;
		}
		if (this.crew.giveUpOne()) {
			// its next owner claims the batch read ahead
			this.ahead = null;
			this.holding = false;
			this.crew.counters().lag(this.partition, 0);
			this.redis.lease(this.lease, this.crew.consumer(), 0);
			// let another instance take it before this one looks again
			this.crew.pause(this.crew.settings().leaseRenewal());
			return;
		}
		checkAcks();
		List<StreamMessage<String, String>> batch = takeAhead();
		if (batch.isEmpty() && this.holding) {
			batch = next();
		}
		if (!this.holding) {
			return;
		}
		if (batch.isEmpty()) {
			if (this.claimCursor == null) {
				this.crew.counters().lag(this.partition, 0);
			}
			return;
		}
		if (this.claimCursor == null && batch.size() == this.crew.settings().batch()) {
			// a full batch: more wait, so the next read runs on the server while this
			// batch's script is on its way; after a short batch the next read waits until
			// the script is back, to take what came meanwhile
			this.ahead = this.redis.readAhead(this.stream, this.lease, this.crew.settings().group(),
					this.crew.consumer(), this.crew.settings().batch());
		}
		this.crew.counters().read(batch.size());
		try {
			handle(batch);
		}
		finally {
			this.crew.counters().done(batch.size());
		}
	}

	private List<StreamMessage<String, String>> next() {
		IngestSettings settings = this.crew.settings();
		if (this.claimCursor != null) {
			ClaimedMessages<String, String> claimed = this.redis.claim(this.stream, settings.group(),
					this.crew.consumer(), this.claimCursor, settings.batch());
			String next = claimed.getId();
			this.claimCursor = (next == null || CLAIM_START.equals(next)) ? null : next;
			return claimed.getMessages();
		}
		StreamCommands.Read read = this.redis.read(this.stream, this.lease, settings.group(), this.crew.consumer(),
				settings.batch());
		if (!read.held()) {
			// the lease ran out (a pause longer than it): read nothing more
			lost();
			return List.of();
		}
		if (read.messages().isEmpty()) {
			// wait for a newer message without reading it for the group: the read that
			// takes it is fenced by the lease again
			this.redis.awaitNewer(this.stream, read.newest(), settings.block());
		}
		return read.messages();
	}

	/**
	 * The batch read ahead, empty when none was read or nothing was there. A read that
	 * failed may have reached the server, its messages pending with this consumer: they
	 * are claimed again.
	 */
	private List<StreamMessage<String, String>> takeAhead() {
		CompletableFuture<StreamCommands.Read> read = this.ahead;
		if (read == null) {
			return List.of();
		}
		this.ahead = null;
		try {
			StreamCommands.Read batch = this.redis.await(read);
			if (!batch.held()) {
				lost();
			}
			return batch.messages();
		}
		catch (RuntimeException ex) {
			this.claimCursor = CLAIM_START;
			throw ex;
		}
	}

	/**
	 * On stop, apply and acknowledge the batch read ahead while the lease holds; if that
	 * fails, the next owner claims it.
	 */
	private void finishAhead() {
		try {
			List<StreamMessage<String, String>> batch = takeAhead();
			if (batch.isEmpty() || System.nanoTime() >= this.leaseValidUntil) {
				return;
			}
			this.crew.counters().read(batch.size());
			try {
				this.handler.handle(this.redis, this.partition, this.stream, batch);
				acknowledge(batch);
			}
			finally {
				this.crew.counters().done(batch.size());
			}
		}
		catch (RuntimeException ex) {
			logger.debug("activity-rank ingestion of " + this.stream + " left a batch to the next owner: " + ex);
		}
	}

	/** Apply and acknowledge, trying again until it works or the lease is gone. */
	private void handle(List<StreamMessage<String, String>> batch) {
		while (true) {
			if (this.crew.abandoned() || System.nanoTime() >= this.leaseValidUntil) {
				// another owner applies this batch from the pending list
				lost();
				return;
			}
			try {
				this.crew.beforeApply.accept(this.partition);
				this.handler.handle(this.redis, this.partition, this.stream, batch);
				if (this.crew.abandoned()) {
					return;
				}
				acknowledge(batch);
				return;
			}
			catch (RuntimeException ex) {
				if (this.crew.abandoned()) {
					return;
				}
				this.failureLog.log(this.handler.kindOf(ex), "activity-rank could not apply " + batch.size()
						+ " message(s) of " + this.stream + ", trying again: " + ex, ex);
				this.crew.pause(this.crew.settings().block());
				if (System.nanoTime() >= this.renewAt) {
					renew();
				}
			}
		}
	}

	private void acknowledge(List<StreamMessage<String, String>> batch) {
		String[] ids = new String[batch.size()];
		for (int i = 0; i < ids.length; i++) {
			ids[i] = batch.get(i).getId();
		}
		// everything before this batch is applied too: the owner applies in order; the
		// trim stops before any entry still pending
		CompletableFuture<Long> ack = this.redis.ackAndTrim(this.stream, this.crew.settings().group(), ids, ids[0]);
		ack.whenComplete((acked, ex) -> {
			if (ex != null) {
				this.failureLog.log(this.handler.kindOf(ex), "activity-rank could not acknowledge " + ids.length
						+ " message(s) of " + this.stream + "; they are claimed and applied again: " + ex, null);
			}
		});
		this.acks.add(ack);
	}

	/**
	 * Every acknowledgement is checked: one that failed leaves its messages pending with
	 * this consumer, so they are claimed again (XAUTOCLAIM takes them from any consumer)
	 * and applied once more, which changes nothing (the fence answers them as applied
	 * before), then acknowledged.
	 */
	private void checkAcks() {
		boolean failed = false;
		while (!this.acks.isEmpty() && this.acks.peekFirst().isDone()) {
			failed |= this.acks.pollFirst().isCompletedExceptionally();
		}
		if (failed) {
			this.acks.clear();
			// the batch read ahead comes again with the claim, in order
			this.ahead = null;
			this.claimCursor = CLAIM_START;
		}
	}

	private boolean acquire() {
		if (!this.crew.wantsMore()) {
			return false;
		}
		long ttl = this.crew.settings().claimIdle().toMillis();
		long now = System.nanoTime();
		if (!this.redis.lease(this.lease, this.crew.consumer(), ttl)) {
			return false;
		}
		this.holding = true;
		this.crew.counters().owned().incrementAndGet();
		leased(now);
		this.redis.createGroup(this.stream, this.crew.settings().group());
		this.claimCursor = CLAIM_START;
		return true;
	}

	private boolean renew() {
		long now = System.nanoTime();
		if (this.redis.lease(this.lease, this.crew.consumer(), this.crew.settings().claimIdle().toMillis())) {
			leased(now);
			return true;
		}
		lost();
		return false;
	}

	private void leased(long askedAt) {
		// counted from before the call: the lease may have started before the reply came
		this.leaseValidUntil = askedAt + this.crew.settings().claimIdle().toNanos();
		this.renewAt = askedAt + this.crew.settings().leaseRenewal().toNanos();
	}

	private void release() {
		lost();
		this.redis.lease(this.lease, this.crew.consumer(), 0);
	}

	private void lost() {
		// the next owner claims the batch read ahead
		this.ahead = null;
		if (this.holding) {
			this.holding = false;
			this.crew.counters().owned().decrementAndGet();
			this.crew.counters().lag(this.partition, 0);
		}
	}

}
