-- module common: what every composed script shares (see docs/redis-layout.md, "Composed scripts").

local GLOBAL_CAP = '#cap'

-- 2^32, the range of the tie-break time part (BoardLayout.TIME_SPAN in Java): milliseconds on day,
-- week and month boards and on challenges shorter than 2^32 ms, seconds on total boards and longer
-- challenges
local TIME_SPAN = 4294967296

-- exact integers as Redis should store them (a Lua number could print as 1e+15); each value is
-- formatted once per call, as the same points go to many boards
local formatted = {}
local function int(n)
  local text = formatted[n]
  if not text then
    text = string.format('%.0f', n)
    formatted[n] = text
  end
  return text
end

-- A record's value for one award: points * 65536 + its rule's number (1..65535, from the rule's
-- name: RecordValues.number in Java; 0 for explicit points), one integer Redis stores compactly;
-- the registry of rules maps the number back to the name for summaries. A rule whose number the
-- registry holds for another name (a clash of two names) is written "points:rule".
local RULE_NUMBERS = 65536

local function record_value(spec, points)
  if spec.number then -- false: no number
    return int(points * RULE_NUMBERS + spec.number)
  end
  return int(points) .. ':' .. spec.rule
end

-- the points a record's value holds
local function points_in(value)
  local n = tonumber(value)
  if n then
    return (n - n % RULE_NUMBERS) / RULE_NUMBERS
  end
  return tonumber(string.match(value, '^(-?%d+):'))
end

-- the time part of a command made at `at_ms` (epoch ms) on a board with that base (BoardLayout.timeBase):
-- a base of 0 or more counts milliseconds (TIME_SPAN - 1 + origin ms), a negative one whole seconds
-- (-(TIME_SPAN - 1 + origin second), total boards); the earlier, the larger
local function time_at(base, at_ms)
  local t
  if base >= 0 then
    t = base - at_ms
  else
    t = -base - math.floor(at_ms / 1000)
  end
  return math.max(0, math.min(TIME_SPAN - 1, t))
end
