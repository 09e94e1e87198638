/**
 * Ingestion of awards from Redis Streams (docs/ingest.md):
 * {@link io.github.activityrank.ingest.StreamIngester} consumes the partitions of a
 * consumer group, one lease-holding instance per partition, and hands each batch to an
 * {@link io.github.activityrank.ingest.IngestSink} (the engine, or the ledger's outbox).
 * Wired by the auto-configuration; depends on the engine, the ledger and Lettuce, never
 * on the auto-configuration package.
 */
package io.github.activityrank.ingest;
