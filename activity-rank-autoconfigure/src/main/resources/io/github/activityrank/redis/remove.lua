-- activity-rank: delete everything stored about one user, atomically.
-- KEYS     first the user's own keys (ARGV[2] of them: record hashes, week and month hashes, the
--          joined-challenges hash), deleted whole; then the hash of removal markers; then pairs of a board (period or challenge) and
--          its dense companion
-- ARGV[1]  the member; ARGV[2] how many of the user's own keys lead KEYS
-- ARGV[3]  '1' when the boards hold plain points, so a companion's values are scores; else '0'
-- ARGV[4]  the removal's instant, epoch ms; ARGV[5] how long the markers are kept, ms: awards made
--          before it that are still queued or retried are dropped by the score script
-- Returns  {changed}: the keys deleted or changed (own keys deleted, boards the member left,
--          companions that lost a value)
local member = ARGV[1]
local owned = tonumber(ARGV[2])
local changed = 0
for k = 1, owned do
  changed = changed + redis.call('DEL', KEYS[k])
end
local markers = KEYS[owned + 1]
redis.call('HSET', markers, member, ARGV[4])
if redis.call('PTTL', markers) < tonumber(ARGV[5]) then
  redis.call('PEXPIRE', markers, ARGV[5])
end
for k = owned + 2, #KEYS, 2 do
  local board, dense = KEYS[k], KEYS[k + 1]
  local score = redis.call('ZSCORE', board, member)
  if score then
    redis.call('ZREM', board, member)
    changed = changed + 1
    -- the companion loses the value when no one else holds it
    if ARGV[3] == '1' and redis.call('ZCOUNT', board, score, score) == 0
        and redis.call('ZREM', dense, string.format('%.0f', tonumber(score))) == 1 then
      changed = changed + 1
    end
  end
end
return {changed}
