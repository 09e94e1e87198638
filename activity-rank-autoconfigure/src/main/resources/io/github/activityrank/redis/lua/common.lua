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
