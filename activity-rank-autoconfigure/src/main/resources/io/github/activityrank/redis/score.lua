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
--   ARGV[5+D]      S, the number of specs; then five arguments per spec, what commands share:
--                    points, ruleCapField ("#cap:<rule>" or ''), ruleCap ('' for none),
--                    globalCap ('' for none), olderCount (retained days once-per=ever rules check, else 0)
--   then four arguments per command: spec, member, field, recordIdx
--     spec > 0  award with spec number `spec`; its record hashes are KEYS[recordIdx] (today) and,
--               for once-per=ever, KEYS[recordIdx+1 .. recordIdx+olderCount] (the days before)
--     spec < 0  revoke, using spec number -spec's ruleCapField; the record hashes of the D days,
--               newest first, are KEYS[recordIdx .. recordIdx+D-1]
-- Returns  one integer per command: points * 8 + status, where status is
--          0 awarded, 1 already awarded, 2 capped, 3 revoked, 4 nothing to revoke
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

-- the specs: what the commands of the batch share
local specs = {}
local i = 6 + days
for n = 1, tonumber(ARGV[5 + days]) do
  specs[n] = { points = tonumber(ARGV[i]), rule_cap_field = ARGV[i + 1], rule_cap = tonumber(ARGV[i + 2]),
               global_cap = tonumber(ARGV[i + 3]), older_count = tonumber(ARGV[i + 4]) }
  i = i + 5
end

local function award(spec, member, field, first)
  local record = KEYS[first]
  local points, rule_cap_field, rule_cap, global_cap = spec.points, spec.rule_cap_field, spec.rule_cap, spec.global_cap

  if spec.older_count > 0 and find_in_records(first + 1, spec.older_count, field) then
    return 1, 0
  end

  local capped = points > 0 and (rule_cap or global_cap)
  local created = redis.call('EXISTS', record) == 0
  if capped then
    -- the points depend on what the day's caps leave, so look before writing
    if not created and redis.call('HEXISTS', record, field) == 1 then
      return 1, 0
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
      return 2, 0
    end
    redis.call('HSET', record, field, points)
    if rule_cap then redis.call('HINCRBY', record, rule_cap_field, points) end
    if global_cap then redis.call('HINCRBY', record, GLOBAL_CAP, points) end
  elseif redis.call('HSETNX', record, field, points) == 0 then
    return 1, 0
  end
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
  if points > 0 then
    release_cap(record, GLOBAL_CAP, points)
    if spec.rule_cap_field ~= '' then release_cap(record, spec.rule_cap_field, points) end
  end
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
