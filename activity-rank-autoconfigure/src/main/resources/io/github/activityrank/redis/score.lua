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
--   then per command:
--   award:  'A', member, field, points, recordIdx, ruleCapField, ruleCap, globalCap, olderFirstIdx, olderCount
--             ruleCapField  "#cap:<rule>", or '' for explicit points
--             ruleCap       the rule's daily cap, '' for none; globalCap likewise
--             older*        record hashes of earlier retained days, checked by once-per=ever
--                           rules (KEYS[olderFirstIdx .. olderFirstIdx+olderCount-1]); 0 0 otherwise
--   revoke: 'R', member, field, ruleCapField, firstRecordIdx
--             the record hashes of the D days, newest first, are KEYS[firstRecordIdx .. firstRecordIdx+D-1]
-- Returns  a flat array with two integers per command: status, points
--          status 0 awarded, 1 already awarded, 2 capped, 3 revoked, 4 nothing to revoke
--
-- A record hash belongs to one user and one day: field -> points given that day. Its fields
-- '#cap' and '#cap:<rule>' count the day's points under caps ('#' never starts an encoded field).
-- A key's TTL is set only by the command that creates it, never pushed forward later.
-- No score goes below zero: a member whose score would reach zero leaves the board.
--
-- Cost matters: this runs once per award. Boards are checked for existence once per batch, and
-- searches over older days first ask with one multi-key EXISTS whether any of those records exist.

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

local function release_cap(record, cap_field, points)
  local used = tonumber(redis.call('HGET', record, cap_field))
  if used then
    if used <= points then
      redis.call('HDEL', record, cap_field)
    else
      redis.call('HINCRBY', record, cap_field, -points)
    end
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

local function award(i)
  local member, field, points = ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  local record = KEYS[tonumber(ARGV[i + 4])]
  local rule_cap_field, rule_cap, global_cap = ARGV[i + 5], tonumber(ARGV[i + 6]), tonumber(ARGV[i + 7])
  local older_first, older_count = tonumber(ARGV[i + 8]), tonumber(ARGV[i + 9])
  local next_i = i + 10

  if older_count > 0 and find_in_records(older_first, older_count, field) then
    return next_i, 1, 0
  end

  local capped = points > 0 and (rule_cap or global_cap)
  local created = redis.call('EXISTS', record) == 0
  if capped then
    -- the points depend on what the day's caps leave, so look before writing
    if not created and redis.call('HEXISTS', record, field) == 1 then
      return next_i, 1, 0
    end
    if rule_cap then
      local left = rule_cap - (tonumber(redis.call('HGET', record, rule_cap_field)) or 0)
      if left < points then points = left end
    end
    if global_cap then
      local left = global_cap - (tonumber(redis.call('HGET', record, GLOBAL_CAP)) or 0)
      if left < points then points = left end
    end
    if points <= 0 then
      return next_i, 2, 0
    end
    redis.call('HSET', record, field, points)
    if rule_cap then redis.call('HINCRBY', record, rule_cap_field, points) end
    if global_cap then redis.call('HINCRBY', record, GLOBAL_CAP, points) end
  elseif redis.call('HSETNX', record, field, points) == 0 then
    return next_i, 1, 0
  end
  if created then
    redis.call('PEXPIRE', record, record_ttl)
  end
  for _, board in ipairs(todays_boards) do
    add_to_board(board[1], member, points, board[2])
  end
  return next_i, 0, points
end

local function revoke(i)
  local member, field, rule_cap_field = ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local first = tonumber(ARGV[i + 4])
  local next_i = i + 5
  -- today's record first: most revokes undo an award of the same day
  local found, given = first, redis.call('HGET', KEYS[first], field)
  if not given then
    found, given = find_in_records(first + 1, days - 1, field)
    if not found then
      return next_i, 4, 0
    end
  end
  local record = KEYS[found]
  local points = tonumber(given)
  redis.call('HDEL', record, field)
  if points > 0 then
    release_cap(record, GLOBAL_CAP, points)
    if rule_cap_field ~= '' then release_cap(record, rule_cap_field, points) end
  end
  for _, board in ipairs(boards_of_day(found - first + 1)) do
    take_from_board(board, member, points)
  end
  return next_i, 3, points
end

local out = {}
local i = 5 + days
for _ = 1, tonumber(ARGV[1]) do
  local status, points
  if ARGV[i] == 'A' then
    i, status, points = award(i)
  else
    i, status, points = revoke(i)
  end
  out[#out + 1] = status
  out[#out + 1] = points
end
return out
