package io.github.activityrank.engine;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.AwardResult;
import io.github.activityrank.support.GroupCommit;

/**
 * Sends the awards of concurrent callers together: while a batch is on its way to the
 * store, the callers that arrive wait, and the first of them to get a free sending slot
 * sends all their commands in one {@link ActivityStore#apply(List)} call (group commit,
 * {@link GroupCommit}). A lone caller is sent at once, so nothing waits for company;
 * under load one script call carries many awards, which is what lets synchronous awards
 * come close to what the server can do.
 * <p>
 * Each caller gets exactly its own results, in order. Every command is still atomic on
 * its own; callers of one batch only share the round trip, and a failure of that round
 * trip reaches each of them. It wraps only the write side: boards are read through
 * {@link PeriodBoards}, which it does not touch.
 */
public class CoalescingActivityStore implements ActivityStore {

	private final ActivityStore delegate;

	private final GroupCommit<Request> group;

	/**
	 * Wrap a store.
	 * @param delegate the store that applies the batches
	 * @param maxCommands most commands merged into one batch (one caller's list is never
	 * split)
	 * @param concurrentBatches batches sent at the same time; more than one keeps the
	 * server busy during round trips
	 */
	public CoalescingActivityStore(ActivityStore delegate, int maxCommands, int concurrentBatches) {
		if (maxCommands < 1 || concurrentBatches < 1) {
			throw new IllegalArgumentException("maxCommands and concurrentBatches must be positive");
		}
		this.delegate = delegate;
		this.group = new GroupCommit<>(this::send, maxCommands, concurrentBatches);
	}

	@Override
	public List<AwardResult> apply(List<ScoreCommand> commands) {
		if (commands.isEmpty()) {
			return List.of();
		}
		Request request = new Request(commands);
		this.group.send(request);
		return request.results;
	}

	/** Apply one batch and hand each caller its own results, in order. */
	private void send(List<Request> batch) {
		List<AwardResult> results = this.delegate.apply(merged(batch));
		int from = 0;
		for (Request request : batch) {
			request.results = List.copyOf(results.subList(from, from + request.size()));
			from += request.size();
		}
	}

	private static List<ScoreCommand> merged(List<Request> batch) {
		if (batch.size() == 1) {
			return batch.get(0).commands;
		}
		int size = 0;
		for (Request request : batch) {
			size += request.size();
		}
		List<ScoreCommand> all = new ArrayList<>(size);
		batch.forEach((request) -> all.addAll(request.commands));
		return all;
	}

	/** Callers waiting for their batch to be sent, for tests. */
	int waitingCallers() {
		return this.group.waitingCallers();
	}

	/** One caller's commands and, once sent, their results. */
	private static final class Request extends GroupCommit.Caller {

		final List<ScoreCommand> commands;

		volatile List<AwardResult> results;

		Request(List<ScoreCommand> commands) {
			this.commands = commands;
		}

		@Override
		protected int size() {
			return this.commands.size();
		}

	}

}
