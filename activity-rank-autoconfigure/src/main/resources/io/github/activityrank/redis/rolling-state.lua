-- activity-rank: the refresh state of one rolling board, which decides which instance rebuilds it.
--
-- KEYS[1]  the state hash ({tag}:rolling-state:<days>, on the first shard): field "built", when the
--          board in place was built (epoch ms, by the application's clock); field "lock", until when
--          the instance that claimed the rebuild holds it (epoch ms)
-- ARGV[1]  "claim" or "done"
-- ARGV[2]  now (claim) or the instant the finished build read the day boards at (done), epoch ms
-- ARGV[3]  the refresh interval, ms: a board built less than this long ago is not rebuilt
-- ARGV[4]  how long a claim holds, ms: a claim older than this (its instance died) may be taken
-- ARGV[5]  how long the state hash lives after each write, ms
-- Returns  { outcome, built }: outcome 1 when this call claimed the rebuild (claim) or recorded it
--          (done); 0 when the board is fresh; -1 when another instance holds the claim. built: when
--          the board in place was built, -1 for never
local now, refresh = tonumber(ARGV[2]), tonumber(ARGV[3])
local built = tonumber(redis.call('HGET', KEYS[1], 'built') or '-1')
if ARGV[1] == 'done' then
  if now > built then
    redis.call('HSET', KEYS[1], 'built', ARGV[2])
    built = now
  end
  redis.call('HDEL', KEYS[1], 'lock')
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return { 1, built }
end
if built >= 0 and now - built < refresh then
  return { 0, built }
end
local lock = tonumber(redis.call('HGET', KEYS[1], 'lock') or '-1')
if now < lock then
  return { -1, built }
end
redis.call('HSET', KEYS[1], 'lock', string.format('%.0f', now + tonumber(ARGV[4])))
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return { 1, built }
