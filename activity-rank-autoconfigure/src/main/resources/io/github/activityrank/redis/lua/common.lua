-- module common: what every composed script shares (see docs/redis-layout.md, "Composed scripts").

local GLOBAL_CAP = '#cap'

-- 2^29, the range of the tie-break time part (BoardLayout.TIME_SPAN in Java)
local TIME_SPAN = 536870912

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
