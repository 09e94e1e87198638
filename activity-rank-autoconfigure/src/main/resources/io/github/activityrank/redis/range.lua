-- activity-rank: a slice of a board with the rank of its first entry, in one consistent read.
-- KEYS[1]  the board
-- ARGV[1]  start position (0-based, best first); ARGV[2] stop position (inclusive)
-- Returns  {above, member1, score1, member2, score2, ...} where above counts the members with a
--          higher score than the first entry (its rank is above + 1); {} for an empty slice.
local entries = redis.call('ZREVRANGE', KEYS[1], ARGV[1], ARGV[2], 'WITHSCORES')
if #entries == 0 then
  return {}
end
table.insert(entries, 1, redis.call('ZCOUNT', KEYS[1], '(' .. entries[2], '+inf'))
return entries
