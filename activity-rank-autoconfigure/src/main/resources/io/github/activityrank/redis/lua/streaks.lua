-- module streaks: marks active days and keeps the streak board, composed after the award module
-- only while activity-rank.streaks.enabled (StreakScript writes its arguments, docs/streaks.md).
-- It wraps award: an award of a streak rule (status 0) sets the user's bit of the day; the first
-- award of a day also extends or restarts the run, moves the board and pays a milestone bonus
-- (rule `streak`) through the plain award, in this same call.
--
-- ARGV, after the arguments of score-args and before the commands:
--   rules        the rules that make a day active, "a,b"; '' for any award
--   day          the day of the commands, epoch day in activity-rank.time-zone
--   bit          its day of year - 1
--   daysPrefix   "{prefix}:streak:days:<year>:", the bitmaps of the day's year
--   recPrefix    "{prefix}:streak:rec:", the run records "start,last,longest,firstYear"
--   boardIdx     the key of the streak board (length * 2^20 + 2^20 - 1 - start)
--   lastIdx      the key of each board member's last active day
--   year         the day's year
--   bonuses      "length:specIdx,..." the spec of each milestone's bonus (specs of score-args)

local streak_rules, streak_any = {}, ARGV[i] == ''
for rule in string.gmatch(ARGV[i], '[^,]+') do streak_rules[rule] = true end
local streak_day, streak_bit = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
local streak_days_prefix, streak_rec_prefix = ARGV[i + 3], ARGV[i + 4]
local streak_board, streak_last = KEYS[tonumber(ARGV[i + 5])], KEYS[tonumber(ARGV[i + 6])]
local streak_year = ARGV[i + 7]
local streak_bonus = {}
for length, spec in string.gmatch(ARGV[i + 8], '(%d+):(%d+)') do
  streak_bonus[tonumber(length)] = tonumber(spec)
end
i = i + 9

-- 2^20: the board's start part (StreakKeys.board in Java)
local STREAK_SPAN = 1048576

local plain_award = award

local function streak_mark(member, first)
  -- a second award of the day finds its bit set: one command, nothing more
  if redis.call('SETBIT', streak_days_prefix .. member, streak_bit, 1) == 1 then
    return
  end
  local rec_key = streak_rec_prefix .. member
  local rec = redis.call('GET', rec_key)
  local start, longest, first_year, last = streak_day, 0, streak_year, nil
  if rec then
    local s, l, lg, fy = string.match(rec, '(%d+),(%d+),(%d+),(%d+)')
    last = tonumber(l)
    if streak_day < last then
      return -- a late award of an older day only marks its bit (docs/streaks.md)
    end
    longest, first_year = tonumber(lg), fy
    if streak_day == last + 1 then
      start = tonumber(s)
    end
  end
  if not rec or last < streak_day - streak_bit then
    -- the year's first active day: SETBIT made a short string that later days would grow
    -- with spare room; one exact string of the whole year (46 bytes) is smaller
    local byte = math.floor(streak_bit / 8)
    redis.call('SET', streak_days_prefix .. member, string.rep('\0', byte)
      .. string.char(2 ^ (7 - streak_bit % 8)) .. string.rep('\0', 45 - byte))
  end
  local length = streak_day - start + 1
  if length > longest then
    longest = length
  end
  redis.call('SET', rec_key, start .. ',' .. streak_day .. ',' .. longest .. ',' .. first_year)
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
