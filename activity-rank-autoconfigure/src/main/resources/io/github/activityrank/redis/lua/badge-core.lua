-- module badge-core: what the badges module and the lean loop share of levels and the count, points
-- and streak badges (docs/badges.md). Composed after challenges and before lean-boards, only while
-- activity-rank.levels or activity-rank.badges is configured (ScoreScript; BadgeScript writes its
-- arguments); badge-core-none leaves `badge` false, so a call without them pays one test per award.
-- A command applied before (a retry, a redelivered message) answers status 1 and reaches none of
-- this, so each tier and each level crossing is granted once.
--
-- Keys, named here from prefixes in the slot of the call's KEYS (the user's shard with shards):
--   {prefix}:badges:<member>          hash: <badge> -> "tier:earnedAtMs:times"; '#n:<rule>' -> the
--                                     standing awards of a counted rule (top badges live apart,
--                                     BadgeKeys)
--   {prefix}:badge-holders:<badge>    sorted set: member -> the tier held
-- ARGV, at a (badge.setup; the full call: after score-args, the lean call: after its specs):
--   hashPrefix     "{prefix}:badges:"
--   holdersPrefix  "{prefix}:badge-holders:"
--   boardIdx       the key of today's levels board (activity-rank.levels.points-of); 0: none
--   timed          '1' when that board's scores hold a tie-break time part
--   levels         the points each level starts from, "0,50,200"; '' for none
--   counts         the count badges, "rule:badge:t1/t2/...;..."; '' for none
--   points         the points badges, "badge:t1/t2/...;..."
--   streaks        the streak badges, "badge:t1/t2/...;..."
-- What a call reached, one text each: "B:<member>:<badge>:<tier>:<atMs>" for a badge,
-- "L:<member>:<level>:<atMs>" for a level (only the highest one award reached); the writes of a
-- grant and of a counter are journaled (common: wrote), so a command that fails leaves neither.

local badge = { out = {}, command = 0 }

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

-- read the header at ARGV[a]; returns the index after it
function badge.setup(a)
  badge.hash, badge.holders, badge.timed = ARGV[a], ARGV[a + 1], ARGV[a + 3] == '1'
  local board = tonumber(ARGV[a + 2])
  badge.board = board > 0 and KEYS[board]
  badge.levels, badge.counts, badge.points, badge.streaks = {}, {}, {}, {}
  for v in string.gmatch(ARGV[a + 4], '%d+') do badge.levels[#badge.levels + 1] = tonumber(v) end
  badge_list(ARGV[a + 5], badge.counts, true)
  badge_list(ARGV[a + 6], badge.points, false)
  badge_list(ARGV[a + 7], badge.streaks, false)
  badge.tracks_points = badge.board and (#badge.levels > 1 or #badge.points > 0)
  -- the fewest points that reach anything on the levels' board: level 2 or a points badge's tier 1
  badge.lowest = badge.levels[2] or math.huge
  for _, def in ipairs(badge.points) do badge.lowest = math.min(badge.lowest, def.at[1]) end
  return a + 8
end

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
  local before = held and tonumber(string.match(held, '^%d+'))
  if before and before >= tier then
    return
  end
  local when = int(at)
  redis.call('HSET', hash, def.name, tier .. ':' .. when .. ':1')
  wrote('h', hash, def.name, held or false)
  redis.call('ZADD', badge.holders .. def.name, tier, member)
  wrote('s', badge.holders .. def.name, member, before or false)
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

-- the member's points on the levels' board moved up from `before` to `after`: levels announced
-- once per crossing upwards, points badges granted once
function badge.moved(member, before, after)
  local level = badge.tier(badge.levels, after)
  if level > 1 and level > badge.tier(badge.levels, before) then
    badge.out[#badge.out + 1] = 'L:' .. member .. ':' .. level .. ':' .. int(at)
  end
  badge.crossed(badge.points, member, before, after)
end

-- an award (by 1) or a revoke (by -1) of a counted rule moves the member's count: a revoke lowers
-- it (never below none: an award made before the badges were configured was never counted), an
-- award grants the count badges it reaches
function badge.count(counted, rule, member, by)
  local hash, field = badge.hash .. member, '#n:' .. rule
  local n = redis.call('HINCRBY', hash, field, by)
  wrote('i', hash, field, by)
  if n < 0 then
    redis.call('HSET', hash, field, 0)
    wrote('h', hash, field, int(n))
  elseif by > 0 then
    badge.crossed(counted, member, n - by, n)
  end
end

-- the lean loop's hook, for command n before it writes its boards: an award (points > 0 or a
-- penalty) or a revoke (revoked). points_before (lean-boards) tells the member's points on the
-- levels' board before the award, or false when no award of these points can reach `lowest` there.
function badge.lean(spec, member, points, n, revoked, points_before)
  badge.command, badge.mark = n, #badge.out
  local counted = badge.counts[spec.rule]
  if counted then
    badge.count(counted, spec.rule, member, revoked and -1 or 1)
  end
  if not revoked and points > 0 and badge.tracks_points then
    local before = points_before(badge.board, member, points, badge.lowest)
    if before then
      badge.moved(member, before, before + points)
    end
  end
end

-- a command failed: what it reached (the texts after the first `mark`) is not announced
function badge.forget(mark)
  for k = #badge.out, mark + 1, -1 do badge.out[k] = nil end
end
