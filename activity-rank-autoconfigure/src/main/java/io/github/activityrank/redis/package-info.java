/**
 * The Redis implementation of the engine's stores: key naming, the Lua scripts (loaded
 * once, run by SHA), board reads over one key space or over shards, and the events of
 * ended boards. How those reads' commands are sent, to one Redis or to every shard at
 * once, is {@link io.github.activityrank.redis.shard}'s, which this package hands its
 * keys and scripts. Internal.
 */
package io.github.activityrank.redis;
