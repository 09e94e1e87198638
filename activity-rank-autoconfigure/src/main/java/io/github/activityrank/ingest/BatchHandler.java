package io.github.activityrank.ingest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.Bisection;
import io.github.activityrank.support.WarnOnce;
import io.lettuce.core.StreamMessage;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Handles one batch of a partition: reads each message, hands the good ones to the
 * {@link IngestSink} in one call, and copies the bad ones (and those the engine rejects,
 * Redis set aside or the sink failed on for good) to the dead-letter stream with the
 * reason. When it returns, every message of the batch may be acknowledged; when it throws
 * (a transient failure), none may.
 */
final class BatchHandler {

	/** Longest value copied to the dead-letter stream; hostile values can be huge. */
	static final int MAX_COPIED_VALUE = 256;

	/** Fields the dead-letter stream adds to the copy; '#' keeps them apart. */
	static final String REASON = "#reason";

	static final String SOURCE_ID = "#id";

	static final String SOURCE_STREAM = "#stream";

	/**
	 * How the reason of a message starts that Redis failed on for good: the store set it
	 * aside ({@code ActivityRankAdmin.reapplySetAside()} applies it again).
	 */
	static final String SET_ASIDE = "set aside: ";

	/** How the reason of a message starts that the sink failed on for good. */
	static final String FAILED = "failed for good: ";

	private static final Log logger = LogFactory.getLog(BatchHandler.class);

	private final WarnOnce deadLetterLog = new WarnOnce(logger, "further dead letters are logged at debug level");

	private final MessageParser parser;

	private final IngestSink sink;

	private final IngestCounters counters;

	private final String deadLetterKey;

	private final long deadLetterSize;

	private final Supplier<Instant> clock;

	private final TransientFailurePolicy failures;

	BatchHandler(MessageParser parser, IngestSink sink, IngestCounters counters, String deadLetterKey,
			long deadLetterSize, Supplier<Instant> clock, TransientFailurePolicy failures) {
		this.failures = failures;
		this.parser = parser;
		this.sink = sink;
		this.counters = counters;
		this.deadLetterKey = deadLetterKey;
		this.deadLetterSize = deadLetterSize;
		this.clock = clock;
	}

	void handle(StreamCommands redis, int partition, String stream, List<StreamMessage<String, String>> batch) {
		List<ActivityEvent> events = new ArrayList<>(batch.size());
		List<Instant> times = new ArrayList<>(batch.size());
		List<SourceMessage> sources = new ArrayList<>(batch.size());
		// where in the batch each event came from, for the engine's rejections
		int[] positions = new int[batch.size()];
		List<Map.Entry<StreamMessage<String, String>, String>> dead = new ArrayList<>();
		for (int m = 0; m < batch.size(); m++) {
			StreamMessage<String, String> message = batch.get(m);
			IngestMessage parsed = this.parser.parse(message.getId(), message.getBody());
			if (parsed.good()) {
				positions[events.size()] = m;
				events.add(parsed.event());
				times.add(parsed.at());
				sources.add(new SourceMessage(stream, message.getId()));
			}
			else {
				dead.add(Map.entry(message, parsed.problem()));
			}
		}
		long applied = 0;
		if (!events.isEmpty()) {
			List<AwardResult> results = apply(events, times, sources);
			for (int i = 0; i < results.size(); i++) {
				String problem = problem(results.get(i));
				if (problem != null) {
					dead.add(Map.entry(batch.get(positions[i]), problem));
				}
				else {
					applied++;
				}
			}
		}
		for (Map.Entry<StreamMessage<String, String>, String> letter : dead) {
			deadLetter(redis, stream, letter.getKey(), letter.getValue());
		}
		this.counters.add(IngestCounter.APPLIED, applied);
		this.counters.add(IngestCounter.DEAD_LETTERED, dead.size());
		String lastId = batch.get(batch.size() - 1).getId();
		this.counters.lag(partition, this.clock.get().toEpochMilli() - idMillis(lastId));
	}

	/**
	 * The sink's results; when it fails for good (not a failure waiting may cure), the
	 * batch is narrowed down to the messages that fail on their own, as the store narrows
	 * a batch of awards, and only those are dead-lettered. A transient failure is thrown:
	 * the whole batch is tried again.
	 */
	private List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		try {
			return this.sink.apply(events, times, sources);
		}
		catch (RuntimeException ex) {
			if (this.failures.isTransient(ex)) {
				throw ex;
			}
			List<Integer> all = new ArrayList<>(events.size());
			for (int i = 0; i < events.size(); i++) {
				all.add(i);
			}
			return new Bisection<Integer, AwardResult>(
					(part) -> this.sink.apply(pick(events, part), pick(times, part), pick(sources, part)),
					this.failures::isTransient, (i, failure) -> new AwardResult(AwardResult.Outcome.REJECTED, 0,
							FAILED + this.failures.kindOf(failure) + ": " + failure.getMessage()))
				.narrow(all, ex);
		}
	}

	private static <T> List<T> pick(List<T> list, List<Integer> positions) {
		List<T> picked = new ArrayList<>(positions.size());
		for (int position : positions) {
			picked.add(list.get(position));
		}
		return picked;
	}

	/** The kind of a failure, for the log that warns once per kind a minute. */
	String kindOf(Throwable failure) {
		return this.failures.kindOf(failure);
	}

	/** Why a message is dead-lettered, {@code null} when it was applied. */
	private static String problem(AwardResult result) {
		if (result.outcome() == AwardResult.Outcome.REJECTED) {
			return result.reason();
		}
		if (result.outcome() == AwardResult.Outcome.SET_ASIDE) {
			return SET_ASIDE + result.reason();
		}
		return null;
	}

	private void deadLetter(StreamCommands redis, String stream, StreamMessage<String, String> message, String reason) {
		Map<String, String> copy = new LinkedHashMap<>();
		// a removed user's award arriving late: the copy says so without naming the user
		// or the field, which removeUser has just erased
		boolean erased = AwardResult.USER_REMOVED.equals(reason);
		if (message.getBody() != null) {
			for (Map.Entry<String, String> field : message.getBody().entrySet()) {
				if (copy.size() == MessageParser.MAX_FIELDS) {
					break;
				}
				if (erased
						&& (MessageParser.USER.equals(field.getKey()) || MessageParser.FIELD.equals(field.getKey()))) {
					continue;
				}
				copy.put(cut(field.getKey()), cut(field.getValue()));
			}
		}
		copy.put(REASON, reason);
		copy.put(SOURCE_ID, message.getId());
		copy.put(SOURCE_STREAM, stream);
		redis.deadLetter(this.deadLetterKey, this.deadLetterSize, copy);
		this.deadLetterLog.log("Dead-lettered message " + message.getId() + " of " + stream + ": " + reason, null);
	}

	private static String cut(String value) {
		if (value == null) {
			return "";
		}
		return (value.length() <= MAX_COPIED_VALUE) ? value : value.substring(0, MAX_COPIED_VALUE) + "...";
	}

	private static long idMillis(String id) {
		Long millis = MessageParser.idMillis(id);
		return (millis != null) ? millis : 0;
	}

}
