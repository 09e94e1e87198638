-- activity-rank: create a challenge unless one exists under its id.
-- KEYS[1]  the challenge's definition (string); KEYS[2] the registry of challenges (sorted set,
--          member = id, score = end); KEYS[3] the open-challenges hash (id -> entry, and '#token',
--          the last token given to an open challenge)
-- ARGV[1]  the id; ARGV[2] the definition, "start:end:expireAt:created:open:rules" (epoch ms);
--          ARGV[3] end; ARGV[4] expireAt, when its keys expire (end + retention);
--          ARGV[5] '1' when the challenge is open to all, else '0'; ARGV[6] its entry in the
--          open-challenges hash, "start:end:expireAt:token:rules" (the token is made larger than
--          every token the hash gave out, so an award's stamp tells which open challenges existed
--          when it was made, as join does for a user's); ARGV[7] now (epoch ms, the
--          application's clock); ARGV[8] the most open challenges that may not have ended at once
--          (every award reads them all)
-- Returns  {definition}: the definition stored under the id after the call; {'', count} when the
--          challenge is new, open to all, and `count` open challenges that have not ended reach the
--          cap (nothing is stored then)
local existing = redis.call('GET', KEYS[1])
if existing then
  return {existing}
end
local last_token = 0
if ARGV[5] == '1' then
  local now, open = tonumber(ARGV[7]), 0
  local entries = redis.call('HGETALL', KEYS[3])
  for k = 1, #entries, 2 do
    -- '#': a reserved field; an entry is "start:end:expireAt:token:..."
    local stop, token = string.match(entries[k + 1], '^%d+:(%d+):%d+:(%d+):')
    if string.byte(entries[k], 1) == 35 then
      if entries[k] == '#token' then
        last_token = math.max(last_token, tonumber(entries[k + 1]))
      end
    else
      last_token = math.max(last_token, tonumber(token))
      if tonumber(stop) > now then
        open = open + 1
      end
    end
  end
  if open >= tonumber(ARGV[8]) then
    return {'', open}
  end
end
-- the TTL is set with the key, from the application's clock as every TTL (never Redis TIME)
redis.call('SET', KEYS[1], ARGV[2], 'PX', string.format('%.0f', tonumber(ARGV[4]) - tonumber(ARGV[7])))
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
if ARGV[5] == '1' then
  -- the token: the creation instant, made unique and larger than every one given before
  local head, created, rules = string.match(ARGV[6], '^(%d+:%d+:%d+:)(%d+):(.*)$')
  local token = string.format('%.0f', math.max(tonumber(created), last_token + 1))
  redis.call('HSET', KEYS[3], ARGV[1], head .. token .. ':' .. rules, '#token', token)
end
return {ARGV[2]}
