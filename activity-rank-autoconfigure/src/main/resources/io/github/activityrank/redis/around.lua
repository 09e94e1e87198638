-- activity-rank: a member with up to `radius` neighbours on each side. At the top or the bottom of
-- the board the window is filled from the other side, so it keeps 2 * radius + 1 entries when the
-- board has that many.
-- KEYS[1]  the board; KEYS[2] its dense companion (read only when ranking is dense)
-- ARGV[1]  the member; ARGV[2] radius; ARGV[3] ranking: 'competition', 'dense' or 'ordinal'
-- Returns  {before, start, member1, score1, ...}: start is the first entry's position and its rank
--          is before + 1, where before counts the members scoring higher (competition), the distinct
--          scores higher (dense) or the positions before it (ordinal). {} when the member is not on
--          the board; {-1} when ranking is dense and the board has no companion yet (build it with
--          dense.lua, then ask again).
local position = redis.call('ZREVRANK', KEYS[1], ARGV[1])
if not position then
  return {}
end
local radius = tonumber(ARGV[2])
local last = redis.call('ZCARD', KEYS[1]) - 1
local start, stop = position - radius, position + radius
if start < 0 then
  stop = math.min(last, stop - start)
  start = 0
end
if stop > last then
  start = math.max(0, start - (stop - last))
  stop = last
end
local entries = redis.call('ZREVRANGE', KEYS[1], start, stop, 'WITHSCORES')
local before
if ARGV[3] == 'ordinal' then
  before = start
elseif ARGV[3] == 'dense' then
  before = redis.call('ZCOUNT', KEYS[2], '(' .. entries[2], '+inf')
  if before == 0 and redis.call('EXISTS', KEYS[2]) == 0 then
    return {-1}
  end
else
  before = redis.call('ZCOUNT', KEYS[1], '(' .. entries[2], '+inf')
end
table.insert(entries, 1, start)
table.insert(entries, 1, before)
return entries
