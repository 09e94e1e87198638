-- activity-rank: the refresh state of one rolling board, which decides which instance rebuilds it,
-- and the fence that keeps a rebuild whose claim was taken over from putting anything in place.
--
-- KEYS[1]  the state hash ({tag}:rolling-state:<name>). On the first shard: field "built", when the
--          board in place was built (epoch ms, by the application's clock); "lock", until when the
--          claim on its rebuild holds (epoch ms); "beat", counting claims and renewals, which tells a
--          waiting reader that the claim's builder is alive. On every shard: "gen", the generation
--          of the newest claim, which alone may put a part of the board in place there
-- ARGV[1]  "claim", "renew", "fence" or "done"
-- ARGV[2]  now (claim, renew) or the instant the finished build read the day boards at (done), epoch ms
-- ARGV[3]  the refresh interval, ms: a board built less than this long ago is not rebuilt
-- ARGV[4]  how long a claim holds without a renewal, ms: then another instance may take it
-- ARGV[5]  how long the state hash lives after each write, ms
-- ARGV[6]  renew, fence, done: the generation of the caller's claim. claim: '' or the beat a reader
--          saw unchanged for a whole claim's time, whose claim it then takes over although it holds
-- Returns  { outcome, built, gen, beat }: outcome 1 when this call claimed the rebuild (claim),
--          renewed or recorded it (renew, done) or fenced the shard (fence); 0 when the board is
--          fresh (claim); -1 when another claim holds it or took it over. built: when the board in
--          place was built, -1 for never. gen: the generation of the newest claim (of this call's
--          claim when it claimed). beat: the claim's beat
local now = tonumber(ARGV[2])
local gen = tonumber(redis.call('HGET', KEYS[1], 'gen') or '0')
if ARGV[1] == 'fence' then
  -- generations only grow: a fence written late by an older claim changes nothing
  local mine = tonumber(ARGV[6])
  if gen < mine then
    redis.call('HSET', KEYS[1], 'gen', ARGV[6])
    redis.call('PEXPIRE', KEYS[1], ARGV[5])
    gen = mine
  end
  return { (gen == mine) and 1 or -1, -1, gen, 0 }
end
local built = tonumber(redis.call('HGET', KEYS[1], 'built') or '-1')
local beat = tonumber(redis.call('HGET', KEYS[1], 'beat') or '0')
if ARGV[1] ~= 'claim' and gen ~= tonumber(ARGV[6]) then
  return { -1, built, gen, beat }
end
if ARGV[1] == 'renew' then
  beat = beat + 1
  redis.call('HSET', KEYS[1], 'lock', string.format('%.0f', now + tonumber(ARGV[4])), 'beat', beat)
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return { 1, built, gen, beat }
end
if ARGV[1] == 'done' then
  if now > built then
    redis.call('HSET', KEYS[1], 'built', ARGV[2])
    built = now
  end
  redis.call('HDEL', KEYS[1], 'lock')
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return { 1, built, gen, beat }
end
if built >= 0 and now - built < tonumber(ARGV[3]) then
  return { 0, built, gen, beat }
end
local lock = tonumber(redis.call('HGET', KEYS[1], 'lock') or '-1')
if now < lock and tonumber(ARGV[6]) ~= beat then
  return { -1, built, gen, beat }
end
-- a generation above every earlier one, even when the hash was lost: the server's clock in us
local time = redis.call('TIME')
gen = math.max(gen + 1, tonumber(time[1]) * 1000000 + tonumber(time[2]))
beat = beat + 1
redis.call('HSET', KEYS[1], 'lock', string.format('%.0f', now + tonumber(ARGV[4])), 'gen',
  string.format('%.0f', gen), 'beat', beat)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return { 1, built, gen, beat }
