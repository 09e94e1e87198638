-- module boards-plain: boards of plain points (tie-break none, competition ranks: the default).
-- A board is { key, ttl ('-1': never expires; nil: the board is never created), largest }.
-- An award costs one ZINCRBY per board and nothing reads the member's score: the largest score is
-- checked against a bound on each board's highest score, read once per board and call
-- (ZREVRANGE 0 0, which also tells whether the board exists) and raised by the points of each
-- increment (so no reply is parsed); only an award that could pass the largest score by that
-- bound reads the member's own score. The bound is kept by key, so every board table of one key
-- (today's boards, a revoke's, a challenge's) shares it.
-- Functions every board module defines: board_fits, board_add, board_take.

-- by board key: a bound on its highest score, false when it does not exist
local ceilings = {}

local function ceiling_of(board)
  local ceiling = ceilings[board.key]
  if ceiling == nil then
    local top = redis.call('ZREVRANGE', board.key, '0', '0', 'WITHSCORES')
    ceiling = top[2] and tonumber(top[2]) or false
    ceilings[board.key] = ceiling
  end
  return ceiling
end

-- whether `points` (> 0) more keep the member within every board's largest score
local function board_fits(boards, member, points)
  for _, board in ipairs(boards) do
    if (ceiling_of(board) or 0) + points > board.largest then
      local score = tonumber(redis.call('ZSCORE', board.key, member)) or 0
      if score + points > board.largest then
        return false
      end
    end
  end
  return true
end

-- add points > 0; a board that does not exist is created (with its TTL) only when `create`, as by
-- an award, not by giving a penalty back; journaled unless `read` (see board_add)
local function increment(board, member, points, create, read)
  local ceiling = ceiling_of(board)
  if not ceiling and not create then
    return
  end
  redis.call('ZINCRBY', board.key, int(points), member)
  if not read then
    wrote('z', board.key, member, points)
  end
  if not ceiling and board.ttl and board.ttl ~= '-1' then
    redis.call('PEXPIRE', board.key, board.ttl)
  end
  -- the member held at most the ceiling before, so the ceiling plus the points bounds it now
  ceilings[board.key] = (ceiling or 0) + points
end

-- take points >= 0; at zero or less the member leaves. A member or board that was not there is
-- created by ZINCRBY and removed again at once, so nothing remains.
local function decrement(board, member, points)
  local score = tonumber(redis.call('ZINCRBY', board.key, int(-points), member))
  if score > 0 then
    wrote('z', board.key, member, -points)
    return
  end
  redis.call('ZREM', board.key, member)
  ceilings[board.key] = nil -- the last member takes the board with it
  if score + points > 0 then
    wrote('s', board.key, member, score + points)
  end
end

-- after a failed command's writes were taken back: the bounds are read again
local function board_forget()
  ceilings = {}
end

-- an award (or a penalty, points < 0, which never creates a board or a member). `read`: its
-- command read every board it writes (board_fits) and writes nothing that can fail after them,
-- so nothing is journaled (common: journal_read_boards)
local function board_add(board, member, points, read)
  if points > 0 then
    increment(board, member, points, true, read)
  else
    decrement(board, member, -points)
  end
end

-- a revoke of an award of `points` (a board that has expired stays gone)
local function board_take(board, member, points)
  if points > 0 then
    decrement(board, member, points)
  else
    increment(board, member, -points, false)
  end
end
