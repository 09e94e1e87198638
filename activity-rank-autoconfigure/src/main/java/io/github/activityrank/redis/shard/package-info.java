/**
 * How a read or command is run on one Redis or over shards: the commands a board read
 * sends to one shard ({@link io.github.activityrank.redis.shard.ShardCommands}, on
 * Lettuce's asynchronous API or as blocking calls), the runner that composes them and
 * waits once ({@link io.github.activityrank.redis.shard.ShardCommandRunner}), and the
 * threads that run one blocking call per shard at once
 * ({@link io.github.activityrank.redis.shard.ShardCalls}). It knows no keys, no scripts
 * and no board layout: those are the {@code redis} package's, which passes them in. It
 * imports nothing of the other packages of the starter but the public API. Internal.
 */
package io.github.activityrank.redis.shard;
