-- activity-rank: on one shard's board, how many members come before each of some positions in
-- board order (score descending, then member descending, as ZREVRANGE orders them), for exact
-- global ranks and pages over sharded boards.
-- KEYS[1]  the shard's board
-- ARGV     pairs of a score (an integer, as text) and a member (encoded user id), or an empty
--          member: a bound after every member with that score (encoded ids are never empty)
-- Returns  {size, before1, before2, ...}: the board's ZCARD, then per pair the members ordered
--          strictly before it. O(log N) per pair for the higher scores (ZCOUNT), then a binary
--          search by position (ZREVRANGE of one entry) among the members with an equal score:
--          O(log^2 N) at worst, however many members tie; an empty member costs one ZCOUNT.
-- byte order, as Redis orders members (Lua's own comparison follows the server's locale)
local function greater(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then
      return x > y
    end
  end
  return #a > #b
end
local size = redis.call('ZCARD', KEYS[1])
local reply = {size}
for i = 1, #ARGV, 2 do
  local score, member = ARGV[i], ARGV[i + 1]
  if member == '' then
    reply[#reply + 1] = redis.call('ZCOUNT', KEYS[1], score, '+inf')
  else
    local lo = redis.call('ZCOUNT', KEYS[1], '(' .. score, '+inf')
    local hi = lo + redis.call('ZCOUNT', KEYS[1], score, score)
    -- among equal scores, greater members come first; find the first that is not greater
    while lo < hi do
      local mid = math.floor((lo + hi) / 2)
      local at = redis.call('ZREVRANGE', KEYS[1], mid, mid)[1]
      if greater(at, member) then
        lo = mid + 1
      else
        hi = mid
      end
    end
    reply[#reply + 1] = lo
  end
end
return reply
