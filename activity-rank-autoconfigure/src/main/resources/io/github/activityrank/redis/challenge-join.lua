-- activity-rank: a user joins a challenge that is not open to all and has not ended.
-- KEYS[1]  the challenge's definition (string, "start:end:expireAt:created:open:rules")
-- KEYS[2]  the user's joined-challenges hash: id -> "start:end:expireAt:token:rules", and the
--          reserved field '#token', the last participation token given out (ids never start
--          with '#')
-- ARGV[1]  the id; ARGV[2] now (epoch ms, the application's clock); ARGV[3] the most joined
--          challenges that have not ended
-- Returns  {1} joined, {0} nothing changed (joined already, or the challenge is unknown, open to
--          all or ended), {-1} the user has joined the most challenges already
local definition = redis.call('GET', KEYS[1])
if not definition then
  return {0}
end
local start, stop, expire_at, _, open, rules =
  string.match(definition, '^(%d+):(%d+):(%d+):(%d+):([01]):(.*)$')
local now = tonumber(ARGV[2])
if open == '1' or tonumber(stop) <= now then
  return {0}
end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  return {0}
end

-- count the challenges that have not ended, dropping those that have
local joined = redis.call('HGETALL', KEYS[2])
local count, last_token, latest_end = 0, 0, tonumber(stop)
for k = 1, #joined, 2 do
  if joined[k] == '#token' then
    last_token = tonumber(joined[k + 1])
  else
    local other_end = tonumber(string.match(joined[k + 1], '^%d+:(%d+):'))
    if other_end <= now then
      redis.call('HDEL', KEYS[2], joined[k])
    else
      count = count + 1
      if other_end > latest_end then latest_end = other_end end
    end
  end
end
if count >= tonumber(ARGV[3]) then
  return {-1}
end

-- the token tells this participation apart from an earlier one (left and joined again), so a
-- revoke of an award from before never takes from this one; the clock's millisecond, made unique
local token = math.max(now, last_token + 1)
redis.call('HSET', KEYS[2], ARGV[1], start .. ':' .. stop .. ':' .. expire_at .. ':' .. string.format('%.0f', token)
  .. ':' .. rules, '#token', string.format('%.0f', token))
-- entries matter only until their challenge ends: the hash lives until the last one does
redis.call('PEXPIRE', KEYS[2], string.format('%.0f', latest_end - now))
return {1}
