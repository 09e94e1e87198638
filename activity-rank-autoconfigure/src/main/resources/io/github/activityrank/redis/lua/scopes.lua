-- module scopes: scope boards (docs/scopes.md), fed by the award and revoke of the same call.
-- Composed after the badges and streak modules and before items (or items-none) only when
-- activity-rank.scopes is configured. ARGV[tail] (the last argument, or the one before the items
-- module's tail) is the index of this module's tail of arguments, written by ScopeArgs:
--   largest       the most points a member may hold on a board
--   timed         '1' when boards hold the earliest tie-break's time part, else '0'
--   dense         '1' when boards keep a dense companion, else '0'
--   scopedPrefix  the start of each user's scoped-set key, "{prefix}:scoped:"
--   per command:  '' (no scope), or its scope ids that count, "kind|id|keep|letters|boards;...",
--                 where letters are the kind's periods (d, w, m, t) and boards is
--                 "boardIdx:ttlMs:time:denseIdx:scopesIdx,..." per period of the kind: the id's
--                 board, its TTL (-1: never expires), the time part (or base) as in ARGV[3], its
--                 dense companion (0: none), and the kind's board of scope ids
-- An award that scored (status 0) stores "kind=id:letters;..." in its record's value, after the
-- number and '|' (the lean loop's scope-core writes the same), adds the points to each scope id's
-- board and to the id on the kind's board of scope ids, adds "kind:id" to the user's scoped set
-- (which a removal reads), then trims each board to `keep`. A revoke (status 3) reads them in the
-- value it took back (or in the '#s:<field>' field of a record written before they moved there)
-- on the day its award was found and takes the points it revoked back from the boards of those ids and
-- periods of that day, whatever the host's data says now: their keys are named from the record's
-- key (its key space's base, so a rebuild's staged record names the live keys once switched, and
-- its day) as RankKeys and ScopeKeys name them.
-- Caps, once-per windows and challenges are the award's: a scope gets the points the award gave.
local scopes_on = true
local scope_next, scope_after
local scope_start = tonumber(ARGV[tail])
local tail = scope_start - 1 -- the items module's tail ends before this one
do
  local si = scope_start
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
  -- boards of scope ids, the ids, the kept boards and the record's text
  local plans = {}
  local function plan_of(groups)
    local plan = plans[groups]
    if plan then
      return plan
    end
    local boards, names, tallies, ids, kept = {}, {}, {}, {}, {}
    for kind, id, keep, letters, list in string.gmatch(groups, '([^|;]+)|([^|;]+)|(%d+)|(%a+)|([^;]*)') do
      ids[#ids + 1] = kind .. ':' .. id
      names[#names + 1] = kind .. '=' .. id .. ':' .. letters
      for idx, ttl, time, dense, sidx in string.gmatch(list, '(%d+):(-?%d+):(-?%d+):(%d+):(%d+)') do
        local board = board_of(idx, ttl, largest, time, dense)
        boards[#boards + 1] = board
        tallies[#tallies + 1] = { key = KEYS[tonumber(sidx)], ttl = ttl, id = id }
        if keep ~= '0' then
          kept[#kept + 1] = { board = board, keep = tonumber(keep) }
        end
      end
    end
    plan = { boards = boards, tallies = tallies, ids = ids, kept = kept, text = table.concat(names, ';') }
    plans[groups] = plan
    return plan
  end

  -- the number of the day n days after 1970-01-01 for a civil date, and the ISO week of a date
  -- ("2026-W48", as ActivityCalendar.periodId names week boards)
  local function day_number(y, m, d)
    y = (m <= 2) and y - 1 or y
    local era = math.floor(y / 400)
    local of_era = y - era * 400
    local of_year = math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1
    return era * 146097 + of_era * 365 + math.floor(of_era / 4) - math.floor(of_era / 100) + of_year - 719468
  end
  local function iso_week(y, m, d)
    local n = day_number(y, m, d)
    local thursday = n - (n + 3) % 7 + 3 -- of the date's week, Monday to Sunday: its year is the week's
    if thursday < day_number(y, 1, 1) then
      y = y - 1
    elseif thursday >= day_number(y + 1, 1, 1) then
      y = y + 1
    end
    return string.format('%d-W%02d', y, math.floor((thursday - day_number(y, 1, 1)) / 7) + 1)
  end

  -- the award's field is its command's first write, which a failure deletes (score-main)
  local function scope_award(spec, groups, points, member, field, record)
    local plan = plan_of(groups)
    local boards, tallies, ids, kept = plan.boards, plan.tallies, plan.ids, plan.kept
    time_boards(boards)
    if points > 0 and not board_fits(boards, member, points) then
      error('ERR a scope board would pass its largest score of ' .. largest .. ' points; nothing was stored', 0)
    end
    redis.call('HSET', record, field, value_of(spec, points) .. '|' .. plan.text)
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

  -- a revoke that took back the award's points: the same from the boards its record names
  local function scope_revoke(member, field, first, points)
    local held, record = string.match(revoked_value, '|(.*)$'), revoked_record
    if not held then -- a record written before the ids moved into the value: its '#s:' field
      held, record = take_award_field(member, first, '#s:' .. field)
    end
    if not held then
      return
    end
    local base, y, m, d = string.match(record, '^(.-):rec:(%d+)(%d%d)(%d%d):')
    local parts = { d = ':day:' .. y .. m .. d, m = ':month:' .. y .. '-' .. m, t = ':total' }
    for kind, id, letters in string.gmatch(held, '([^;=]+)=([^;:]+):(%a+)') do
      for letter in string.gmatch(letters, '%a') do
        if letter == 'w' then
          parts.w = parts.w or ':week:' .. iso_week(tonumber(y), tonumber(m), tonumber(d))
        end
        local rel = ':scope:' .. kind .. ':' .. id .. parts[letter]
        board_take({ key = base .. rel, largest = tonumber(largest), time = timed and 0 or nil,
                     dense = dense_on and (base .. ':dense' .. rel) or nil }, member, points)
        tally(base .. ':scopes:' .. kind .. parts[letter], nil, id, -points)
      end
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
      scope_award(specs[spec], ARGV[at_i], points, member, field, KEYS[first])
    elseif spec < 0 and status == 3 then
      scope_revoke(member, field, first, points)
    end
  end
end
