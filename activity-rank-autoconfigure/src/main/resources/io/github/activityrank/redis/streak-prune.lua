-- Takes broken streaks off the streak board: the maintenance step StreakPruning runs at each
-- day's start in activity-rank.time-zone (docs/streaks.md); a board read only for a large backlog. Midnight passing
-- writes nothing, so a member whose last active day is before yesterday stays on the board until
-- this removes it. One chunk per call, so no call holds Redis for long; the caller calls again
-- while a whole chunk was removed. A live streak is never touched.
-- KEYS[1] the streak board, KEYS[2] each member's last active day (epoch day)
-- ARGV[1] the latest stale day: the day before yesterday, epoch day in activity-rank.time-zone
-- ARGV[2] the most members one call removes
-- Returns { the number of members removed }.
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
if #stale > 0 then
  redis.call('ZREM', KEYS[1], unpack(stale))
  redis.call('ZREM', KEYS[2], unpack(stale))
end
return { #stale }
