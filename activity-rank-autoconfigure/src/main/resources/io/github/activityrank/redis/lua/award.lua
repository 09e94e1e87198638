-- module award: one award and one revoke, on the functions of the modules before it.

-- the week and month hashes (cap counters) of the d-th day a revoke searches (1 = today), named from their key
-- prefixes; the day-to-period map is parsed only when a revoke finds an award of an older day
local week_of, month_of
local function sums_of_day(d, member)
  if not week_of then
    week_of, month_of = {}, {}
    for n in string.gmatch(week_of_arg, '%d+') do week_of[#week_of + 1] = tonumber(n) end
    for n in string.gmatch(month_of_arg, '%d+') do month_of[#month_of + 1] = tonumber(n) end
  end
  return week_prefix[week_of[d]] .. member, month_prefix[month_of[d]] .. member
end

-- the value and record of the award the last revoke took back (the scopes module reads its ids there)
local revoked_value, revoked_record

-- the challenge boards the award at hand reaches and the stamp its record keeps of them, learned
-- only once it is known to score (by award_fits, or after award-steps for an award of no points)
local reached, stamp

-- award-steps' board check: today's boards and the challenge boards the award reaches (a call
-- fewer without: the wrapper costs no more than the call it saves)
local function award_fits(member, points, _, _, spec)
  reached, stamp = challenges_reached(spec, member)
  return board_fits(todays_boards, member, points) and (#reached == 0 or board_fits(reached, member, points))
end
-- and what else award-steps reads that is the same for every award of the full script
local ttls, unread, journal_counts, scoped_ks = { record_ttl, week_ttl, month_ttl }, 0, true, false

local function award(spec, member, field, first)
  local record = KEYS[first]

  if spec.older_count > 0 and find_older(record_prefix, member, spec.older_count, field) then
    return 1, 0
  end
  if claim[1] == first then -- a streak's bonus, the command's second award: the first one's field journaled
    wrote('h', claim[2], claim[3], false)
  end
  reached = false
  local value, by, capped = value_of(spec), first, spec.capped
  local week, month = capped and KEYS[first + 1], capped and KEYS[first + 2]
  local status, points, created
  -- inline award-steps.lua
  if status ~= 0 then
    return status, 0
  end
  if not reached then
    reached, stamp = challenges_reached(spec, member)
  end
  if points < spec.points then -- what the caps leave
    redis.call('HSET', record, field, value_of(spec, points))
  end
  if created then
    redis.call('PEXPIRE', record, record_ttl)
  end
  -- points: every board read by board_fits, written last (the stamp's record was written before)
  local read = points > 0 and not journal_read_boards
  for _, board in ipairs(time_boards(todays_boards)) do
    board_add(board, member, points, read)
  end
  if #reached > 0 then
    redis.call('HSET', record, CHALLENGES .. field, stamp)
    wrote('h', record, CHALLENGES .. field, false)
    for _, board in ipairs(reached) do
      board_add(board, member, points, read)
    end
  end
  return 0, points
end

-- take back the field the award of the command whose record is KEYS[first] set (claim), when the
-- command failed
local function award_forget(first)
  if claim[1] == first then
    redis.call('HDEL', claim[2], claim[3])
    claim[1] = false
  end
end

local function revoke(spec, member, field, first)
  -- today's record first: most revokes undo an award of the same day
  local record = KEYS[first]
  local held = redis.call('HMGET', record, field, CHALLENGES .. field)
  local d, given, stamp = 1, held[1], held[2]
  if not given then
    d, given, record = find_older(record_prefix, member, days - 1, field)
    if not d then
      return 4, 0
    end
    stamp = redis.call('HGET', record, CHALLENGES .. field)
  end
  local points = points_in(given)
  local boards = time_boards(boards_of_day(d))
  local reached = challenges_to_revoke(stamp, member, given, spec, KEYS[rules_idx])
  -- giving a penalty back must fit like an award
  if points < 0 and not (board_fits(boards, member, -points) and board_fits(reached, member, -points)) then
    return 5, 0
  end
  if stamp then
    redis.call('HDEL', record, field, CHALLENGES .. field)
    wrote('h', record, CHALLENGES .. field, stamp)
  else
    redis.call('HDEL', record, field)
  end
  wrote('h', record, field, given)
  if spec.has_caps then
    local week, month = KEYS[first + 1], KEYS[first + 2]
    if d > 1 then
      week, month = sums_of_day(d, member)
    end
    release_caps(record, spec, points)
    release_caps(week, spec, points)
    release_caps(month, spec, points)
  end
  for _, board in ipairs(boards) do
    board_take(board, member, points)
  end
  for _, board in ipairs(reached) do
    board_take(board, member, points)
  end
  revoked_value, revoked_record = given, record
  return 3, points
end
