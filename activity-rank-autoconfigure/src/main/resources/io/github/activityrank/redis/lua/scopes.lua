-- module scopes: scope boards (docs/scopes.md), fed by the award and revoke of the same call.
-- Composed after the badges and streak modules and before items (or items-none) only when
-- activity-rank.scopes is configured. ARGV[tail] (the last argument, or the one before the items
-- module's tail) is the index of this module's tail of arguments, written by ScopeArgs:
--   largest       the most points a member may hold on a board
--   timed         '1' when boards hold the earliest tie-break's time part, else '0'
--   dense         '1' when boards keep a dense companion, else '0'
--   scopedPrefix  the start of each user's scoped-set key, "{prefix}:scoped:"
--   per command:  '' (no scope), or its scope ids that count, "kind|id|keep|boards;...", where
--                 boards is "boardIdx:ttlMs:time:denseIdx:scopesIdx,..." per period of the kind:
--                 the id's board, its TTL (-1: never expires), the time part (or base) as in
--                 ARGV[3], its dense companion (0: none), and the kind's board of scope ids
-- An award that scored (status 0) stores '#s:<field>' = "points|board,...|scopes=id,..." in
-- today's record (the keys written after the key space's base, as the items module does, so a
-- rebuild's staged record names the live keys once switched), adds the points to each scope id's
-- board and to the id on the kind's board of scope ids, adds "kind:id" to the user's scoped set
-- (which a removal reads), then trims each board to `keep`. A revoke (status 3) finds that field
-- on the day its award was found and takes exactly that back, whatever the host's data says now.
-- Caps, once-per windows and challenges are the award's: a scope gets the points the award gave.
local scopes_on = true
local scope_next, scope_after
do
  local si = tonumber(ARGV[tail])
  tail = si - 1
  local largest, timed, dense_on, scoped_prefix = ARGV[si], ARGV[si + 1] == '1', ARGV[si + 2] == '1', ARGV[si + 3]
  si = si + 4

  -- points on a scope id of the kind's board of scope ids; a penalty never adds an id
  local function tally(key, ttl, id, points)
    if points < 0 and not redis.call('ZSCORE', key, id) then
      return
    end
    local score = tonumber(redis.call('ZINCRBY', key, int(points), id))
    if score <= 0 then
      redis.call('ZREM', key, id)
      if score - points > 0 then
        wrote('s', key, id, score - points)
      end
      return
    end
    wrote('z', key, id, points)
    if score == points and ttl and ttl ~= '-1' and redis.call('ZCARD', key) == 1 then
      redis.call('PEXPIRE', key, ttl)
    end
  end

  -- keep the best `keep` members; the dense companion is rebuilt from the board when read
  local function trim(board, keep)
    local card = redis.call('ZCARD', board.key)
    if card > keep then
      redis.call('ZREMRANGEBYRANK', board.key, 0, card - keep - 1)
      if board.dense then
        redis.call('DEL', board.dense)
      end
      board_forget()
    end
  end

  -- what an award's scope argument names, parsed once per call and argument (awards of one call
  -- naming the same scope ids share it, as their boards share their tables): its boards, the
  -- record's text of them and of the boards of scope ids, those boards, the ids and kept boards;
  -- by the record's key space base, which the record's text is relative to
  local plans = {}
  local function plan_of(groups, record)
    local base = base_of(record)
    local of_base = plans[base] or {}
    plans[base] = of_base
    local plan = of_base[groups]
    if plan then
      return plan
    end
    local boards, names, tallies, ids, kept, held = {}, {}, {}, {}, {}, {}
    for kind, id, keep, list in string.gmatch(groups, '([^|;]+)|([^|;]+)|(%d+)|([^;]*)') do
      ids[#ids + 1] = kind .. ':' .. id
      for idx, ttl, time, dense, sidx in string.gmatch(list, '(%d+):(-?%d+):(-?%d+):(%d+):(%d+)') do
        local board = board_of(idx, ttl, largest, time, dense)
        boards[#boards + 1] = board
        names[#names + 1] = relative(base, board.key)
        local scopes = KEYS[tonumber(sidx)]
        tallies[#tallies + 1] = { key = scopes, ttl = ttl, id = id }
        held[#held + 1] = relative(base, scopes) .. '=' .. id
        if keep ~= '0' then
          kept[#kept + 1] = { board = board, keep = tonumber(keep) }
        end
      end
    end
    plan = { boards = boards, tallies = tallies, ids = ids, kept = kept,
             text = '|' .. table.concat(names, ',') .. '|' .. table.concat(held, ',') }
    of_base[groups] = plan
    return plan
  end

  local function scope_award(groups, points, member, field, record)
    local plan = plan_of(groups, record)
    local boards, tallies, ids, kept = plan.boards, plan.tallies, plan.ids, plan.kept
    time_boards(boards)
    if points > 0 and not board_fits(boards, member, points) then
      error('ERR a scope board would pass its largest score of ' .. largest .. ' points; nothing was stored', 0)
    end
    local name = '#s:' .. field
    redis.call('HSET', record, name, int(points) .. plan.text)
    wrote('h', record, name, false)
    for _, board in ipairs(boards) do
      board_add(board, member, points)
    end
    for _, t in ipairs(tallies) do
      tally(t.key, t.ttl, t.id, points)
    end
    redis.call('SADD', scoped_prefix .. member, unpack(ids))
    for _, k in ipairs(kept) do
      trim(k.board, k.keep)
    end
  end

  local function scope_revoke(member, field, first)
    local held, record = take_award_field(member, first, '#s:' .. field)
    if not held then
      return
    end
    local points, boards, tallies = string.match(held, '^(-?%d+)|([^|]*)|(.*)$')
    points = tonumber(points)
    local base = base_of(record)
    for rel in string.gmatch(boards, '[^,]+') do
      local board = { key = base .. rel, largest = tonumber(largest), time = timed and 0 or nil,
                      dense = dense_on and (base .. ':dense' .. rel) or nil }
      board_take(board, member, points)
    end
    for rel, id in string.gmatch(tallies, '([^,=]+)=([^,]+)') do
      tally(base .. rel, nil, id, -points)
    end
  end

  -- the index of the next command's scope argument, read before the command runs
  scope_next = function()
    si = si + 1
    return si - 1
  end

  -- after a command (its scope argument at at_i): an award that scored, or a revoke that took back
  scope_after = function(at_i, spec, status, points, member, field, first)
    if spec > 0 and status == 0 and points ~= 0 and ARGV[at_i] ~= '' then
      scope_award(ARGV[at_i], points, member, field, KEYS[first])
    elseif spec < 0 and status == 3 then
      scope_revoke(member, field, first)
    end
  end
end
