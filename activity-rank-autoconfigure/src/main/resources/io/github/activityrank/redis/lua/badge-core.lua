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
--   hashPrefix   "{prefix}:badges:"
--   boardIdx     the key of today's levels board (activity-rank.levels.points-of); 0: none
--   lowest       the fewest points that reach anything there (level 2, a points badge's tier 1);
--                0: nothing does
--   reach        each counted rule's count thresholds, increasing, as JSON: {"rule":[t1,t2,...]}
--   defs         "timed\nlevels\ncounts\npoints\nstreaks\nholdersPrefix": timed '1' when the
--                levels' board holds a tie-break time part; levels "0,50,200" ('' for none); the
--                count badges "rule:badge:t1/t2/...;...", the points and the streak badges
--                "badge:t1/t2/...;..."; the holders' prefix "{prefix}:badge-holders:"
-- An award tells from reach and lowest alone whether it may reach anything; defs and the
-- functions that grant are made only in a call where one does (badge.defs), so a call that
-- reaches nothing, nearly every call, pays for a counter and little more.
-- What a call reached, one text each: "B:<member>:<badge>:<tier>:<atMs>" for a badge,
-- "L:<member>:<level>:<atMs>" for a level (only the highest one award reached); the writes of a
-- grant and of a counter are journaled (common: wrote), so a command that fails leaves neither.

local badge = { out = {}, command = 0, mark = 0, hash = false, board = false, lowest = 0, reach = false,
                defs_at = 0, tracks_points = false, counted = false, counted_field = false, counted_by = 0 }

-- read the header at ARGV[a]; returns the index after it
function badge.setup(a)
  local board = tonumber(ARGV[a + 1])
  badge.hash, badge.board, badge.lowest, badge.reach, badge.defs_at = ARGV[a], board > 0 and KEYS[board],
    tonumber(ARGV[a + 2]), ARGV[a + 3], a + 4
  badge.tracks_points = badge.board and badge.lowest > 0
  return a + 5
end

-- a spec's rule's count thresholds (false: no count badge counts the rule) and its counter's
-- field, found once per spec and call (reach decoded once per call)
local function badge_reach(spec)
  if type(badge.reach) == 'string' then
    badge.reach = cjson.decode(badge.reach)
  end
  spec.badge_reach, spec.badge_field = badge.reach[spec.rule] or false, '#n:' .. spec.rule
  return spec.badge_reach
end

-- an award (by 1) or a revoke (by -1) of a counted rule moves the member's count: a revoke lowers
-- it (never below none: an award made before the badges were configured was never counted), an
-- award grants the count badges it reaches. The lean loop (lazy) journals the counter only when a
-- grant follows it, the one write after it that can fail (its boards cannot: lean-boards).
function badge.count(spec, member, by, lazy)
  local reach = spec.badge_reach
  if reach == nil then
    reach = badge_reach(spec)
  end
  if not reach then
    return
  end
  local hash, field = badge.hash .. member, spec.badge_field
  local n = redis.call('HINCRBY', hash, field, by > 0 and '1' or '-1') -- text: no number to format
  if lazy then
    badge.counted, badge.counted_field, badge.counted_by = hash, field, by
  else
    wrote('i', hash, field, by)
  end
  if n < 0 then
    badge.journal()
    redis.call('HSET', hash, field, 0)
    wrote('h', hash, field, int(n))
  elseif by > 0 and n <= reach[#reach] then
    for t = 1, #reach do
      if reach[t] == n then
        return badge.defs().crossed(badge.counts[spec.rule], member, n - by, n)
      end
    end
  end
end

-- journal the lean loop's counter of the command at hand, before a write that can fail follows it
function badge.journal()
  if badge.counted then
    wrote('i', badge.counted, badge.counted_field, badge.counted_by)
    badge.counted = false
  end
end

-- the member's points on the levels' board moved up from `before` to `after`: levels announced
-- once per crossing upwards, points badges granted once
function badge.moved(member, before, after)
  if after >= badge.lowest then
    badge.defs().points_crossed(member, before, after)
  end
end

-- the lean loop's hook, for command n before it writes its boards: an award (points > 0 or a
-- penalty) or a revoke (revoked). points_before (lean-boards) tells the member's points on the
-- levels' board before the award, or false when no award of these points can reach `lowest` there.
function badge.lean(spec, member, points, n, revoked, points_before)
  badge.command, badge.mark, badge.counted = n, #badge.out, false
  badge.count(spec, member, revoked and -1 or 1, true)
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

-- the levels, the badges and the functions that grant them, made the first time a call needs them
function badge.defs()
  if badge.levels then
    return badge
  end
  local timed, levels, counts, points, streaks, holders =
    string.match(ARGV[badge.defs_at], '^(.-)\n(.-)\n(.-)\n(.-)\n(.-)\n(.*)$')
  badge.timed, badge.levels, badge.counts, badge.points, badge.streaks = timed == '1', {}, {}, {}, {}
  for v in string.gmatch(levels, '%d+') do badge.levels[#badge.levels + 1] = tonumber(v) end
  local function list(text, into, with_rule)
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
  list(counts, badge.counts, true)
  list(points, badge.points, false)
  list(streaks, badge.streaks, false)

  -- how many of the thresholds a value reaches
  local function tier(at, value)
    local t = 0
    while at[t + 1] and value >= at[t + 1] do t = t + 1 end
    return t
  end

  -- grant a tier of a badge unless the member holds it or a higher one
  local function grant(member, def, reached)
    local hash = badge.hash .. member
    local held = redis.call('HGET', hash, def.name)
    local before = held and tonumber(string.match(held, '^%d+'))
    if before and before >= reached then
      return
    end
    local when = int(at)
    badge.journal()
    redis.call('HSET', hash, def.name, reached .. ':' .. when .. ':1')
    wrote('h', hash, def.name, held or false)
    redis.call('ZADD', holders .. def.name, reached, member)
    wrote('s', holders .. def.name, member, before or false)
    badge.out[#badge.out + 1] = 'B:' .. member .. ':' .. def.name .. ':' .. reached .. ':' .. when
  end

  -- a value moved from `before` to `after`: each badge whose tier it raised, from the list given
  function badge.crossed(list_of, member, before, after)
    for _, def in ipairs(list_of) do
      local t = tier(def.at, after)
      if t > tier(def.at, before) then
        grant(member, def, t)
      end
    end
  end

  function badge.points_crossed(member, before, after)
    local level = tier(badge.levels, after)
    if level > 1 and level > tier(badge.levels, before) then
      badge.out[#badge.out + 1] = 'L:' .. member .. ':' .. level .. ':' .. int(at)
    end
    badge.crossed(badge.points, member, before, after)
  end
  return badge
end
