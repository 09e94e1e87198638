-- Drops broken streaks from the streak board before a read (docs/streaks.md): midnight passing
-- writes nothing, so a member whose last active day is before yesterday is still on it until a
-- read removes it here. Each broken streak is removed once; a live one is never touched.
-- KEYS[1] the streak board, KEYS[2] each member's last active day (epoch day)
-- ARGV[1] the latest stale day: the day before yesterday, epoch day in activity-rank.time-zone
-- Returns the number of members removed.
local removed = 0
repeat
  local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 500)
  if #stale > 0 then
    redis.call('ZREM', KEYS[1], unpack(stale))
    redis.call('ZREM', KEYS[2], unpack(stale))
    removed = removed + #stale
  end
until #stale < 500
return { removed }
