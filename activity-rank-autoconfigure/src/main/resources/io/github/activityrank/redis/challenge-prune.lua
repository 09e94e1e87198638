-- activity-rank: drop what ended challenges left behind in the keys every instance and award read.
-- KEYS[1]  the registry of challenges (sorted set, member = id, score = end); KEYS[2] the
--          open-challenges hash (id -> "start:end:expireAt:token:rules", and the reserved
--          field '#token')
-- KEYS[3..] the definitions of ended challenges the caller found in the registry
-- ARGV[1]  now (epoch ms, the application's clock); ARGV[2..] the ids of KEYS[3..], in order
-- Returns  {dropped}: registry entries and open entries removed
-- A definition that has expired means the challenge is gone: it leaves the registry. It is
-- checked here, atomically, so a challenge created again under the same id meanwhile is kept.
local dropped = 0
for k = 3, #KEYS do
  if redis.call('EXISTS', KEYS[k]) == 0 then
    dropped = dropped + redis.call('ZREM', KEYS[1], ARGV[k - 1])
  end
end
-- ended open challenges leave the hash every award reads
local now = tonumber(ARGV[1])
local open = redis.call('HGETALL', KEYS[2])
local kept = 0
for k = 1, #open, 2 do
  -- '#token' (reserved fields start with '#') stays while entries do: it keeps their tokens in order
  local stop = string.byte(open[k], 1) ~= 35 and tonumber(string.match(open[k + 1], '^%d+:(%d+):'))
  if stop and stop <= now then
    dropped = dropped + redis.call('HDEL', KEYS[2], open[k])
  elseif stop then
    kept = kept + 1
  end
end
if kept == 0 then
  redis.call('DEL', KEYS[2])
end
return {dropped}
