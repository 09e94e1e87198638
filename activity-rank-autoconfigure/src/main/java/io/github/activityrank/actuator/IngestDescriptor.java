package io.github.activityrank.actuator;

import java.util.LinkedHashMap;

import io.github.activityrank.ingest.IngestCounter;
import io.github.activityrank.ingest.IngestCounters;
import io.github.activityrank.ingest.IngestKeys;
import io.github.activityrank.ingest.StreamIngester;

/**
 * Ingestion from Redis Streams on this instance: {@code streams} (the partition keys,
 * {@code <n>} for the partition), {@code deadLetters} (the dead-letter stream),
 * {@code group}, {@code consumer}, {@code partitions}, {@code ownedPartitions}, then one
 * field per {@link IngestCounter} named by its {@link IngestCounter#key() key},
 * {@code pending} (being applied, not yet acknowledged) and {@code lagMillis}.
 */
public final class IngestDescriptor extends LinkedHashMap<String, Object> {

	private static final long serialVersionUID = 1L;

	IngestDescriptor(StreamIngester ingester) {
		IngestCounters counters = ingester.counters();
		IngestKeys keys = ingester.keys();
		put("streams", keys.partitionTemplate());
		put("deadLetters", keys.deadLetter());
		put("group", ingester.settings().group());
		put("consumer", ingester.consumer());
		put("partitions", keys.partitions());
		put("ownedPartitions", counters.ownedPartitions());
		for (IngestCounter counter : IngestCounter.values()) {
			put(counter.key(), counters.get(counter));
		}
		put("pending", counters.pending());
		put("lagMillis", counters.lagMillis());
	}

}
