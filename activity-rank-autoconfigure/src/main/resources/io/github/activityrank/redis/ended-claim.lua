-- activity-rank: claim the publication of ended boards, so that one instance of all those sharing
-- this Redis publishes each end, once.
-- KEYS     pairs of a board (period or challenge) and its marker
-- ARGV[1]  how long a marker outlives its board, in ms; ARGV[2] the TTL of a marker whose board
--          has none, in ms
-- Returns  the numbers (1-based) of the pairs claimed: the board exists and its marker did not,
--          and now does. A board that does not exist (never did, or expired) claims nothing.
local claimed = {}
for k = 1, #KEYS, 2 do
  local ttl = redis.call('PTTL', KEYS[k])
  if ttl ~= -2 then
    -- the marker outlives the board, so the end cannot be claimed twice while the board is there
    ttl = (ttl >= 0) and (ttl + tonumber(ARGV[1])) or tonumber(ARGV[2])
    if redis.call('SET', KEYS[k + 1], '1', 'NX', 'PX', ttl) then
      claimed[#claimed + 1] = (k + 1) / 2
    end
  end
end
return claimed
