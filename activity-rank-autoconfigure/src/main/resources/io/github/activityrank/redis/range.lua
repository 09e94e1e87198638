-- activity-rank: a slice of a board with the rank of its first entry, in one consistent read.
-- KEYS[1]  the board; KEYS[2] its dense companion (read only when ranking is dense)
-- ARGV[1]  start position (0-based, best first); ARGV[2] stop position (inclusive)
-- ARGV[3]  ranking: 'competition', 'dense' or 'ordinal'
-- Returns  {before, member1, score1, member2, score2, ...} where the first entry's rank is before + 1:
--          before counts the members scoring higher (competition), the distinct scores higher (dense)
--          or the positions before it (ordinal). {} for an empty slice; {-1} when ranking is dense and
--          the board has no companion yet (build it with dense.lua, then ask again).
local entries = redis.call('ZREVRANGE', KEYS[1], ARGV[1], ARGV[2], 'WITHSCORES')
if #entries == 0 then
  return {}
end
local before
if ARGV[3] == 'ordinal' then
  before = tonumber(ARGV[1])
elseif ARGV[3] == 'dense' then
  before = redis.call('ZCOUNT', KEYS[2], '(' .. entries[2], '+inf')
  -- a board always has a value in a complete companion, so 0 may mean there is none
  if before == 0 and redis.call('EXISTS', KEYS[2]) == 0 then
    return {-1}
  end
else
  before = redis.call('ZCOUNT', KEYS[1], '(' .. entries[2], '+inf')
end
table.insert(entries, 1, before)
return entries
