-- module badges: levels and the count, points and streak badges, decided in the award's own call
-- (docs/badges.md). Composed right after award, only while activity-rank.levels or
-- activity-rank.badges is configured (ScoreScript; BadgeScript writes its arguments). It wraps
-- award and revoke, so the streaks module's milestone bonus passes through it too; badge-streaks,
-- after the streaks module, wraps award again for the streak badges. The call is atomic and a
-- command already applied (a retry, a redelivered message) answers status 1 and reaches none of
-- this, so each tier and each level crossing is granted once.
--
-- Keys, named here from prefixes in the slot of the call's KEYS (the user's shard with shards):
--   {prefix}:badges:<member>          hash: <badge> -> "tier:earnedAtMs:times"; '#n:<rule>' -> the
--                                     standing awards of a counted rule (top badges live apart,
--                                     BadgeKeys)
--   {prefix}:badge-holders:<badge>    sorted set: member -> the tier held
-- ARGV, at i, after the arguments of score-args and before those of the streaks module:
--   hashPrefix     "{prefix}:badges:"
--   holdersPrefix  "{prefix}:badge-holders:"
--   boardIdx       the key of today's levels board (activity-rank.levels.points-of); 0: none
--   timed          '1' when that board's scores hold a tie-break time part
--   levels         the points each level starts from, "0,50,200"; '' for none
--   counts         the count badges, "rule:badge:t1/t2/...;..."; '' for none
--   points         the points badges, "badge:t1/t2/...;..."
--   streaks        the streak badges, "badge:t1/t2/...;..."
-- Reply: score-main appends what the call reached after the commands' integers, one text each:
-- "B:<member>:<badge>:<tier>:<atMs>" for a badge, "L:<member>:<level>:<atMs>" for a level (only
-- the highest reached by one award).

local badge = { hash = ARGV[i], holders = ARGV[i + 1], board = tonumber(ARGV[i + 2]),
                timed = ARGV[i + 3] == '1', levels = {}, counts = {}, points = {}, streaks = {}, out = {} }
badge.board = badge.board > 0 and KEYS[badge.board]
for v in string.gmatch(ARGV[i + 4], '%d+') do badge.levels[#badge.levels + 1] = tonumber(v) end
local function badge_list(text, into, with_rule)
  for part in string.gmatch(text, '[^;]+') do
    local rule, name, tiers = string.match(part, with_rule and '^([^:]+):([^:]+):(.+)$' or '^()([^:]+):(.+)$')
    local def = { name = name, at = {} }
    for v in string.gmatch(tiers, '%d+') do def.at[#def.at + 1] = tonumber(v) end
    if with_rule then
      into[rule] = into[rule] or {}
      into[rule][#into[rule] + 1] = def
    else
      into[#into + 1] = def
    end
  end
end
badge_list(ARGV[i + 5], badge.counts, true)
badge_list(ARGV[i + 6], badge.points, false)
badge_list(ARGV[i + 7], badge.streaks, false)
badge.tracks_points = badge.board and (#badge.levels > 1 or #badge.points > 0)
i = i + 8

-- how many of the thresholds a value reaches
function badge.tier(at, value)
  local t = 0
  while at[t + 1] and value >= at[t + 1] do t = t + 1 end
  return t
end

-- grant a tier of a badge unless the member holds it or a higher one
function badge.grant(member, def, tier)
  local hash = badge.hash .. member
  local held = redis.call('HGET', hash, def.name)
  if held and tonumber(string.match(held, '^%d+')) >= tier then
    return
  end
  local when = int(at)
  redis.call('HSET', hash, def.name, tier .. ':' .. when .. ':1')
  redis.call('ZADD', badge.holders .. def.name, tier, member)
  badge.out[#badge.out + 1] = 'B:' .. member .. ':' .. def.name .. ':' .. tier .. ':' .. when
end

-- a value moved from `before` to `after`: each badge whose tier it raised, from the list given
function badge.crossed(list, member, before, after)
  for _, def in ipairs(list) do
    local tier = badge.tier(def.at, after)
    if tier > badge.tier(def.at, before) then
      badge.grant(member, def, tier)
    end
  end
end

-- the member's points on the levels' board, after `points` were added: levels announced once per
-- crossing upwards, points badges granted once
function badge.points_moved(member, points)
  local score = tonumber(redis.call('ZSCORE', badge.board, member)) or 0
  local after = badge.timed and math.floor(score / TIME_SPAN) or score
  local before = after - points
  local level = badge.tier(badge.levels, after)
  if level > badge.tier(badge.levels, before) and level > 1 then
    badge.out[#badge.out + 1] = 'L:' .. member .. ':' .. level .. ':' .. int(at)
  end
  badge.crossed(badge.points, member, before, after)
end

local badge_plain_award, badge_plain_revoke = award, revoke

local function award(spec, member, field, first)
  local status, points = badge_plain_award(spec, member, field, first)
  if status ~= 0 then
    return status, points
  end
  local counted = badge.counts[spec.rule]
  if counted then
    local n = redis.call('HINCRBY', badge.hash .. member, '#n:' .. spec.rule, 1)
    badge.crossed(counted, member, n - 1, n)
  end
  if points > 0 and badge.tracks_points then
    badge.points_moved(member, points)
  end
  return status, points
end

local function revoke(spec, member, field, first)
  local status, points = badge_plain_revoke(spec, member, field, first)
  local counted = status == 3 and badge.counts[spec.rule]
  if counted and redis.call('HINCRBY', badge.hash .. member, '#n:' .. spec.rule, -1) < 0 then
    -- an award made before the badges were configured: the count starts from none
    redis.call('HSET', badge.hash .. member, '#n:' .. spec.rule, 0)
  end
  -- giving a penalty back adds points
  if status == 3 and points < 0 and badge.tracks_points then
    badge.points_moved(member, -points)
  end
  return status, points
end

-- score-main's hook: what the call reached follows the commands' integers
local function badge_out(out)
  for _, text in ipairs(badge.out) do out[#out + 1] = text end
end
