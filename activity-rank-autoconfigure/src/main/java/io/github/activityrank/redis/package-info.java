/**
 * The Redis implementation of the engine's stores: key naming, the Lua scripts (loaded
 * once, run by SHA), board reads over one key space or over shards, and the events of
 * ended boards. Internal.
 */
package io.github.activityrank.redis;
