-- activity-rank: apply a batch of awards and revokes. The whole call is atomic, so each command
-- sees the effects of the ones before it and no other client interleaves.
--
-- KEYS     every record hash and board the commands touch; commands refer to them by index.
--          All keys share the "{prefix}" hash tag, so they live in one Redis Cluster slot.
-- ARGV     a header shared by the batch, then the commands:
--   ARGV[1]        number of commands
--   ARGV[2]        TTL in ms of a record created today
--   ARGV[3]        today's boards, "keyIdx:ttlMs,keyIdx:ttlMs,..." (ttl -1: never expires); '' if unused
--   ARGV[4]        D, the days a revoke searches (today and the retained days before it); 0 if unused
--   ARGV[5..4+D]   the boards of each of those days, newest first, "keyIdx,keyIdx,..."
--   ARGV[5+D]      S, the number of specs; then eleven arguments per spec, what commands share:
--                    points, ruleCapField ("#cap:<rule>" or ''), ruleCap ('' for none),
--                    globalCap ('' for none), olderCount (retained days once-per=ever rules check, else 0),
--                    ruleWeeklyCap, globalWeeklyCap, ruleMonthlyCap, globalMonthlyCap ('' for none),
--                    countField ("#n:<rule>", "#n:" for explicit points), pointsField ("#p:<rule>", "#p:")
--   then four arguments about the week and month hashes:
--     weekTtl        TTL in ms of a week hash created today
--     monthTtl       TTL in ms of a month hash created today
--     weekOf         for each of the D days a revoke searches, newest first, the ordinal of its week
--                    among the distinct weeks of those days, "1,1,1,2,2,..."; '' if D is 0
--     monthOf        the same for months, "1,1,...,2,..."; '' if D is 0
--   then four arguments per command: spec, member, field, recordIdx
--     spec > 0  award with spec number `spec`; its record hashes are KEYS[recordIdx] (today) and,
--               for once-per=ever, KEYS[recordIdx+1 .. recordIdx+olderCount] (the days before);
--               then KEYS[recordIdx+olderCount+1] today's week hash, KEYS[recordIdx+olderCount+2]
--               today's month hash
--     spec < 0  revoke, using spec number -spec's ruleCapField and tally fields; the record hashes of
--               the D days, newest first, are KEYS[recordIdx .. recordIdx+D-1]; then the week hashes
--               of the W distinct weeks (W = the last entry of weekOf), newest first, then the month
--               hashes of the M distinct months, newest first
-- Returns  one integer per command: points * 8 + status, where status is
--          0 awarded, 1 already awarded, 2 capped, 3 revoked, 4 nothing to revoke
--
-- A record hash belongs to one user and one day: field -> points given that day. Its fields
-- '#cap' and '#cap:<rule>' count the day's points under daily caps, '#n:<rule>' and '#p:<rule>' tally
-- the day's standing awards of a rule (count and points; '#n:' and '#p:' for explicit points). '#'
-- never starts an encoded field. A week or month hash belongs to one user and one week or month and
-- holds the same four kinds of fields for the period. An award adds to the hashes of today; a revoke
-- gives back to the hashes of the day it finds the award on, only to fields that exist, so it never
-- recreates an expired hash. Cap counters change only while a cap applies; tallies always change.
-- A key's TTL is set only by the command that creates it, never pushed forward later.
-- No score goes below zero: a member whose score would reach zero leaves the board.
--
-- Cost matters: this runs once per award. Boards are checked for existence once per batch, and
-- searches over older days first ask with one multi-key EXISTS whether any of those records exist.
-- A week or month hash is asked for its TTL only by the first award of a rule in the period.

local GLOBAL_CAP = '#cap'

-- whether a board exists, learned once per batch; reset when a ZREM may have emptied it
local board_exists = {}

local function exists(board)
  local known = board_exists[board]
  if known == nil then
    known = redis.call('EXISTS', board) == 1
    board_exists[board] = known
  end
  return known
end

local function remove_member(board, member)
  redis.call('ZREM', board, member)
  board_exists[board] = nil -- the last member takes the board with it
end

local function add_to_board(board, member, points, ttl)
  if points > 0 then
    local existed = exists(board)
    redis.call('ZINCRBY', board, points, member)
    if not existed then
      board_exists[board] = true
      if ttl ~= '-1' then
        redis.call('PEXPIRE', board, ttl)
      end
    end
  else
    -- a penalty takes what is there and never creates a board or a member
    local score = redis.call('ZSCORE', board, member)
    if score then
      if tonumber(score) + points <= 0 then
        remove_member(board, member)
      else
        redis.call('ZINCRBY', board, points, member)
      end
    end
  end
end

local function take_from_board(board, member, points)
  -- a board that has expired stays gone
  if not exists(board) then
    return
  end
  if points > 0 then
    local score = redis.call('ZSCORE', board, member)
    if score then
      if tonumber(score) - points <= 0 then
        remove_member(board, member)
      else
        redis.call('ZINCRBY', board, -points, member)
      end
    end
  else
    redis.call('ZINCRBY', board, -points, member)
  end
end

-- give back what an award used of a cap, given the counter's value (nil when absent)
local function release_cap(hash, cap_field, used, points)
  used = tonumber(used)
  if used then
    if used <= points then
      redis.call('HDEL', hash, cap_field)
    else
      redis.call('HINCRBY', hash, cap_field, -points)
    end
  end
end

-- take a revoked award out of its record, week or month hash: its tally and, for positive points,
-- what it used of the caps. Only fields that exist are written, so an expired hash stays gone.
local function give_back(hash, spec, points)
  local held = redis.call('HMGET', hash, spec.count_field, GLOBAL_CAP, spec.rule_cap_field)
  local count = tonumber(held[1])
  if count then
    if count <= 1 then
      redis.call('HDEL', hash, spec.count_field, spec.points_field)
    else
      redis.call('HINCRBY', hash, spec.count_field, -1)
      redis.call('HINCRBY', hash, spec.points_field, -points)
    end
  end
  if points > 0 then
    release_cap(hash, GLOBAL_CAP, held[2], points)
    if spec.rule_cap_field ~= '' then release_cap(hash, spec.rule_cap_field, held[3], points) end
  end
end

-- what is left of points under one cap counted in a hash's field; points when there is no cap
local function clip(points, hash, cap_field, cap)
  if cap then
    local left = cap - (tonumber(redis.call('HGET', hash, cap_field)) or 0)
    if left < points then return left end
  end
  return points
end

-- count points under a cap, when the cap applies
local function use_cap(hash, cap_field, cap, points)
  if cap then redis.call('HINCRBY', hash, cap_field, points) end
end

-- add an award to the tally of its rule in a record, week or month hash. Week and month hashes
-- are created only by awards, and an award into a new hash always starts a tally at count 1: so
-- only then can the hash lack its TTL, and only then is it asked (ttl nil: the caller sets it).
local function tally(hash, spec, points, ttl)
  local count = redis.call('HINCRBY', hash, spec.count_field, 1)
  redis.call('HINCRBY', hash, spec.points_field, points)
  if ttl and count == 1 and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
  end
end

-- whether any of KEYS[first .. first+count-1] holds the field, checked newest first
local function find_in_records(first, count, field)
  if count <= 0 or redis.call('EXISTS', unpack(KEYS, first, first + count - 1)) == 0 then
    return nil
  end
  for k = first, first + count - 1 do
    local given = redis.call('HGET', KEYS[k], field)
    if given then
      return k, given
    end
  end
  return nil
end

-- header
local record_ttl = ARGV[2]
local todays_boards = {}
for idx, ttl in string.gmatch(ARGV[3], '(%d+):(-?%d+)') do
  todays_boards[#todays_boards + 1] = { KEYS[tonumber(idx)], ttl }
end
local days = tonumber(ARGV[4])
local day_boards = {}

-- the boards of the d-th day a revoke searches, parsed only when a revoke lands on that day
local function boards_of_day(d)
  local boards = day_boards[d]
  if not boards then
    boards = {}
    for idx in string.gmatch(ARGV[4 + d], '%d+') do
      boards[#boards + 1] = KEYS[tonumber(idx)]
    end
    day_boards[d] = boards
  end
  return boards
end

-- the specs: what the commands of the batch share
local specs = {}
local i = 6 + days
for n = 1, tonumber(ARGV[5 + days]) do
  specs[n] = { points = tonumber(ARGV[i]), rule_cap_field = ARGV[i + 1], rule_cap = tonumber(ARGV[i + 2]),
               global_cap = tonumber(ARGV[i + 3]), older_count = tonumber(ARGV[i + 4]),
               rule_week_cap = tonumber(ARGV[i + 5]), global_week_cap = tonumber(ARGV[i + 6]),
               rule_month_cap = tonumber(ARGV[i + 7]), global_month_cap = tonumber(ARGV[i + 8]),
               count_field = ARGV[i + 9], points_field = ARGV[i + 10] }
  local spec = specs[n]
  spec.capped = spec.points > 0 and (spec.rule_cap or spec.global_cap or spec.rule_week_cap
    or spec.global_week_cap or spec.rule_month_cap or spec.global_month_cap) ~= nil
  i = i + 11
end

-- the week and month hashes
local week_ttl, month_ttl, week_of_arg, month_of_arg = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
i = i + 4
local week_of, month_of

-- the week and month hashes of the d-th day a revoke searches, its keys starting at KEYS[first];
-- the day-to-period map is parsed only when a revoke finds an award
local function sums_of_day(first, d)
  if not week_of then
    week_of, month_of = {}, {}
    for n in string.gmatch(week_of_arg, '%d+') do week_of[#week_of + 1] = tonumber(n) end
    for n in string.gmatch(month_of_arg, '%d+') do month_of[#month_of + 1] = tonumber(n) end
  end
  local weeks = first + days - 1
  return KEYS[weeks + week_of[d]], KEYS[weeks + week_of[days] + month_of[d]]
end

local function award(spec, member, field, first)
  local record = KEYS[first]
  local points = spec.points

  if spec.older_count > 0 and find_in_records(first + 1, spec.older_count, field) then
    return 1, 0
  end
  local week, month = KEYS[first + spec.older_count + 1], KEYS[first + spec.older_count + 2]

  local created = redis.call('EXISTS', record) == 0
  if spec.capped then
    -- the points depend on what the caps of the day, week and month leave, so look before writing
    if not created and redis.call('HEXISTS', record, field) == 1 then
      return 1, 0
    end
    points = clip(points, record, spec.rule_cap_field, spec.rule_cap)
    points = clip(points, record, GLOBAL_CAP, spec.global_cap)
    points = clip(points, week, spec.rule_cap_field, spec.rule_week_cap)
    points = clip(points, week, GLOBAL_CAP, spec.global_week_cap)
    points = clip(points, month, spec.rule_cap_field, spec.rule_month_cap)
    points = clip(points, month, GLOBAL_CAP, spec.global_month_cap)
    if points <= 0 then
      return 2, 0
    end
    redis.call('HSET', record, field, points)
  elseif redis.call('HSETNX', record, field, points) == 0 then
    return 1, 0
  end
  if spec.capped then
    use_cap(record, spec.rule_cap_field, spec.rule_cap, points)
    use_cap(record, GLOBAL_CAP, spec.global_cap, points)
    use_cap(week, spec.rule_cap_field, spec.rule_week_cap, points)
    use_cap(week, GLOBAL_CAP, spec.global_week_cap, points)
    use_cap(month, spec.rule_cap_field, spec.rule_month_cap, points)
    use_cap(month, GLOBAL_CAP, spec.global_month_cap, points)
  end
  tally(record, spec, points, nil)
  tally(week, spec, points, week_ttl)
  tally(month, spec, points, month_ttl)
  if created then
    redis.call('PEXPIRE', record, record_ttl)
  end
  for _, board in ipairs(todays_boards) do
    add_to_board(board[1], member, points, board[2])
  end
  return 0, points
end

local function revoke(spec, member, field, first)
  -- today's record first: most revokes undo an award of the same day
  local found, given = first, redis.call('HGET', KEYS[first], field)
  if not given then
    found, given = find_in_records(first + 1, days - 1, field)
    if not found then
      return 4, 0
    end
  end
  local record = KEYS[found]
  local points = tonumber(given)
  redis.call('HDEL', record, field)
  local week, month = sums_of_day(first, found - first + 1)
  give_back(record, spec, points)
  give_back(week, spec, points)
  give_back(month, spec, points)
  for _, board in ipairs(boards_of_day(found - first + 1)) do
    take_from_board(board, member, points)
  end
  return 3, points
end

local out = {}
for n = 1, tonumber(ARGV[1]) do
  local spec, member, field, first = tonumber(ARGV[i]), ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  local status, points
  if spec > 0 then
    status, points = award(specs[spec], member, field, first)
  else
    status, points = revoke(specs[-spec], member, field, first)
  end
  out[n] = points * 8 + status
  i = i + 4
end
return out
