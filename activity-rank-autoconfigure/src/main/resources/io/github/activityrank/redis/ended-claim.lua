-- activity-rank: claim the publication of ended boards for a lease, so that of all the instances
-- sharing this Redis one publishes each end, and another takes over when that one dies first.
-- A marker holds "claimed:<instance>:<leaseUntil>" (epoch ms, the application's clock) while an
-- instance publishes, and "published" once its listeners ran ("1", written by versions that had
-- no lease, counts as published). Only ended-mark.lua changes a claim afterwards.
-- KEYS     with ARGV[5] = 'paired': pairs of a board (period or challenge) and its marker;
--          with ARGV[5] = 'ttls' (sharded boards, whose parts lie in other slots): the markers
--          alone, each board's PTTL following in ARGV[6..], as the caller read it on every shard
--          (the largest, -1 when a part has no TTL, -2 when no shard holds the board)
-- ARGV[1]  how long a marker outlives its board, in ms; ARGV[2] the TTL of a marker whose board
--          has none, in ms; ARGV[3] the claim to write, "claimed:<instance>:<leaseUntil>";
--          ARGV[4] now, epoch ms
-- Returns  the numbers (1-based) of the boards claimed: the board exists, and its marker did not
--          or held a claim whose lease had run out, and now holds ARGV[3]. A board that does not
--          exist (never did, or expired) claims nothing; a published end is never claimed again.
local now = tonumber(ARGV[4])
local paired = ARGV[5] == 'paired'
local step = paired and 2 or 1
local claimed = {}
for n = 1, #KEYS / step do
  local marker = KEYS[n * step]
  local ttl = paired and redis.call('PTTL', KEYS[n * step - 1]) or tonumber(ARGV[5 + n])
  if ttl ~= -2 then
    local held = redis.call('GET', marker)
    local lease = held and tonumber(string.match(held, '^claimed:.*:(%d+)$'))
    if not held or (lease and lease <= now) then
      -- the marker outlives the board, so the end cannot be claimed afresh while the board is there
      ttl = (ttl >= 0) and (ttl + tonumber(ARGV[1])) or tonumber(ARGV[2])
      redis.call('SET', marker, ARGV[3], 'PX', ttl)
      claimed[#claimed + 1] = n
    end
  end
end
return claimed
