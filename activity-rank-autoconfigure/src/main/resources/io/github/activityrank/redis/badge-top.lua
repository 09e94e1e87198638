-- Grant a top badge when a board ended (BadgeStore.grantTop; docs/badges.md): once per board and
-- user, whatever the number of instances or a republished end.
-- KEYS[1]  the user's top badges hash, {prefix}:top-badges:<member>
-- KEYS[2]  the badge's holders, {prefix}:top-badge-holders:<badge>
-- ARGV     member, badge, board (the ended board's id), atMs
-- Returns  how often the user has now earned the badge, or 0 when this board granted it before
local member, badge, board, at = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('HGET', KEYS[1], '#top:' .. badge) == board then
  return 0
end
local held = redis.call('HGET', KEYS[1], badge)
local times = held and tonumber(string.match(held, ':(%d+)$')) + 1 or 1
redis.call('HSET', KEYS[1], '#top:' .. badge, board, badge, '1:' .. at .. ':' .. times)
redis.call('ZADD', KEYS[2], 1, member)
return times
