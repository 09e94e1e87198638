-- activity-rank: one shard's board size and its entry at a position, where a deep page over
-- sharded boards starts its search.
-- KEYS[1]  the shard's board
-- ARGV[1]  the position (0-based, best first)
-- Returns  {size, member, score} or {size} when the board is shorter
local size = redis.call('ZCARD', KEYS[1])
local entry = redis.call('ZREVRANGE', KEYS[1], ARGV[1], ARGV[1], 'WITHSCORES')
if #entry == 0 then
  return {size}
end
return {size, entry[1], entry[2]}
