-- activity-rank: a member with up to `radius` neighbours on each side. At the top or the bottom of
-- the board the window is filled from the other side, so it keeps 2 * radius + 1 entries when the
-- board has that many.
-- KEYS[1]  the board
-- ARGV[1]  the member; ARGV[2] radius
-- Returns  {above, start, member1, score1, ...}: above counts the members scoring higher than the
--          first entry, start is the first entry's position; {} when the member is not on the board.
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
table.insert(entries, 1, start)
table.insert(entries, 1, redis.call('ZCOUNT', KEYS[1], '(' .. entries[3], '+inf'))
return entries
