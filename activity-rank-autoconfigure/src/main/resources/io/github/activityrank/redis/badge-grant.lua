-- Grant a badge's tier retroactively (RetroBadgeGrants, ActivityRankAdmin.grantBadges();
-- docs/badges.md), unless the user holds it or a higher one.
-- KEYS[1]  the user's badges hash, {prefix}:badges:<member>
-- KEYS[2]  the badge's holders, {prefix}:badge-holders:<badge>
-- ARGV     member, badge, tier (0: none to grant), atMs, then a count badge's counter
--          ('#n:<rule>', or '' for none) and the count the ledger's standing awards give: the
--          counter is raised to it when it holds fewer, so the next tiers follow the ledger's count
-- Returns  how many tiers it granted: the tier less the one held before (0: none)
local member, badge, tier, at = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
if ARGV[5] ~= '' and (tonumber(redis.call('HGET', KEYS[1], ARGV[5])) or 0) < tonumber(ARGV[6]) then
  redis.call('HSET', KEYS[1], ARGV[5], ARGV[6])
end
if tier == 0 then
  return 0
end
local held = redis.call('HGET', KEYS[1], badge)
local before = held and tonumber(string.match(held, '^%d+')) or 0
if before >= tier then
  return 0
end
redis.call('HSET', KEYS[1], badge, tier .. ':' .. at .. ':1')
redis.call('ZADD', KEYS[2], tier, member)
return tier - before
