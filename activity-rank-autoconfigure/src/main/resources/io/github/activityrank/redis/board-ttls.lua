-- activity-rank: the remaining time to live of some keys of one shard, so that the ends of sharded
-- boards are claimed (ended-claim.lua) when any shard holds a part of the board.
-- KEYS     keys of one shard
-- Returns  each key's PTTL: ms left, -1 without a TTL, -2 when the key does not exist
local ttls = {}
for k = 1, #KEYS do
  ttls[k] = redis.call('PTTL', KEYS[k])
end
return ttls
