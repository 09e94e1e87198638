-- activity-rank: the distinct points above a score on one shard, read from the board's dense
-- companion; the union over the shards numbers a dense rank.
-- KEYS[1]  the shard's board; KEYS[2] its dense companion; KEYS[3] the companion's build marker
-- ARGV[1]  the score (points)
-- Returns  {1, value1, value2, ...}; {0} when the board exists and its companion is not complete
--          yet (build it with dense.lua, then ask again). O(log V + values returned).
if redis.call('EXISTS', KEYS[2]) == 0 or redis.call('EXISTS', KEYS[3]) == 1 then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    return {0}
  end
  return {1}
end
local values = redis.call('ZRANGEBYSCORE', KEYS[2], '(' .. ARGV[1], '+inf')
table.insert(values, 1, 1)
return values
