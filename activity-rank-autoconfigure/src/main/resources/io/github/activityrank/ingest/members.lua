-- The live consumers of an ingestion group, so that each takes a fair share of the
-- partitions.
-- KEYS[1]: the members key ({prefix}:<stream>:members), a sorted set: member = consumer
--          name, score = when its heartbeat runs out, in milliseconds of the server's clock
--          (one clock for every instance, so their clocks need not agree).
-- ARGV[1]: the consumer.
-- ARGV[2]: its heartbeat's time to live in milliseconds; 0 leaves the group.
-- Returns the number of live consumers after the call.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local ttl = tonumber(ARGV[2])
if ttl > 0 then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
  -- the key itself goes when every member has stopped beating
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return redis.call('ZCARD', KEYS[1])
