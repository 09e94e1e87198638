-- module lean-boards: the boards of a lean call (score-lean, which comes right after it). Only a
-- lean call calls lean_boards, with today's boards ("keyIdx:ttlMs:time,...", ARGV[4]) and the
-- largest points a board holds; it gets the functions its loop uses. Writes to the boards journal
-- nothing (common: wrote): a command has read every board it writes (read_ceiling, once per call
-- and board, fails on a key of the wrong type) before its first write, and writes its boards last,
-- so nothing after them can fail.
local function lean_boards(boards, own, most)
  -- Its parallel lists (numeric loops: no iterator calls per award). On plain boards
  -- ceiling bounds the highest score (false: the board does not exist), read once per call and
  -- raised by each increment, as in boards-plain; room is the least any plain board has left to
  -- its largest score, so an award of no more points reads no member's score. A board with a
  -- time part (base: its time part, or with own instants its base for time_at) reads a member's
  -- score once per call (ZSCORE) and writes the new one (ZADD), as boards-layout; its ceiling
  -- only tells whether it exists.
  local keys, ttls, largest, ceiling, base, time, scores = {}, {}, {}, {}, {}, {}, {}
  local nb, any_timed, room = 0, false, { math.huge } -- room[1]: a table, so the loop reads it inline
  local function read_ceiling(k)
    if base[k] then
      ceiling[k] = redis.call('ZCARD', keys[k]) > 0 -- as EXISTS, and fails on a key of another type
      return
    end
    local top = redis.call('ZREVRANGE', keys[k], '0', '0', 'WITHSCORES') -- text: no number to format
    ceiling[k] = top[2] and tonumber(top[2]) or false
    room[1] = math.min(room[1], largest[k] - (ceiling[k] or 0))
  end
  for idx, ttl, t in string.gmatch(boards, '(%d+):(-?%d+):(-?%d+)') do
    nb = nb + 1
    keys[nb], ttls[nb], largest[nb], scores[nb] = KEYS[tonumber(idx)], ttl, most, {}
    base[nb] = t ~= '-1' and tonumber(t)
    time[nb] = base[nb]
    any_timed = any_timed or base[nb] ~= false
    read_ceiling(nb)
  end
  -- a member's points on a board and its score (nil when not on it), read once per call on a board
  -- with a time part; on a plain one, whose ZINCRBYs learn no score, each time (only near its largest)
  local function held(k, member)
    local score = scores[k][member]
    if score == nil then
      score = tonumber(redis.call('ZSCORE', keys[k], member)) or false
      if base[k] then
        scores[k][member] = score
      end
    end
    if not score then
      return 0, nil
    end
    return base[k] and math.floor(score / TIME_SPAN) or score, score
  end
  -- whether points more keep the member within the largest score of today's boards (1 to np)
  -- and of the challenge boards reached (board tables of the challenges module, with their index
  -- k); past one of the award's scope boards read (scoped: their indexes, scope-core's; or nil)
  -- the award fails, to be set aside, as the full script's scopes module fails it
  local np = nb
  local function over(k, member, points)
    return (base[k] or (ceiling[k] or 0) + points > largest[k]) and held(k, member) + points > largest[k]
  end
  local function fits(member, points, reached, scoped)
    for k = 1, np do if over(k, member, points) then return false end end
    for r = 1, #reached do if over(reached[r].k, member, points) then return false end end
    for r = 1, scoped and #scoped or 0 do
      if over(scoped[r], member, points) then
        local text = 'ERR a scope board would pass its largest score of %.0f points; nothing was stored'
        error(string.format(text, most), 0)
      end
    end
    return true
  end
  -- the challenge boards an award reaches (or a revoke takes back from): each joins the lists
  -- (board.k, its index) when the call first reaches it, and takes the command's time part
  local function indexed(boards)
    for b = 1, #boards do
      local board = boards[b]
      local k = board.k
      if not k then
        nb = nb + 1
        k, board.k = nb, nb
        keys[k], ttls[k], largest[k], scores[k], base[k] = board.key, board.ttl, board.largest, {}, board.time or false
        read_ceiling(k)
      end
      time[k] = board.time
    end
    return boards
  end

  -- a scope board (scope-core): its index, the board joining the lists (and read) the first time
  -- the call names it; t its time part for the command at hand (false: plain points). Made only
  -- with scopes, as trim below: a closure less per call without
  local scope_ks = scope and {}
  local scope_board = scope and function(key, ttl, t)
    local k = scope_ks[key]
    if not k then
      nb = nb + 1
      k = nb
      scope_ks[key], keys[k], ttls[k], largest[k], scores[k], base[k] = k, key, ttl, most, {}, t
      read_ceiling(k)
    end
    time[k] = t
    return k
  end
  -- add points (a penalty when negative; text: them as text) to a member; at zero or less it leaves.
  -- A penalty never creates a board or a member; a revoke (keep) keeps the member's time part.
  local function add(k, member, points, keep, text)
    local key, existed = keys[k], ceiling[k]
    if not base[k] then
      if points <= 0 then
        if existed and tonumber(redis.call('ZINCRBY', key, text, member)) <= 0 then
          redis.call('ZREM', key, member)
          read_ceiling(k)
        end
        return
      end
      redis.call('ZINCRBY', key, text, member)
      ceiling[k] = existed and existed + points or points
    else
      local old, score = held(k, member)
      if not score and points <= 0 then
        return
      end
      if old + points <= 0 then
        redis.call('ZREM', key, member)
        scores[k][member] = false
        return read_ceiling(k)
      end
      score = (old + points) * TIME_SPAN + (keep and score % TIME_SPAN or time[k])
      redis.call('ZADD', key, score_text(score), member) -- each score once: not cached
      scores[k][member], ceiling[k] = score, score
    end
    if not existed and ttls[k] ~= '-1' then
      redis.call('PEXPIRE', key, ttls[k])
    end
  end

  -- add points to a member on today's boards, then on the challenge and scope boards reached
  local function add_all(reached, member, points, keep, scoped)
    local text = int(points)
    for k = 1, np do add(k, member, points, keep, text) end
    for r = 1, #reached do add(reached[r].k, member, points, keep, text) end
    for r = 1, scoped and #scoped or 0 do add(scoped[r], member, points, keep, text) end
  end

  -- keep the best `keep` members of board k (a scope board's `keep`, scope-core); the scores read
  -- in the call may be gone, its highest score is not
  local trim = scope and function(k, keep)
    local card = redis.call('ZCARD', keys[k])
    if card > keep then
      redis.call('ZREMRANGEBYRANK', keys[k], 0, card - keep - 1)
      scores[k] = {}
    end
  end

  -- the time part of a command made at `at` on today's boards that hold one, when commands carry
  -- their own instants (own; else nil: a closure less per call)
  local made_at = own and function(at)
    for k = 1, any_timed and np or 0 do
      time[k] = base[k] and time_at(base[k], at)
    end
  end
  -- the badges' hook (badge-core), on today's board of that key (its index found at the first
  -- call): without a member, how many points the awards of a call may add before anyone there can
  -- reach `lowest` (the board's ceiling tells, so no score is read), or false on a board with a
  -- time part; with one, the member's points before an award (on a board with a time part the
  -- score read is the one the award then writes from)
  local levels_k
  local function points_before(key, member, lowest)
    local k = levels_k
    if not k then
      for b = 1, np do k = keys[b] == key and b or k end
      levels_k = k
    end
    if not member then
      return not base[k] and lowest - (ceiling[k] or 0)
    end
    return (held(k, member))
  end
  return indexed, fits, room, add_all, made_at, any_timed, points_before, trim, scope_board
end
