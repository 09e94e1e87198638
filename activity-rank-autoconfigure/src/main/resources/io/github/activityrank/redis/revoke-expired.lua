-- activity-rank: take back an award whose day record has expired, for the award ledger, which
-- still knows the award (its standing awards table) after Redis forgot it. score.lua cannot: a
-- revoke there starts from the record. Only what still exists is changed, so nothing expired is
-- recreated.
--
-- KEYS     the boards of the periods of the award's instant (day, week, month, total, as configured),
--          their dense companions, and the user's week and month hashes of that instant; all share
--          the "{prefix}" hash tag
-- ARGV[1]  member, the encoded user id
-- ARGV[2]  points the award gave (negative for a penalty)
-- ARGV[3]  the boards, "keyIdx:denseIdx,..." (denseIdx 0: no dense companion)
-- ARGV[4]  '1' when boards hold the earliest tie-break's time part (score = points * 2^29 + time)
-- ARGV[5]  the most points a member may hold on a board
-- ARGV[6]  countField, "#n:<rule>" ("#n:" for explicit points)
-- ARGV[7]  pointsField, "#p:<rule>" ("#p:")
-- ARGV[8]  ruleCapField, "#cap:<rule>", '' for explicit points
-- ARGV[9]  index of the week hash, ARGV[10] index of the month hash
-- Returns  { points * 8 + status }, as score.lua: 3 revoked (with the points), 5 rejected (giving a
--          penalty back would pass a board's largest score; nothing was changed)
--
-- Boards: a board that no longer exists stays gone; on one that exists the member loses the points,
-- never going below zero, and leaves the board at zero; a revoke keeps the member's time part (it
-- undoes points, not when they were reached). A dense companion that exists is kept in step.
-- Week and month hashes: the award's tally (count, points) and, for positive points, what it used
-- of the caps ('#cap', ruleCapField) are given back, only to fields that exist.

local TIME_SPAN = 536870912

local member, points = ARGV[1], tonumber(ARGV[2])
local timed, largest = ARGV[4] == '1', tonumber(ARGV[5])
local count_field, points_field, rule_cap_field = ARGV[6], ARGV[7], ARGV[8]

local function int(n)
  return string.format('%.0f', n)
end

local boards = {}
for idx, dense in string.gmatch(ARGV[3], '(%d+):(%d+)') do
  local key = KEYS[tonumber(idx)]
  if redis.call('EXISTS', key) == 1 then
    local board = { key = key, score = tonumber(redis.call('ZSCORE', key, member)) }
    if dense ~= '0' and redis.call('EXISTS', KEYS[tonumber(dense)]) == 1 then
      board.dense = KEYS[tonumber(dense)]
    end
    boards[#boards + 1] = board
  end
end

local function points_of(score)
  if timed then
    return math.floor(score / TIME_SPAN)
  end
  return score
end

-- giving a penalty back must fit like an award
if points < 0 then
  for _, board in ipairs(boards) do
    if (board.score and points_of(board.score) or 0) - points > largest then
      return { 5 }
    end
  end
end

for _, board in ipairs(boards) do
  local old_points = board.score and points_of(board.score)
  if board.score or points < 0 then
    local new_points = (old_points or 0) - points
    -- a member that was not on the board and gets a penalty back gets time 0: it ranks
    -- after everyone it ties with
    local time = (timed and board.score) and (board.score % TIME_SPAN) or 0
    if new_points <= 0 then
      if board.score then
        redis.call('ZREM', board.key, member)
      end
    else
      redis.call('ZADD', board.key, int(timed and new_points * TIME_SPAN + time or new_points), member)
    end
    if board.dense then
      if old_points and old_points ~= new_points
          and redis.call('ZCOUNT', board.key, int(old_points), int(old_points)) == 0 then
        redis.call('ZREM', board.dense, int(old_points))
      end
      if new_points > 0 and new_points ~= old_points then
        redis.call('ZADD', board.dense, int(new_points), int(new_points))
      end
    end
  end
end

local function release_cap(hash, cap_field, used)
  used = tonumber(used)
  if used then
    if used <= points then
      redis.call('HDEL', hash, cap_field)
    else
      redis.call('HINCRBY', hash, cap_field, -points)
    end
  end
end

for _, idx in ipairs({ tonumber(ARGV[9]), tonumber(ARGV[10]) }) do
  if idx > 0 then
    local hash = KEYS[idx]
    local held = redis.call('HMGET', hash, count_field, '#cap', rule_cap_field)
    local count = tonumber(held[1])
    if count then
      if count <= 1 then
        redis.call('HDEL', hash, count_field, points_field)
      else
        redis.call('HINCRBY', hash, count_field, -1)
        redis.call('HINCRBY', hash, points_field, -points)
      end
    end
    if points > 0 then
      release_cap(hash, '#cap', held[2])
      if rule_cap_field ~= '' then release_cap(hash, rule_cap_field, held[3]) end
    end
  end
end

return { points * 8 + 3 }
