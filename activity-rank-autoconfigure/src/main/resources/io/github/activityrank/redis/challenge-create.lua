-- activity-rank: create a challenge unless one exists under its id, and drop what ended challenges
-- left behind in the shared keys.
-- KEYS[1]  the challenge's definition (string); KEYS[2] the registry of challenges (sorted set,
--          member = id, score = end); KEYS[3] the open-challenges hash (id -> entry)
-- KEYS[4..] the definitions of ended challenges still in the registry (the caller read them
--          beforehand; each is checked again here, so one created meanwhile is kept)
-- ARGV[1]  the id; ARGV[2] the definition, "start:end:expireAt:created:open:rules" (epoch ms);
--          ARGV[3] end; ARGV[4] expireAt, when its keys expire (end + retention);
--          ARGV[5] '1' when the challenge is open to all, else '0'; ARGV[6] its entry in the
--          open-challenges hash, "start:end:expireAt:token:rules"; ARGV[7] now (epoch ms, the
--          application's clock); ARGV[8..] the ids of KEYS[4..], in the same order
-- Returns  {definition}: the definition stored under the id after the call
local existing = redis.call('GET', KEYS[1])
if existing then
  return {existing}
end
-- PXAT sets the TTL with the key, from the application's clock (Redis 6.2+)
redis.call('SET', KEYS[1], ARGV[2], 'PXAT', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[6])
end

-- a challenge whose definition has expired is gone: it leaves the registry
for k = 4, #KEYS do
  if redis.call('EXISTS', KEYS[k]) == 0 then
    redis.call('ZREM', KEYS[2], ARGV[k + 4])
  end
end
-- ended open challenges leave the hash every award reads
local now = tonumber(ARGV[7])
local open = redis.call('HGETALL', KEYS[3])
for k = 1, #open, 2 do
  local stop = tonumber(string.match(open[k + 1], '^%d+:(%d+):'))
  if stop <= now then
    redis.call('HDEL', KEYS[3], open[k])
  end
end
return {ARGV[2]}
