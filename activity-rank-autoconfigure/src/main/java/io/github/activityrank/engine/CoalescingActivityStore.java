package io.github.activityrank.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;

import io.github.activityrank.AwardResult;

/**
 * Sends the awards of concurrent callers together: while a batch is on its way to the
 * store, the callers that arrive wait, and the first of them to get a free sending slot
 * sends all their commands in one {@link ActivityStore#apply(List)} call (group commit).
 * A lone caller is sent at once, so nothing waits for company; under load one script call
 * carries many awards, which is what lets synchronous awards come close to what the
 * server can do.
 * <p>
 * Each caller gets exactly its own results, in order. Every command is still atomic on
 * its own; callers of one batch only share the round trip, and a failure of that round
 * trip reaches each of them. It wraps only the write side: boards are read through
 * {@link PeriodBoards}, which it does not touch.
 */
public class CoalescingActivityStore implements ActivityStore {

	private final ActivityStore delegate;

	private final int maxCommands;

	/**
	 * Batches on their way at the same time; more than one keeps the server busy during
	 * round trips.
	 */
	private final Semaphore sendingSlots;

	private final ConcurrentLinkedQueue<Request> waiting = new ConcurrentLinkedQueue<>();

	/**
	 * Wrap a store.
	 * @param delegate the store that applies the batches
	 * @param maxCommands most commands merged into one batch (one caller's list is never
	 * split)
	 * @param concurrentBatches batches sent at the same time
	 */
	public CoalescingActivityStore(ActivityStore delegate, int maxCommands, int concurrentBatches) {
		if (maxCommands < 1 || concurrentBatches < 1) {
			throw new IllegalArgumentException("maxCommands and concurrentBatches must be positive");
		}
		this.delegate = delegate;
		this.maxCommands = maxCommands;
		this.sendingSlots = new Semaphore(concurrentBatches);
	}

	@Override
	public List<AwardResult> apply(List<ScoreCommand> commands) {
		if (commands.isEmpty()) {
			return List.of();
		}
		Request request = new Request(commands);
		this.waiting.add(request);
		// waiting is not abandoned on interrupt: the commands may already be on their way
		boolean interrupted = false;
		while (!request.done) {
			if (this.sendingSlots.tryAcquire()) {
				try {
					interrupted |= sendWaiting();
				}
				finally {
					this.sendingSlots.release();
				}
				wakeNextInLine();
			}
			else {
				LockSupport.park(this);
				interrupted |= Thread.interrupted();
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
		if (request.failure != null) {
			throw request.failure;
		}
		return request.results;
	}

	/**
	 * Send what waits, up to the batch size; whether this thread was interrupted
	 * meanwhile.
	 */
	private boolean sendWaiting() {
		List<Request> batch = new ArrayList<>();
		int size = 0;
		Request next;
		while (size < this.maxCommands && (next = this.waiting.peek()) != null) {
			if (size > 0 && size + next.commands.size() > this.maxCommands) {
				break;
			}
			if (this.waiting.remove(next)) {
				batch.add(next);
				size += next.commands.size();
			}
		}
		if (batch.isEmpty()) {
			return false;
		}
		// another caller's interrupt must not fail this batch: the flag is restored by
		// the caller
		boolean interrupted = Thread.interrupted();
		try {
			List<AwardResult> results = this.delegate.apply(merged(batch, size));
			int from = 0;
			for (Request request : batch) {
				request.results = List.copyOf(results.subList(from, from + request.commands.size()));
				from += request.commands.size();
			}
		}
		catch (RuntimeException ex) {
			batch.forEach((request) -> request.failure = ex);
		}
		finally {
			for (Request request : batch) {
				request.done = true;
				LockSupport.unpark(request.thread);
			}
		}
		return interrupted;
	}

	private static List<ScoreCommand> merged(List<Request> batch, int size) {
		if (batch.size() == 1) {
			return batch.get(0).commands;
		}
		List<ScoreCommand> all = new ArrayList<>(size);
		batch.forEach((request) -> all.addAll(request.commands));
		return all;
	}

	/** Callers waiting for their batch to be sent, for tests. */
	int waitingCallers() {
		return this.waiting.size();
	}

	/** A slot just came free: the oldest waiting caller takes it. */
	private void wakeNextInLine() {
		Request next = this.waiting.peek();
		if (next != null) {
			LockSupport.unpark(next.thread);
		}
	}

	/** One caller's commands and, once sent, their outcome. */
	private static final class Request {

		final List<ScoreCommand> commands;

		final Thread thread = Thread.currentThread();

		volatile List<AwardResult> results;

		volatile RuntimeException failure;

		volatile boolean done;

		Request(List<ScoreCommand> commands) {
			this.commands = commands;
		}

	}

}
