-- module streaks: marks active days and keeps the streak board, composed after the award module
-- only while activity-rank.streaks.enabled (StreakScript writes its arguments, docs/streaks.md).
-- It wraps award: an award of a streak rule (status 0) marks the user's day; the first award of a
-- day also extends or restarts the run, moves the board and pays a milestone bonus (rule
-- `streak`) through the plain award, in this same call.
--
-- A user's data are fields of a bucket hash, "{prefix}:streak-bucket:<n>", n = a hash of the
-- member that Java computes (StreakBuckets); each command passes its bucket as a key,
-- bucketOffset after its record key, so the script never hashes. Many users share a bucket so
-- that Redis keeps it listpack-encoded (a few bytes per field, no key per user) while it has at
-- most hash-max-listpack-entries fields and no field or value above hash-max-listpack-value
-- bytes (512 and 64 unless the server's configuration says otherwise). Fields (StreakValue
-- reads them in Java):
--   <member>         58 bytes: a 12-byte header, big-endian: start u24, last u24 (epoch days of
--                    the current run's first and last active day), longest u16 (days), firstYear
--                    u16, lastYear u16; then the 46 bytes of lastYear: bit n = day of year n + 1
--   <member>:<yyyy>  46 bytes: the bits of an earlier year with an active day (a year without
--                    any has no field); created when a later year starts or by a late award
-- Every value is written whole (HSET, exact size), so none grows past 58 bytes.
--
-- ARGV, after the arguments of score-args and before the commands:
--   rules        the rules that make a day active, "a,b"; '' for any award
--   day          the day of the commands, epoch day in activity-rank.time-zone
--   bit          its day of year - 1
--   bucketOffset the distance from a command's record key (`first`) to its bucket key in KEYS:
--                1, or 3 when the call passes week and month hashes
--   boardIdx     the key of the streak board (length * 2^20 + 2^20 - 1 - start)
--   lastIdx      the key of each board member's last active day
--   year         the day's year
--   bonuses      "length:specIdx,..." the spec of each milestone's bonus (specs of score-args)

local streak_rules, streak_any = {}, ARGV[i] == ''
for rule in string.gmatch(ARGV[i], '[^,]+') do streak_rules[rule] = true end
local streak_day, streak_bit = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
local streak_offset = tonumber(ARGV[i + 3])
local streak_board, streak_last = KEYS[tonumber(ARGV[i + 4])], KEYS[tonumber(ARGV[i + 5])]
local streak_year = tonumber(ARGV[i + 6])
local streak_bonus = {}
for length, spec in string.gmatch(ARGV[i + 7], '(%d+):(%d+)') do
  streak_bonus[tonumber(length)] = tonumber(spec)
end
local i = i + 8 -- the next arguments' start

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

-- a year's 46 bytes (none yet: all zero) with the day's bit set (SETBIT numbering: most
-- significant bit first)
local function streak_with_day(bits)
  bits = bits or string.rep('\0', STREAK_YEAR)
  local byte = math.floor(streak_bit / 8) + 1
  local set = bit.bor(string.byte(bits, byte), 2 ^ (7 - streak_bit % 8))
  return string.sub(bits, 1, byte - 1) .. string.char(set) .. string.sub(bits, byte + 1)
end

-- a late award of an older day (a ledger relay catching up) marks its bit but not the run
local function streak_mark_late(key, member, value, first_year, last_year)
  if streak_year == last_year then
    redis.call('HSET', key, member,
      string.sub(value, 1, STREAK_HEAD) .. streak_with_day(string.sub(value, STREAK_HEAD + 1)))
    wrote('h', key, member, value)
    return
  end
  local field = member .. ':' .. streak_year
  local bits = redis.call('HGET', key, field)
  redis.call('HSET', key, field, streak_with_day(bits))
  wrote('h', key, field, bits)
  if streak_year < first_year then
    redis.call('HSET', key, member, string.sub(value, 1, 8) .. streak_bytes(streak_year, 2)
      .. string.sub(value, 11))
    wrote('h', key, member, value)
  end
end

local function streak_mark(member, first)
  local key = KEYS[first + streak_offset]
  local value = redis.call('HGET', key, member)
  local start, longest = streak_day, 1
  wrote('h', key, member, value)
  if not value then
    redis.call('HSET', key, member,
      streak_header(streak_day, streak_day, 1, streak_year, streak_year) .. streak_with_day(nil))
  else
    local last = streak_number(value, 4, 3)
    if streak_day == last then
      return -- a second award of the day: one command, nothing more
    end
    local first_year, last_year = streak_number(value, 9, 2), streak_number(value, 11, 2)
    if streak_day < last then
      streak_mark_late(key, member, value, first_year, last_year)
      return
    end
    longest = streak_number(value, 7, 2)
    if streak_day == last + 1 then
      start = streak_number(value, 1, 3)
    end
    if streak_day - start + 1 > longest then
      longest = streak_day - start + 1
    end
    if streak_year > last_year then
      -- the year's first active day: last year's bits move to a field of their own, so that no
      -- value grows past 58 bytes and the bucket stays a listpack
      local year = member .. ':' .. last_year
      wrote('h', key, year, redis.call('HGET', key, year))
      redis.call('HSET', key, year, string.sub(value, STREAK_HEAD + 1), member,
        streak_header(start, streak_day, longest, first_year, streak_year) .. streak_with_day(nil))
    else
      redis.call('HSET', key, member, streak_header(start, streak_day, longest, first_year, last_year)
        .. streak_with_day(string.sub(value, STREAK_HEAD + 1)))
    end
  end
  local length = streak_day - start + 1
  wrote('s', streak_board, member, tonumber(redis.call('ZSCORE', streak_board, member)) or false)
  redis.call('ZADD', streak_board, int(length * STREAK_SPAN + STREAK_SPAN - 1 - start), member)
  wrote('s', streak_last, member, tonumber(redis.call('ZSCORE', streak_last, member)) or false)
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
