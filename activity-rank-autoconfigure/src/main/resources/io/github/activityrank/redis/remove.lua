-- activity-rank: delete everything stored about one user, atomically, and leave the user's
-- removal marker.
-- KEYS     first the user's own keys (ARGV[2] of them: record hashes, week and month hashes, the
--          joined-challenges hash), deleted whole; then the removal flag ({prefix}:removed) and the
--          user's removal marker ({prefix}:removed:<member>); then the recent removals
--          ({prefix}:removed-recently, for a running rebuild); then pairs of a board (period or
--          challenge) and its dense companion
-- ARGV[1]  the member; ARGV[2] how many of the user's own keys lead KEYS
-- ARGV[3]  '1' when the boards hold plain points, so a companion's values are scores; else '0'
-- ARGV[4]  the removal's instant, epoch ms; ARGV[5] when the marker expires, epoch ms (the removal
--          plus retention.record and a day): awards made before the removal that are still queued,
--          retried or replayed until then are dropped by the score script
-- Returns  {changed}: the keys deleted or changed (own keys deleted, boards the member left,
--          companions that lost a value); the markers are not counted
local member = ARGV[1]
local owned = tonumber(ARGV[2])
local changed = 0
for k = 1, owned do
  changed = changed + redis.call('DEL', KEYS[k])
end
local flag, marker, recent = KEYS[owned + 1], KEYS[owned + 2], KEYS[owned + 3]
local removal, expiry = tonumber(ARGV[4]), tonumber(ARGV[5])
-- markers written as one hash of them all (before each had its own key and expiry): each becomes
-- a key of its own that expires as long after its removal as the new one does
if redis.call('TYPE', flag).ok == 'hash' then
  local old = redis.call('HGETALL', flag)
  redis.call('DEL', flag)
  for j = 1, #old, 2 do
    local key = flag .. ':' .. old[j]
    redis.call('SET', key, old[j + 1])
    redis.call('PEXPIREAT', key, string.format('%.0f', tonumber(old[j + 1]) + expiry - removal))
  end
end
-- each marker expires on its own; an expiry already past deletes it at once
redis.call('SET', marker, ARGV[4])
redis.call('PEXPIREAT', marker, ARGV[5])
-- the flag names no one and lives as long as the last marker, so a score call checks a user's
-- marker only while one may exist
if redis.call('PTTL', flag) < expiry - removal then
  redis.call('SET', flag, '1')
  redis.call('PEXPIREAT', flag, ARGV[5])
end
-- a rebuild takes the users removed while it ran out of what it staged; it runs for less than a
-- day, so a day of removals is kept (by the removals' clock), and the index expires a day (by the
-- server's clock) after the shard's last removal
redis.call('ZADD', recent, removal, member)
redis.call('ZREMRANGEBYSCORE', recent, '-inf', string.format('(%.0f', removal - 86400000))
redis.call('PEXPIRE', recent, 86400000)
for k = owned + 4, #KEYS, 2 do
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
