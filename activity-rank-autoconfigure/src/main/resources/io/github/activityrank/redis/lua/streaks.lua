-- module streaks: marks active days and keeps the streak board, composed after the award module
-- only while activity-rank.streaks.enabled (StreakScript writes its arguments, docs/streaks.md).
-- It wraps award: an award of a streak rule (status 0) marks the user's day; the first award of a
-- day also extends or restarts the run, moves the board and pays a milestone bonus (rule
-- `streak`) through the plain award, in this same call.
--
-- One string per user, "{prefix}:streak:<user>" (StreakValue reads it in Java):
--   bytes 0-11   header, big-endian: start u24, last u24 (epoch days of the current run's first
--                and last active day), longest u16 (days), firstYear u16, lastYear u16
--   then         46 bytes per year from firstYear to lastYear: bit n of a year = day of year n + 1
-- Written at its exact size (SET) when it is created or gains a year; a day of a year it holds is
-- one BITFIELD (header and bit together), so the string never carries spare room.
--
-- ARGV, after the arguments of score-args and before the commands:
--   rules        the rules that make a day active, "a,b"; '' for any award
--   day          the day of the commands, epoch day in activity-rank.time-zone
--   bit          its day of year - 1
--   userPrefix   "{prefix}:streak:", the users' strings
--   boardIdx     the key of the streak board (length * 2^20 + 2^20 - 1 - start)
--   lastIdx      the key of each board member's last active day
--   year         the day's year
--   bonuses      "length:specIdx,..." the spec of each milestone's bonus (specs of score-args)

local streak_rules, streak_any = {}, ARGV[i] == ''
for rule in string.gmatch(ARGV[i], '[^,]+') do streak_rules[rule] = true end
local streak_day, streak_bit = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
local streak_prefix = ARGV[i + 3]
local streak_board, streak_last = KEYS[tonumber(ARGV[i + 4])], KEYS[tonumber(ARGV[i + 5])]
local streak_year = tonumber(ARGV[i + 6])
local streak_bonus = {}
for length, spec in string.gmatch(ARGV[i + 7], '(%d+):(%d+)') do
  streak_bonus[tonumber(length)] = tonumber(spec)
end
i = i + 8

-- 2^20: the board's start part (StreakKeys.board in Java)
local STREAK_SPAN = 1048576
-- the header's bytes and a year's bytes (StreakValue in Java)
local STREAK_HEAD, STREAK_YEAR = 12, 46

local plain_award = award

-- the unsigned big-endian number of n bytes of s from byte `from` (1-based)
local function streak_number(s, from, n)
  local v = 0
  for k = from, from + n - 1 do
    v = v * 256 + string.byte(s, k)
  end
  return v
end

local function streak_bytes(v, n)
  local out = {}
  for k = n, 1, -1 do
    out[k] = string.char(v % 256)
    v = math.floor(v / 256)
  end
  return table.concat(out)
end

local function streak_header(start, last, longest, first_year, last_year)
  return streak_bytes(start, 3) .. streak_bytes(last, 3) .. streak_bytes(longest, 2)
    .. streak_bytes(first_year, 2) .. streak_bytes(last_year, 2)
end

-- the day's year with only the day's bit set, then `empty` years without any
local function streak_years(empty)
  local byte = math.floor(streak_bit / 8)
  return string.rep('\0', byte) .. string.char(2 ^ (7 - streak_bit % 8))
    .. string.rep('\0', STREAK_YEAR - 1 - byte + STREAK_YEAR * empty)
end

-- the bit of the day in a string whose first year is first_year
local function streak_offset(first_year)
  return (STREAK_HEAD + STREAK_YEAR * (streak_year - first_year)) * 8 + streak_bit
end

local function streak_mark(member, first)
  local key = streak_prefix .. member
  local head = redis.call('GETRANGE', key, 0, STREAK_HEAD - 1)
  local start, longest = streak_day, 1
  if head == '' then
    redis.call('SET', key, streak_header(streak_day, streak_day, 1, streak_year, streak_year)
      .. streak_years(0))
  else
    local last = streak_number(head, 4, 3)
    if streak_day == last then
      return -- a second award of the day: one command, nothing more
    end
    local first_year, last_year = streak_number(head, 9, 2), streak_number(head, 11, 2)
    longest = streak_number(head, 7, 2)
    if streak_day < last then
      -- a late award of an older day only marks its bit (docs/streaks.md)
      if streak_year >= first_year then
        redis.call('SETBIT', key, streak_offset(first_year), 1)
      else
        -- a year before the first: the string is written again with the years before it
        local years = string.sub(redis.call('GET', key), STREAK_HEAD + 1)
        redis.call('SET', key, string.sub(head, 1, 8) .. streak_bytes(streak_year, 2)
          .. string.sub(head, 11, 12) .. streak_years(first_year - streak_year - 1) .. years)
      end
      return
    end
    if streak_day == last + 1 then
      start = streak_number(head, 1, 3)
    end
    if streak_day - start + 1 > longest then
      longest = streak_day - start + 1
    end
    if streak_year > last_year then
      -- the year's first active day: the string is written again, one year longer (and by the
      -- years without activity in between), at its exact size
      local years = string.sub(redis.call('GET', key), STREAK_HEAD + 1)
      redis.call('SET', key, streak_header(start, streak_day, longest, first_year, streak_year)
        .. years .. string.rep('\0', STREAK_YEAR * (streak_year - last_year - 1)) .. streak_years(0))
    else
      redis.call('BITFIELD', key, 'SET', 'u24', 0, start, 'SET', 'u24', 24, streak_day,
        'SET', 'u16', 48, longest, 'SET', 'u1', streak_offset(first_year), 1)
    end
  end
  local length = streak_day - start + 1
  redis.call('ZADD', streak_board, int(length * STREAK_SPAN + STREAK_SPAN - 1 - start), member)
  redis.call('ZADD', streak_last, streak_day, member)
  local bonus = streak_bonus[length]
  if bonus then
    -- the field names the streak's start: once per streak and milestone
    plain_award(specs[bonus], member, 'streak:' .. length .. ':' .. start, first)
  end
end

local function award(spec, member, field, first)
  local status, points = plain_award(spec, member, field, first)
  if status == 0 and (streak_any or streak_rules[spec.rule]) then
    streak_mark(member, first)
  end
  return status, points
end
