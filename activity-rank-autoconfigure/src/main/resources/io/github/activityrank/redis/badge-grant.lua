-- Grant a badge's tier retroactively (BadgeStore.grantBadges; docs/badges.md), unless the user
-- holds it or a higher one.
-- KEYS[1]  the user's badges hash, {prefix}:badges:<member>
-- KEYS[2]  the badge's holders, {prefix}:badge-holders:<badge>
-- ARGV     member, badge, tier, atMs
-- Returns  1 when granted, else 0
local member, badge, tier, at = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local held = redis.call('HGET', KEYS[1], badge)
if held and tonumber(string.match(held, '^%d+')) >= tier then
  return 0
end
redis.call('HSET', KEYS[1], badge, tier .. ':' .. at .. ':1')
redis.call('ZADD', KEYS[2], tier, member)
return 1
