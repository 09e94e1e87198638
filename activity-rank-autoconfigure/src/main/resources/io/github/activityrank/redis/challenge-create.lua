-- activity-rank: create a challenge unless one exists under its id.
-- KEYS[1]  the challenge's definition (string); KEYS[2] the registry of challenges (sorted set,
--          member = id, score = end); KEYS[3] the open-challenges hash (id -> entry)
-- ARGV[1]  the id; ARGV[2] the definition, "start:end:expireAt:created:open:rules" (epoch ms);
--          ARGV[3] end; ARGV[4] expireAt, when its keys expire (end + retention);
--          ARGV[5] '1' when the challenge is open to all, else '0'; ARGV[6] its entry in the
--          open-challenges hash, "start:end:expireAt:token:rules"; ARGV[7] now (epoch ms, the
--          application's clock)
-- Returns  {definition}: the definition stored under the id after the call
local existing = redis.call('GET', KEYS[1])
if existing then
  return {existing}
end
-- the TTL is set with the key, from the application's clock as every TTL (never Redis TIME)
redis.call('SET', KEYS[1], ARGV[2], 'PX', string.format('%.0f', tonumber(ARGV[4]) - tonumber(ARGV[7])))
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[6])
end
return {ARGV[2]}
