-- activity-rank: apply a batch of awards and revokes. The whole call is atomic, so each command
-- sees the effects of the ones before it and no other client interleaves.
--
-- KEYS     every record hash and board the commands touch; commands refer to them by index.
--          All keys share the "{prefix}" hash tag, so they live in one Redis Cluster slot.
-- ARGV[1]  number of commands, then per command:
--   award:  'A', member, field, points, recordIdx, recordTtlMs, boards, ruleCapField, ruleCap,
--           globalCap, olderFirstIdx, olderCount
--             boards        "keyIdx:ttlMs,keyIdx:ttlMs,..." (ttl -1: the board never expires)
--             ruleCapField  "#cap:<rule>", or '' for explicit points
--             ruleCap       the rule's daily cap, '' for none; globalCap likewise
--             older*        record hashes of earlier retained days, checked by once-per=ever
--                           rules (KEYS[olderFirstIdx .. olderFirstIdx+olderCount-1]); 0 0 otherwise
--   revoke: 'R', member, field, ruleCapField, firstRecordIdx, candidates, boards_1 .. boards_n
--             record hashes of the candidate days, newest first, are
--             KEYS[firstRecordIdx .. firstRecordIdx+candidates-1];
--             boards_i "keyIdx,keyIdx,..." are the boards of candidate day i
-- Returns  a flat array with two integers per command: status, points
--          status 0 awarded, 1 already awarded, 2 capped, 3 revoked, 4 nothing to revoke
--
-- A record hash belongs to one user and one day: field -> points given that day. Its fields
-- '#cap' and '#cap:<rule>' count the day's points under caps ('#' never starts an encoded field).
-- A key's TTL is set only by the command that creates it, never pushed forward later.
-- No score goes below zero: a member whose score would reach zero leaves the board.

local GLOBAL_CAP = '#cap'

local function add_to_board(board, member, points, ttl)
  if points > 0 then
    local created = redis.call('EXISTS', board) == 0
    redis.call('ZINCRBY', board, points, member)
    if created and ttl ~= '-1' then
      redis.call('PEXPIRE', board, ttl)
    end
  else
    -- a penalty takes what is there and never creates a board or a member
    local score = redis.call('ZSCORE', board, member)
    if score then
      if tonumber(score) + points <= 0 then
        redis.call('ZREM', board, member)
      else
        redis.call('ZINCRBY', board, points, member)
      end
    end
  end
end

local function take_from_board(board, member, points)
  -- a board that has expired stays gone
  if redis.call('EXISTS', board) == 0 then
    return
  end
  if points > 0 then
    local score = redis.call('ZSCORE', board, member)
    if score then
      if tonumber(score) - points <= 0 then
        redis.call('ZREM', board, member)
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

local function award(i)
  local member, field, points = ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  local record = KEYS[tonumber(ARGV[i + 4])]
  local record_ttl, boards = ARGV[i + 5], ARGV[i + 6]
  local rule_cap_field, rule_cap, global_cap = ARGV[i + 7], tonumber(ARGV[i + 8]), tonumber(ARGV[i + 9])
  local older_first, older_count = tonumber(ARGV[i + 10]), tonumber(ARGV[i + 11])
  local next_i = i + 12

  if redis.call('HEXISTS', record, field) == 1 then
    return next_i, 1, 0
  end
  for k = older_first, older_first + older_count - 1 do
    if redis.call('HEXISTS', KEYS[k], field) == 1 then
      return next_i, 1, 0
    end
  end

  if points > 0 then
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
  end

  local created = redis.call('EXISTS', record) == 0
  redis.call('HSET', record, field, points)
  if points > 0 then
    if rule_cap then redis.call('HINCRBY', record, rule_cap_field, points) end
    if global_cap then redis.call('HINCRBY', record, GLOBAL_CAP, points) end
  end
  if created then
    redis.call('PEXPIRE', record, record_ttl)
  end
  for idx, ttl in string.gmatch(boards, '(%d+):(-?%d+)') do
    add_to_board(KEYS[tonumber(idx)], member, points, ttl)
  end
  return next_i, 0, points
end

local function revoke(i)
  local member, field, rule_cap_field = ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local first, candidates = tonumber(ARGV[i + 4]), tonumber(ARGV[i + 5])
  local next_i = i + 6 + candidates
  for c = 0, candidates - 1 do
    local record = KEYS[first + c]
    local given = redis.call('HGET', record, field)
    if given then
      local points = tonumber(given)
      redis.call('HDEL', record, field)
      if points > 0 then
        release_cap(record, GLOBAL_CAP, points)
        if rule_cap_field ~= '' then release_cap(record, rule_cap_field, points) end
      end
      for idx in string.gmatch(ARGV[i + 6 + c], '%d+') do
        take_from_board(KEYS[tonumber(idx)], member, points)
      end
      return next_i, 3, points
    end
  end
  return next_i, 4, 0
end

local out = {}
local i = 2
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
