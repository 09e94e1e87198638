-- module boards-layout: boards laid out for the earliest tie-break or dense ranks. A board is
-- { key, ttl ('-1': never expires), largest, time, dense }. A board holds either plain points
-- (score = points), or, with the earliest tie-break, score = points * TIME_SPAN + time, where time
-- (0 .. TIME_SPAN - 1) is larger the earlier in the board's period the member got its points (in
-- milliseconds, or seconds on total boards and long challenges: see time_at): an award or a
-- penalty sets it to the time part it carries; a revoke only takes points and keeps it. Points
-- stay below 2^21 (a board's largest), so every score stays below 2^53 and is exact. A dense companion holds one member per distinct
-- points value on its board (member and score are the value), so dense ranks are one ZCOUNT; it is
-- kept only while it exists next to its board or the board is new (a missing one is built from the
-- board by dense.lua before a dense read). Each member's score is read once per call (ZSCORE) and
-- written with ZADD.
-- Functions every board module defines: board_fits, board_add, board_take. Boards with a time
-- part compute it with common's time_at.

-- whether a board exists, learned once per batch; reset when a ZREM may have emptied it
local board_exists = {}

-- whether a board's dense companion is kept in step, learned once per batch like board_exists
local dense_kept = {}

-- every member score read or written in this batch, by board: false when not on the board
local scores = {}

local function exists(board)
  local known = board_exists[board]
  if known == nil then
    known = redis.call('EXISTS', board) == 1
    board_exists[board] = known
  end
  return known
end

local function score_of(board, member)
  local of_board = scores[board.key]
  if not of_board then
    of_board = {}
    scores[board.key] = of_board
  end
  local score = of_board[member]
  if score == nil then
    score = exists(board.key) and tonumber(redis.call('ZSCORE', board.key, member)) or false
    of_board[member] = score
  end
  return score
end

local function points_of(board, score)
  if board.time then
    return math.floor(score / TIME_SPAN)
  end
  return score
end

-- the dense companion to update, or nil when the board has none or it is not complete
local function dense_of(board)
  if not board.dense then
    return nil
  end
  local kept = dense_kept[board.key]
  if kept == nil then
    -- ZCARD as EXISTS (a sorted set is never empty), which fails on a key of another type
    kept = not exists(board.key) or redis.call('ZCARD', board.dense) > 0
    dense_kept[board.key] = kept
  end
  return kept and board.dense or nil
end

local function remove_member(board, member, old)
  redis.call('ZREM', board.key, member)
  wrote('s', board.key, member, old)
  board_exists[board.key] = nil -- the last member takes the board with it
  dense_kept[board.key] = nil
  scores[board.key][member] = false
end

-- whether `points` more keep the member within every board's largest score
-- (each board read, its dense companion too: nothing its writes meet then fails, see board_add)
local function fits(boards, member, points)
  for _, board in ipairs(boards) do
    dense_of(board)
    local score = score_of(board, member)
    if (score and points_of(board, score) or 0) + points > board.largest then
      return false
    end
  end
  return true
end

-- give the member `points` in total (leaving the board at 0 or less) with that time part
local function set_points(board, member, points, time, read)
  local dense = dense_of(board)
  local old = score_of(board, member)
  local old_points = old and points_of(board, old)
  if points <= 0 then
    if old then
      remove_member(board, member, old)
    end
  else
    local score = board.time and points * TIME_SPAN + time or points
    redis.call('ZADD', board.key, score_text(score), member)
    if not read then
      wrote('s', board.key, member, old)
    end
    scores[board.key][member] = score
  end
  -- the companion only ever exists on plain-points boards, so a value is a score there
  if dense then
    if not read then
      wrote('d', dense)
    end
    if old_points and old_points ~= points and redis.call('ZCOUNT', board.key, int(old_points), int(old_points)) == 0 then
      redis.call('ZREM', dense, int(old_points))
    end
    if points > 0 and points ~= old_points then
      redis.call('ZADD', dense, int(points), int(points))
    end
  end
end

-- `read`: its command read every board it writes (fits) and writes nothing that can fail after
-- them, so nothing is journaled (common: journal_read_boards)
local function add_to_board(board, member, points, read)
  if points > 0 then
    local existed = exists(board.key)
    if not existed and board.dense then
      redis.call('DEL', board.dense) -- a new board starts a new companion
    end
    local score = score_of(board, member)
    set_points(board, member, (score and points_of(board, score) or 0) + points, board.time, read)
    if not existed then
      board_exists[board.key] = true
      if board.ttl ~= '-1' then
        redis.call('PEXPIRE', board.key, board.ttl)
        if board.dense then
          redis.call('PEXPIRE', board.dense, board.ttl)
        end
      end
    end
  else
    -- a penalty takes what is there and never creates a board or a member
    local score = score_of(board, member)
    if score then
      set_points(board, member, points_of(board, score) + points, board.time)
    end
  end
end

local function take_from_board(board, member, points)
  -- a board that has expired stays gone
  if not exists(board.key) then
    return
  end
  local score = score_of(board, member)
  -- a revoke keeps the member's time part: it undoes points, not when they were reached
  local time = board.time and score and score % TIME_SPAN or board.time
  if points > 0 then
    if score then
      set_points(board, member, points_of(board, score) - points, time)
    end
  else
    set_points(board, member, (score and points_of(board, score) or 0) - points, time)
  end
end

-- after a failed command's writes were taken back: what the batch learned is read again
local function board_forget()
  board_exists, dense_kept, scores = {}, {}, {}
end

local board_fits, board_add, board_take = fits, add_to_board, take_from_board
