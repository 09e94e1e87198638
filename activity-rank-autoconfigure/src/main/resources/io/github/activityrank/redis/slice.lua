-- activity-rank: a slice of a board with the rank of its first entry, in one consistent read. The
-- slice is given by positions (a page) or around a member: up to `radius` neighbours on each side,
-- filled from the other side at the top or the bottom of the board, so it keeps 2 * radius + 1
-- entries when the board has that many.
-- KEYS[1]  the board; KEYS[2] its dense companion and KEYS[3] its build marker (read only when
--          ranking is dense)
-- ARGV[1]  'page' or 'around'
--          page:   ARGV[2] start position (0-based, best first); ARGV[3] stop position (inclusive)
--          around: ARGV[2] the member; ARGV[3] radius
-- ARGV[4]  ranking: 'competition', 'dense' or 'ordinal'
-- Returns  {before, start, member1, score1, ...}: start is the first entry's position and its rank
--          is before + 1, where before counts the members scoring higher (competition), the distinct
--          scores higher (dense) or the positions before it (ordinal). {} for an empty page or a
--          member not on the board; {-1} when ranking is dense and the board has no complete
--          companion yet (build it with dense.lua, then ask again).
local start, stop
if ARGV[1] == 'around' then
  local position = redis.call('ZREVRANK', KEYS[1], ARGV[2])
  if not position then
    return {}
  end
  local radius = tonumber(ARGV[3])
  local last = redis.call('ZCARD', KEYS[1]) - 1
  start, stop = position - radius, position + radius
  if start < 0 then
    stop = math.min(last, stop - start)
    start = 0
  end
  if stop > last then
    start = math.max(0, start - (stop - last))
    stop = last
  end
else
  -- kept as text: positions near 2^63 do not survive a Lua number, and ZREVRANGE takes the text
  start, stop = ARGV[2], ARGV[3]
end
local entries = redis.call('ZREVRANGE', KEYS[1], start, stop, 'WITHSCORES')
if #entries == 0 then
  return {}
end
local before
if ARGV[4] == 'ordinal' then
  before = tonumber(start)
elseif ARGV[4] == 'dense' then
  before = redis.call('ZCOUNT', KEYS[2], '(' .. entries[2], '+inf')
  -- a board always has a value in a complete companion, so 0 may mean there is none
  if redis.call('EXISTS', KEYS[3]) == 1 or (before == 0 and redis.call('EXISTS', KEYS[2]) == 0) then
    return {-1}
  end
else
  before = redis.call('ZCOUNT', KEYS[1], '(' .. entries[2], '+inf')
end
table.insert(entries, 1, start)
table.insert(entries, 1, before)
return entries
