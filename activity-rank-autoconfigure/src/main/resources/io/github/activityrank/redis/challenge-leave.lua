-- activity-rank: a user leaves a joined challenge that has not ended, and its board.
-- KEYS[1]  the user's joined-challenges hash; KEYS[2] the challenge board; KEYS[3] its dense
--          companion
-- ARGV[1]  the id; ARGV[2] now (epoch ms, the application's clock); ARGV[3] the member;
--          ARGV[4] '1' when boards hold plain points, so a companion's values are scores
-- Returns  {1} left, {0} nothing changed (not joined, or the challenge has ended: its board is
--          final)
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then
  return {0}
end
if tonumber(string.match(entry, '^%d+:(%d+):')) <= tonumber(ARGV[2]) then
  return {0}
end
redis.call('HDEL', KEYS[1], ARGV[1])
local score = redis.call('ZSCORE', KEYS[2], ARGV[3])
if score then
  redis.call('ZREM', KEYS[2], ARGV[3])
  -- the companion loses the value when no one else holds it
  if ARGV[4] == '1' and redis.call('ZCOUNT', KEYS[2], score, score) == 0 then
    redis.call('ZREM', KEYS[3], string.format('%.0f', tonumber(score)))
  end
end
return {1}
