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

-- a board score (below 2^53, a time part included) as Redis should store it, not kept like int's
-- (each is written once): '%d' formats a double near 2^53 at half the cost of '%.0f', and exactly
-- where Lua's integer format takes a 64-bit C long (as on every 64-bit Linux); where it does not,
-- '%.0f'. Asked once per call.
local score_format
local function score_text(score)
  score_format = score_format or (string.format('%d', 2 ^ 53) == '9007199254740992' and '%d' or '%.0f')
  return string.format(score_format, score)
end

-- A record's value for one award: its points and its rule's number in one small integer. Rules are
-- numbered 1, 2, ... in the registry of rules (rule_number), 0 stands for explicit points; the
-- points are zigzagged (0, -1, 1, -2, ... -> 0, 1, 2, 3, ...) and paired with the number
-- (Szudzik: z >= n gives z * z + z + n, else n * n + z), so the few rules and small points of
-- most awards make a value below 128, which a listpack holds in one byte. Exact for every value
-- an award can hold (points up to 1,000,000: values below 2^42). RecordValues in Java decodes it.
local function record_value(spec, points)
  local z, n = points >= 0 and points * 2 or -points * 2 - 1, spec.number
  return int(z >= n and z * z + z + n or n * n + z)
end

-- the points and the rule number a record's value holds (an award that gave to scope ids carries
-- them after the number: "113|kind=id:letters;...", scope-core's and the scopes module's)
local function unpair(value)
  local v = tonumber(value) or tonumber(string.match(value, '^%d+'))
  local s = math.floor(math.sqrt(v))
  if s * s > v then
    s = s - 1
  end
  local z, n = v - s * s, s
  if z >= s then
    z, n = s, z - s
  end
  return (z % 2 == 0) and z / 2 or -(z + 1) / 2, n
end

-- the points a record's value holds
local function points_in(value)
  return (unpair(value))
end

-- a rule's number in the registry of rules (field n -> rule, field '=' .. rule -> n, '#last' the
-- number given last), given when the rule is first awarded on the registry's slot; a number the
-- registry already holds is skipped. Explicit points ('' for rule) are 0.
local function rule_number(registry, rule)
  if rule == '' then
    return 0
  end
  local n = redis.call('HGET', registry, '=' .. rule)
  if n then
    return tonumber(n)
  end
  repeat
    n = redis.call('HINCRBY', registry, '#last', 1)
  until redis.call('HSETNX', registry, n, rule) == 1
  redis.call('HSET', registry, '=' .. rule, n)
  return n
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

-- the call's clock, set only here: at, the instant of the command at hand, which the loop running
-- the commands moves on (clock(t)); from the call's header (clock(t, text, own)) the batch's
-- earliest instant, as text too, and whether each command carries its own instant
local at, earliest, earliest_text, own_times
local function clock(t, text, own)
  at = t
  if text then
    earliest, earliest_text, own_times = t, text, own
  end
end

-- instants given as milliseconds after a base, comma-separated ('0,3,12'): each one's epoch ms
local function instants_after(base, offsets)
  local ats, n = {}, 0
  for offset in string.gmatch(offsets, '%d+') do
    n = n + 1
    ats[n] = base + tonumber(offset)
  end
  return ats
end

-- Each command of a score call is contained: Redis failing on it midway for good (a key of the
-- wrong type, a field that holds no number) takes back what it wrote and fails it alone. Its
-- writes are journaled, four slots each: kind, key, field or member, value. 'h': a hash field
-- that held value (false: none); 'i': a hash counter raised by value; 'z': a member's score
-- raised by value (taken back, the member leaves at zero); 's': a member that scored value
-- (false: none); 'd': a dense companion, deleted (rebuilt from its board when read).
-- HyperLogLog counts and item board trims run last and are not taken back: a count is a set,
-- counted again alike when the command is applied again.
local journal, written = false, 0 -- a table from the first write journaled: most calls make none
-- whether a board write is journaled when its command read every board it writes first (an award
-- of points, whose boards' fit was read) and writes nothing after them: unless the boards-last
-- module says nothing after an award writes, something may
local journal_read_boards = true
local function wrote(kind, key, field, value)
  if not journal then
    journal = {}
  end
  journal[written + 1], journal[written + 2], journal[written + 3], journal[written + 4] = kind, key, field, value
  written = written + 4
end
-- cut the journal back to w slots: 0 at each command (it holds the command at hand only), or
-- written - 4 to forget the newest entry (caps: count_up)
local function journal_to(w)
  written = w
end

-- refusals that heal by themselves, which Redis answers a script's first write (so nothing was
-- written yet): they fail the whole call, and the caller tries it again later
local TRANSIENT = ' OOM NOREPLICAS MISCONF READONLY MASTERDOWN ' -- a string: no table per call

-- undo the journaled writes of a command that failed, newest first; its failure as text
local function undone(failure)
  local text = type(failure) == 'table' and failure.err or tostring(failure)
  -- Redis' reply from its code on (servers before 7 put the script's line before it)
  text = string.match(text, '^%-?(%u%u+ .*)$') or string.match(text, '^@user_script:%s*%d+:%s*%-?(%u%u+ .*)$')
    or text
  if string.find(TRANSIENT, ' ' .. string.match(text, '^%u*') .. ' ', 1, true) then
    error(failure, 0) -- as it came: the caller reads the refusal's code in it
  end
  for w = written - 3, 1, -4 do
    local kind, key, field, value = journal[w], journal[w + 1], journal[w + 2], journal[w + 3]
    if kind == 'h' then
      if value then redis.call('HSET', key, field, value) else redis.call('HDEL', key, field) end
    elseif kind == 'i' then
      redis.call('HINCRBY', key, field, int(-value))
    elseif kind == 'z' then
      if tonumber(redis.call('ZINCRBY', key, int(-value), field)) <= 0 then redis.call('ZREM', key, field) end
    elseif kind == 's' then
      if value then redis.call('ZADD', key, score_text(value), field) else redis.call('ZREM', key, field) end
    else
      redis.call('DEL', key)
    end
  end
  written = 0
  return text
end
