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
--   numbers      two little-endian doubles (struct.pack '<dd'): the key of today's levels board
--                (activity-rank.levels.points-of; 0: none) and the fewest points that reach anything
--                there (level 2, a points badge's tier 1; 0: nothing does)
--   defs         "timed\nlevels\ncounts\npoints\nstreaks\nholdersPrefix": timed '1' when the
--                levels' board holds a tie-break time part; levels "0,50,200" ('' for none); the
--                count badges "rule:badge:t1/t2/...;...", the points and the streak badges
--                "badge:t1/t2/...;..."; the holders' prefix "{prefix}:badge-holders:"
--   then one per spec of the call, in the specs' order: the count thresholds of its rule, increasing,
--                as little-endian doubles ('' when no count badge counts the rule)
-- A call decodes of them only the two numbers (one struct.unpack; a tonumber each would cost more)
-- and each counted spec's lowest and highest threshold: an award tells from its rule's counter,
-- those and lowest alone whether it may reach anything. The lean loop raises the counter itself
-- (badge.counter gives it the field and the thresholds) and tells from the levels' board's ceiling
-- whether points come near lowest; only a revoke or an award near a threshold makes the functions
-- that count down and grant (badge.lib), and only a grant parses defs (badge.defs): every closure
-- and table a call makes is garbage Lua's collector then pays for, so a call that reaches nothing,
-- nearly every call, makes three closures, a table per counted spec and pays for a counter and
-- little more.
-- What a call reached, one text each: "B:<member>:<badge>:<tier>:<atMs>" for a badge,
-- "L:<member>:<level>:<atMs>" for a level (only the highest one award reached); the writes of a
-- grant and of a counter are journaled (common: wrote), so a command that fails leaves neither.
-- The lean loop journals its counter only when a grant follows it, the one write after it that
-- can fail (its boards cannot: lean-boards).

local badge = { out = false, command = 0, mark = 0, hash = false, board = false, lowest = 0, reach = 0,
                defs_at = 0, tracks_points = false }

-- read the header at ARGV[a], followed by one argument per spec (specs: their number); returns the
-- index after it
function badge.setup(a, specs)
  local board, lowest = struct.unpack('<dd', ARGV[a + 1])
  badge.hash, badge.board, badge.lowest, badge.defs_at, badge.reach = ARGV[a], board > 0 and KEYS[board], lowest,
    a + 2, a + 2
  badge.tracks_points = badge.board and lowest > 0
  return a + 3 + specs
end

-- a spec's rule's counter, made once per spec and call: false when no count badge counts the
-- rule, else its field ('#n:<rule>'), its thresholds (packed, at) and the lowest and highest of
-- them: a count outside those reaches none (badge.threshold tells within)
function badge.counter(spec)
  local at, counter = ARGV[badge.reach + spec.n], false
  if at ~= '' then
    counter = { field = '#n:' .. spec.rule, at = at, low = struct.unpack('<d', at),
                high = struct.unpack('<d', at, #at - 7) }
  end
  spec.badge_counter = counter
  return counter
end

-- the functions that count down, grant and announce, made the first time a call needs one
function badge.lib()
  if badge.count then
    return badge
  end
  badge.out = {} -- what the call reached: only a function made here adds to it

  -- whether n is one of the counter's thresholds
  function badge.threshold(counter, n)
    local at = counter.at
    for p = 1, #at, 8 do
      local t = struct.unpack('<d', at, p)
      if t >= n then
        return t == n
      end
    end
    return false
  end

  -- the texts command c adds to out follow `mark` (badge.forget takes them back when it fails)
  local function command(c)
    if badge.command ~= c then
      badge.command, badge.mark = c, #badge.out
    end
  end

  -- an award (by 1) or a revoke (by -1) of a counted rule moves the member's count, journaled: a
  -- revoke lowers it (never below none: an award made before the badges were configured was never
  -- counted), an award grants the count badges it reaches
  function badge.count(spec, member, by)
    local counter = spec.badge_counter
    if counter == nil then
      counter = badge.counter(spec)
    end
    if not counter then
      return
    end
    local hash, field = badge.hash .. member, counter.field
    local n = redis.call('HINCRBY', hash, field, by > 0 and '1' or '-1') -- text: no number to format
    wrote('i', hash, field, by)
    if n < 0 then
      redis.call('HSET', hash, field, 0)
      wrote('h', hash, field, int(n))
    elseif by > 0 and badge.threshold(counter, n) then
      badge.defs().crossed(badge.counts[spec.rule], member, n - by, n)
    end
  end

  -- the lean loop raised the member's counter of a counted rule to n, within its thresholds, in
  -- command c: when n is one, the counter journaled (as the grant that follows can fail), the grant
  -- made and true returned
  function badge.counted(spec, member, n, c)
    if not badge.threshold(spec.badge_counter, n) then
      return false
    end
    wrote('i', badge.hash .. member, spec.badge_counter.field, 1)
    command(c)
    badge.defs().crossed(badge.counts[spec.rule], member, n - 1, n)
    return true
  end

  -- the lean loop's command c took the member's points on the levels' board from `before` up by
  -- `points`; n: the count it raised a counter of the spec's rule to (false: none, or journaled)
  function badge.rose(spec, member, before, points, c, n)
    if before + points >= badge.lowest then
      if n then
        wrote('i', badge.hash .. member, spec.badge_counter.field, 1)
      end
      command(c)
      badge.moved(member, before, before + points)
    end
  end

  -- the member's points on the levels' board moved up from `before` to `after`: levels announced
  -- once per crossing upwards, points badges granted once
  function badge.moved(member, before, after)
    if after >= badge.lowest then
      badge.defs().points_crossed(member, before, after)
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
  return badge
end
