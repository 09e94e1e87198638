-- activity-rank: apply a batch of awards and revokes. The whole call is atomic, so each command
-- sees the effects of the ones before it and no other client interleaves.
--
-- KEYS     every record hash, week and month hash, period board, joined-challenges hash and the
--          open-challenges hash the commands touch; commands refer to them by index. All keys share
--          the "{prefix}" hash tag, so they live in one Redis Cluster slot.
--          Challenge boards are the one exception: which ones an award reaches is only known once
--          the script has read the user's joined-challenges hash, so the script names them itself,
--          from the board prefix it is given (ARGV, from RankKeys) and the challenge id. The prefix
--          starts with the same "{prefix}" hash tag, so those keys live in the same slot as every
--          KEY: the script stays atomic and runs unchanged on a cluster (Redis allows a script keys
--          it was not given in the slot of its KEYS).
-- ARGV     a header shared by the batch, then the commands:
--   ARGV[1]        number of commands
--   ARGV[2]        TTL in ms of a record created today
--   ARGV[3]        today's boards, "keyIdx:ttlMs:largest:time:denseIdx,..." (ttl -1: never expires);
--                  '' if unused. Per board: largest, the most points a member may hold; time, the
--                  tie-break time part of an award made now (-1: the board holds plain points); denseIdx,
--                  the key of its dense companion (0: none). See "Boards" below.
--   ARGV[4]        D, the days a revoke searches (today and the retained days before it); 0 if unused
--   ARGV[5..4+D]   the boards of each of those days, newest first, "keyIdx:largest:time:denseIdx,..."
--   ARGV[5+D]      S, the number of specs; then eleven arguments per spec, what commands share:
--                    points, ruleCapField ("#cap:<rule>" or ''), ruleCap ('' for none),
--                    globalCap ('' for none), olderCount (retained days once-per=ever rules check, else 0),
--                    ruleWeeklyCap, globalWeeklyCap, ruleMonthlyCap, globalMonthlyCap ('' for none),
--                    countField ("#n:<rule>", "#n:" for explicit points), pointsField ("#p:<rule>", "#p:"),
--                    rule (the rule's name, '' for explicit points)
--   then four arguments about the week and month hashes:
--     weekTtl        TTL in ms of a week hash created today
--     monthTtl       TTL in ms of a month hash created today
--     weekOf         for each of the D days a revoke searches, newest first, the ordinal of its week
--                    among the distinct weeks of those days, "1,1,1,2,2,..."; '' if D is 0
--     monthOf        the same for months, "1,1,...,2,..."; '' if D is 0
--   then six arguments about challenges:
--     openIdx        the key of the open-challenges hash (id -> entry, see "Challenges" below)
--     now            the current instant in epoch ms, from the application's clock (never Redis TIME);
--                    TTLs count from it
--     boardPrefix    the start of every challenge board's key, "{prefix}:challenge:"
--     densePrefix    the start of their dense companions' keys, "{prefix}:dense:challenge:"; '' when
--                    ranking is not dense
--     largest        the most points a member may hold on a challenge board
--     timed          '1' when boards hold the earliest tie-break's time part, else '0'
--   then two arguments about when the commands were made (all of them on the day whose keys are given):
--     at             the earliest instant a command was made, epoch ms (now on the live path)
--     own            '1' when each command carries its own instant (the ledger's relay and rebuild),
--                    as a sixth argument; the boards' time (ARGV[3], ARGV[5..]) is then a base, and a
--                    command's time part is clamp(base - its epoch second, 0, TIME_SPAN - 1).
--                    '0': every command is made at `now`, and time is the time part itself
--   then five arguments per command (six when own is '1'): spec, member, field, recordIdx, joinedIdx,
--   and its instant in epoch ms
--     spec > 0  award with spec number `spec`; its record hashes are KEYS[recordIdx] (today) and,
--               for once-per=ever, KEYS[recordIdx+1 .. recordIdx+olderCount] (the days before);
--               then KEYS[recordIdx+olderCount+1] today's week hash, KEYS[recordIdx+olderCount+2]
--               today's month hash
--     spec < 0  revoke, using spec number -spec's ruleCapField and tally fields; the record hashes of
--               the D days, newest first, are KEYS[recordIdx .. recordIdx+D-1]; then the week hashes
--               of the W distinct weeks (W = the last entry of weekOf), newest first, then the month
--               hashes of the M distinct months, newest first
--     joinedIdx      the key of the user's joined-challenges hash (id -> entry)
-- Returns  one integer per command: points * 8 + status, where status is
--          0 awarded, 1 already awarded, 2 capped, 3 revoked, 4 nothing to revoke,
--          5 rejected: a board would pass its largest score (nothing was stored)
--
-- A record hash belongs to one user and one day: field -> points given that day. Its fields
-- '#cap' and '#cap:<rule>' count the day's points under daily caps, '#n:<rule>' and '#p:<rule>' tally
-- the day's standing awards of a rule (count and points; '#n:' and '#p:' for explicit points). '#'
-- never starts an encoded field. A week or month hash belongs to one user and one week or month and
-- holds the same four kinds of fields for the period. An award adds to the hashes of today; a revoke
-- gives back to the hashes of the day it finds the award on, only to fields that exist, so it never
-- recreates an expired hash. Cap counters change only while a cap applies; tallies always change.
-- '#ch:<field>' names the challenge boards the award of that field reached (see "Challenges").
-- A key's TTL is set only by the command that creates it, never pushed forward later.
-- No score goes below zero: a member whose score would reach zero leaves the board.
--
-- Boards. A board holds either plain points (score = points), or, with the earliest tie-break,
-- score = points * TIME_SPAN + time, where time (0 .. TIME_SPAN - 1) is larger the earlier in the
-- board's period the member got its points: an award or a penalty sets it to the time part it
-- carries; a revoke only takes points and keeps it. Every score stays below 2^53, so it is exact.
-- A dense companion holds one member per distinct points value on its board (member and score are
-- the value), so dense ranks are one ZCOUNT; it is kept only while it exists next to its board or
-- the board is new (a missing one is built from the board by dense.lua before a dense read).
--
-- Challenges. An entry of the open-challenges hash or of a user's joined-challenges hash is
-- "start:end:expireAt:token:rules" (epoch ms; rules comma-separated, '' for every rule, explicit
-- points included). An award reaches the board "<boardPrefix><id>" of each challenge of its user
-- that runs when the award is made (start <= at < end) and counts its rule, with the points it really gave (after
-- caps), and its record keeps '#ch:<field>' = "id=token,...". A revoke takes those points back
-- from each board named there whose challenge still runs, if the user still takes part under the
-- same token (a user who left, and maybe joined again, is not touched by awards from before). A
-- challenge board is created with a TTL that ends at its expireAt, and laid out like the period
-- boards; its time part counts from the challenge's start. Nothing writes a board after its end.
-- Hashes are read once per batch (open) and once per user and batch (joined), with HGETALL, and
-- parsed then: what all entries of a challenge share (all but the token) is parsed from the first
-- one of the batch, each later one is only compared with it and its token cut out (a batch of
-- users in the same challenges parses each challenge once); entries of challenges that do not run
-- now are dropped. Which boards an award of a rule reaches is worked out once per user, rule and
-- batch. Reserved fields of those hashes ('#token') start with '#'. With plain boards (tie-break
-- none, competition ranks: the default) an award costs one ZINCRBY per challenge board it reaches,
-- and nothing reads the member's score: the largest score is checked against a bound on each
-- board's highest score, read once per board and batch (ZREVRANGE 0 0) and raised by the points of
-- each increment (so no reply is parsed); only an award that could pass the largest score by that
-- bound reads the member's own score. These checks run before the command's first write to
-- a challenge board, so a rejected command writes none. With the earliest tie-break or dense
-- ranks a challenge board is written like a period board (ZSCORE, then ZADD).
-- Writing each plain board once per batch instead (its members' scores read with ZMSCORE, the
-- batch's points replayed in order, one ZADD) was measured slower on Redis 7.0 than one ZINCRBY
-- per award: the skip-list move of each member is the cost, not the command, and the read and
-- the replay come on top.
--
-- Cost matters: this runs once per award. Boards are checked for existence once per batch, and
-- searches over older days first ask with one multi-key EXISTS whether any of those records exist.
-- A week or month hash is asked for its TTL only by the first award of a rule in the period.

local GLOBAL_CAP = '#cap'

-- 2^29, the range of the tie-break time part (BoardLayout.TIME_SPAN in Java)
local TIME_SPAN = 536870912

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

-- exact integers as Redis should store them (a Lua number could print as 1e+15); each value is
-- formatted once per call, as the same points go to many boards
local formatted = {}
local function int(n)
  local text = formatted[n]
  if not text then
    text = string.format('%.0f', n)
    formatted[n] = text
  end
  return text
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
    kept = not exists(board.key) or redis.call('EXISTS', board.dense) == 1
    dense_kept[board.key] = kept
  end
  return kept and board.dense or nil
end

local function remove_member(board, member)
  redis.call('ZREM', board.key, member)
  board_exists[board.key] = nil -- the last member takes the board with it
  dense_kept[board.key] = nil
  scores[board.key][member] = false
end

-- whether `points` more keep the member within every board's largest score
local function fits(boards, member, points)
  for _, board in ipairs(boards) do
    local score = score_of(board, member)
    if (score and points_of(board, score) or 0) + points > board.largest then
      return false
    end
  end
  return true
end

-- give the member `points` in total (leaving the board at 0 or less) with that time part
local function set_points(board, member, points, time)
  local dense = dense_of(board)
  local old = score_of(board, member)
  local old_points = old and points_of(board, old)
  if points <= 0 then
    if old then
      remove_member(board, member)
    end
  else
    local score = board.time and points * TIME_SPAN + time or points
    redis.call('ZADD', board.key, int(score), member)
    scores[board.key][member] = score
  end
  -- the companion only ever exists on plain-points boards, so a value is a score there
  if dense then
    if old_points and old_points ~= points and redis.call('ZCOUNT', board.key, int(old_points), int(old_points)) == 0 then
      redis.call('ZREM', dense, int(old_points))
    end
    if points > 0 and points ~= old_points then
      redis.call('ZADD', dense, int(points), int(points))
    end
  end
end

local function add_to_board(board, member, points)
  if points > 0 then
    local existed = exists(board.key)
    if not existed and board.dense then
      redis.call('DEL', board.dense) -- a new board starts a new companion
    end
    local score = score_of(board, member)
    set_points(board, member, (score and points_of(board, score) or 0) + points, board.time)
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

-- give back what an award used of a cap, given the counter's value (nil when absent)
local function release_cap(hash, cap_field, used, points)
  used = tonumber(used)
  if used then
    if used <= points then
      redis.call('HDEL', hash, cap_field)
    else
      redis.call('HINCRBY', hash, cap_field, -points)
    end
  end
end

-- take a revoked award out of its record, week or month hash: its tally and, for positive points,
-- what it used of the caps. Only fields that exist are written, so an expired hash stays gone.
local function give_back(hash, spec, points)
  local held = redis.call('HMGET', hash, spec.count_field, GLOBAL_CAP, spec.rule_cap_field)
  local count = tonumber(held[1])
  if count then
    if count <= 1 then
      redis.call('HDEL', hash, spec.count_field, spec.points_field)
    else
      redis.call('HINCRBY', hash, spec.count_field, -1)
      redis.call('HINCRBY', hash, spec.points_field, -points)
    end
  end
  if points > 0 then
    release_cap(hash, GLOBAL_CAP, held[2], points)
    if spec.rule_cap_field ~= '' then release_cap(hash, spec.rule_cap_field, held[3], points) end
  end
end

-- what is left of points under one cap counted in a hash's field; points when there is no cap
local function clip(points, hash, cap_field, cap)
  if cap then
    local left = cap - (tonumber(redis.call('HGET', hash, cap_field)) or 0)
    if left < points then return left end
  end
  return points
end

-- count points under a cap, when the cap applies
local function use_cap(hash, cap_field, cap, points)
  if cap then redis.call('HINCRBY', hash, cap_field, points) end
end

-- add an award to the tally of its rule in a record, week or month hash. Week and month hashes
-- are created only by awards, and an award into a new hash always starts a tally at count 1: so
-- only then can the hash lack its TTL, and only then is it asked (ttl nil: the caller sets it).
local function tally(hash, spec, points, ttl)
  local count = redis.call('HINCRBY', hash, spec.count_field, 1)
  redis.call('HINCRBY', hash, spec.points_field, points)
  if ttl and count == 1 and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
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
local function board_of(idx, ttl, largest, time, dense)
  local t = (time ~= '-1') and tonumber(time) or nil
  return { key = KEYS[tonumber(idx)], ttl = ttl, largest = tonumber(largest),
           time = t, base = t, dense = (dense ~= '0') and KEYS[tonumber(dense)] or nil }
end
local todays_boards = {}
for idx, ttl, largest, time, dense in string.gmatch(ARGV[3], '(%d+):(-?%d+):(%d+):(-?%d+):(%d+)') do
  todays_boards[#todays_boards + 1] = board_of(idx, ttl, largest, time, dense)
end
local days = tonumber(ARGV[4])
local day_boards = {}

-- the boards of the d-th day a revoke searches, parsed only when a revoke lands on that day
local function boards_of_day(d)
  local boards = day_boards[d]
  if not boards then
    boards = {}
    for idx, largest, time, dense in string.gmatch(ARGV[4 + d], '(%d+):(%d+):(-?%d+):(%d+)') do
      boards[#boards + 1] = board_of(idx, nil, largest, time, dense)
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
               global_cap = tonumber(ARGV[i + 3]), older_count = tonumber(ARGV[i + 4]),
               rule_week_cap = tonumber(ARGV[i + 5]), global_week_cap = tonumber(ARGV[i + 6]),
               rule_month_cap = tonumber(ARGV[i + 7]), global_month_cap = tonumber(ARGV[i + 8]),
               count_field = ARGV[i + 9], points_field = ARGV[i + 10], rule = ARGV[i + 11] }
  local spec = specs[n]
  spec.capped = spec.points > 0 and (spec.rule_cap or spec.global_cap or spec.rule_week_cap
    or spec.global_week_cap or spec.rule_month_cap or spec.global_month_cap) ~= nil
  i = i + 12
end

-- the week and month hashes
local week_ttl, month_ttl, week_of_arg, month_of_arg = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
i = i + 4
local week_of, month_of

-- the challenges
local open_idx, now_ms = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
local challenge_prefix, challenge_dense_prefix = ARGV[i + 2], ARGV[i + 3]
local challenge_largest, challenge_timed = tonumber(ARGV[i + 4]), ARGV[i + 5] == '1'
-- when the commands were made: at, the instant of the command being applied
local at, own_times = tonumber(ARGV[i + 6]), ARGV[i + 7] == '1'
local earliest = at
i = i + 8

-- with own instants, the time part of each board for the command at hand
local function time_boards(boards)
  if own_times then
    local s = math.floor(at / 1000)
    for _, board in ipairs(boards) do
      if board.base then
        board.time = math.max(0, math.min(TIME_SPAN - 1, board.base - s))
      end
    end
  end
  return boards
end
local CHALLENGES = '#ch:'

-- what every entry of a challenge shares (all but the token), by id: the first entry of a
-- challenge read in the batch is parsed, each later one only compared with it (string.find, which
-- makes no new string) and its token cut out, so a user's entries cost one new string each
local shared_by_id = {}

local function parse_entry(id, value)
  local shared = shared_by_id[id]
  if shared and string.find(value, shared.head, 1, true) == 1 then
    local colon = string.find(value, ':', #shared.head + 1, true)
    local rules = shared.rules_text
    if colon and #value - colon == #rules and (rules == '' or string.find(value, rules, colon + 1, true)) then
      return shared, string.sub(value, #shared.head + 1, colon - 1)
    end
  end
  local start, stop, expire_at, token, rules = string.match(value, '^(%d+):(%d+):(%d+):(%d+):(.*)$')
  shared = { id = id, start = tonumber(start), stop = tonumber(stop), expire_at = tonumber(expire_at),
             head = start .. ':' .. stop .. ':' .. expire_at .. ':', rules_text = rules }
  if rules ~= '' then
    shared.rules = {}
    for rule in string.gmatch(rules, '[^,]+') do shared.rules[rule] = true end
  end
  shared_by_id[id] = shared
  return shared, token
end

-- the entries of a challenges hash whose challenge had not ended at the batch's earliest instant:
-- a list of entries and one of their tokens, and a map from id to position built when a revoke
-- first asks. Each command then keeps those that run at its own instant (runs below): an award
-- reaches running challenges only, and a revoke takes back only from those.
-- what an empty hash parses to, shared: most users join no challenge, and cost no tables then
local NO_CHALLENGES = { list = {}, tokens = {}, by_id = {} }

local function parse_challenges(flat)
  if #flat == 0 then
    return NO_CHALLENGES
  end
  local list, tokens = {}, {}
  for k = 1, #flat, 2 do
    if string.byte(flat[k], 1) ~= 35 then -- '#': a reserved field
      local entry, token = parse_entry(flat[k], flat[k + 1])
      if entry.stop > earliest then
        list[#list + 1] = entry
        tokens[#list] = token
      end
    end
  end
  return { list = list, tokens = tokens }
end

local function by_id(challenges)
  local map = challenges.by_id
  if not map then
    map = {}
    for k, entry in ipairs(challenges.list) do map[entry.id] = k end
    challenges.by_id = map
  end
  return map
end

local open_challenges
local joined_challenges = {}

local function open_of()
  if not open_challenges then
    open_challenges = parse_challenges(redis.call('HGETALL', KEYS[open_idx]))
  end
  return open_challenges
end

local function joined_of(joined_idx)
  local joined = joined_challenges[joined_idx]
  if not joined then
    joined = parse_challenges(redis.call('HGETALL', KEYS[joined_idx]))
    joined_challenges[joined_idx] = joined
  end
  return joined
end

-- the board of a challenge, as the board functions above take it; one per challenge and batch
local challenge_boards = {}
local function challenge_board(entry)
  local board = challenge_boards[entry.id]
  if not board then
    board = { key = challenge_prefix .. entry.id, ttl = int(math.max(1, entry.expire_at - now_ms)),
              largest = challenge_largest,
              dense = (challenge_dense_prefix ~= '') and (challenge_dense_prefix .. entry.id) or nil }
    challenge_boards[entry.id] = board
  end
  if challenge_timed and (own_times or not board.time) then
    -- as BoardLayout.timePart: whole seconds since the start, the earlier the larger
    local s = math.floor(at / 1000) - math.floor(entry.start / 1000)
    s = math.max(0, math.min(TIME_SPAN - 1, s))
    board.time = TIME_SPAN - 1 - s
  end
  return board
end

-- Plain boards (no tie-break time part, no dense companion, the default layout) take an award
-- with one ZINCRBY and no read of the member's score. Their largest score is checked against a
-- bound on the board's highest score, read once per board and batch (ZREVRANGE 0 0, which also
-- tells whether the board exists) and raised by the points of every increment: only an award that
-- could pass the largest score by that bound asks for the member's own score. Every check of a command runs
-- before its first write to a challenge board, so a rejected command writes none.
local challenge_plain = not challenge_timed and challenge_dense_prefix == ''

-- a bound on the highest score of a plain challenge board: read once per batch, then raised by each
-- increment; false when the board does not exist
local function ceiling_of(board)
  local ceiling = board.ceiling
  if ceiling == nil then
    local top = redis.call('ZREVRANGE', board.key, 0, 0, 'WITHSCORES')
    ceiling = top[2] and tonumber(top[2]) or false
    board.ceiling = ceiling
  end
  return ceiling
end

-- whether a challenge runs at the instant of the command at hand (start <= at < end)
local function runs(entry)
  return entry.start <= at and at < entry.stop
end

-- whether `points` (> 0) more keep the member within the largest score of every challenge board
local function fits_challenges(boards, member, points)
  if not challenge_plain then
    return fits(boards, member, points)
  end
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

-- add points > 0 on a plain board; a board that does not exist is created (with its TTL) only
-- when `create`, as by an award, not by giving a penalty back
local function increment(board, member, points, create)
  local ceiling = ceiling_of(board)
  if not ceiling and not create then
    return
  end
  redis.call('ZINCRBY', board.key, int(points), member)
  if not ceiling then
    redis.call('PEXPIRE', board.key, board.ttl)
  end
  -- the member held at most the ceiling before, so the ceiling plus the points bounds it now
  -- (a bound, not the score: no reply to parse)
  board.ceiling = (ceiling or 0) + points
end

-- take points >= 0 from a plain board; at zero or less the member leaves it. A member or board
-- that was not there is created by ZINCRBY and removed again at once, so nothing remains.
local function decrement(board, member, points)
  local score = tonumber(redis.call('ZINCRBY', board.key, int(-points), member))
  if score <= 0 then
    redis.call('ZREM', board.key, member)
    board.ceiling = nil -- the last member takes the board with it
  end
end

local function add_to_challenge(board, member, points)
  if not challenge_plain then
    add_to_board(board, member, points)
  elseif points > 0 then
    increment(board, member, points, true)
  else
    decrement(board, member, -points) -- a penalty never creates a board or a member
  end
end

local function take_from_challenge(board, member, points)
  if not challenge_plain then
    take_from_board(board, member, points)
  elseif points > 0 then
    decrement(board, member, points)
  else
    increment(board, member, -points, false) -- a board that has expired stays gone
  end
end

-- the boards of the challenges an award of this spec reaches now, and what its record keeps of
-- them; once per user, rule and batch
local reached_by = {}
local function challenges_reached(spec, joined_idx)
  local of_user = reached_by[joined_idx]
  if not of_user then
    of_user = {}
    reached_by[joined_idx] = of_user
  end
  -- commands with instants of their own (a replay) may see different challenges run
  local reached = not own_times and of_user[spec.rule]
  if not reached then
    -- names: "id=token,..." as parts, joined into one string at the end
    local boards, names, seen = {}, {}, {}
    for _, challenges in ipairs({ open_of(), joined_of(joined_idx) }) do
      for k, entry in ipairs(challenges.list) do
        if runs(entry) and (not entry.rules or entry.rules[spec.rule]) and not seen[entry.id] then
          seen[entry.id] = true
          boards[#boards + 1] = challenge_board(entry)
          names[#names + 1] = #names > 0 and ',' or ''
          names[#names + 1] = entry.id
          names[#names + 1] = '='
          names[#names + 1] = challenges.tokens[k]
        end
      end
    end
    reached = { boards = boards, names = table.concat(names) }
    of_user[spec.rule] = reached
  end
  return reached.boards, reached.names
end

-- the boards of the challenges a revoked award reached that still run and still have the user
-- under the same token
local function challenges_to_revoke(reached, joined_idx)
  local boards = {}
  if not reached then
    return boards
  end
  for id, token in string.gmatch(reached, '([^,=]+)=(%d+)') do
    local challenges = joined_of(joined_idx)
    local k = by_id(challenges)[id]
    if not k then
      challenges = open_of()
      k = by_id(challenges)[id]
    end
    local entry = k and challenges.list[k]
    if entry and challenges.tokens[k] == token and runs(entry) then
      boards[#boards + 1] = challenge_board(entry)
    end
  end
  return boards
end

-- the week and month hashes of the d-th day a revoke searches, its keys starting at KEYS[first];
-- the day-to-period map is parsed only when a revoke finds an award
local function sums_of_day(first, d)
  if not week_of then
    week_of, month_of = {}, {}
    for n in string.gmatch(week_of_arg, '%d+') do week_of[#week_of + 1] = tonumber(n) end
    for n in string.gmatch(month_of_arg, '%d+') do month_of[#month_of + 1] = tonumber(n) end
  end
  local weeks = first + days - 1
  return KEYS[weeks + week_of[d]], KEYS[weeks + week_of[days] + month_of[d]]
end

local function award(spec, member, field, first, joined_idx)
  local record = KEYS[first]
  local points = spec.points

  if spec.older_count > 0 and find_in_records(first + 1, spec.older_count, field) then
    return 1, 0
  end
  local week, month = KEYS[first + spec.older_count + 1], KEYS[first + spec.older_count + 2]

  local created = redis.call('EXISTS', record) == 0
  -- the challenge boards the award reaches, learned once it is known to score
  local reached, reached_names
  if spec.capped then
    -- the points depend on what the caps of the day, week and month leave, so look before writing
    if not created and redis.call('HEXISTS', record, field) == 1 then
      return 1, 0
    end
    points = clip(points, record, spec.rule_cap_field, spec.rule_cap)
    points = clip(points, record, GLOBAL_CAP, spec.global_cap)
    points = clip(points, week, spec.rule_cap_field, spec.rule_week_cap)
    points = clip(points, week, GLOBAL_CAP, spec.global_week_cap)
    points = clip(points, month, spec.rule_cap_field, spec.rule_month_cap)
    points = clip(points, month, GLOBAL_CAP, spec.global_month_cap)
    if points <= 0 then
      return 2, 0
    end
    reached, reached_names = challenges_reached(spec, joined_idx)
    if not fits(todays_boards, member, points) or not fits_challenges(reached, member, points) then
      return 5, 0
    end
    redis.call('HSET', record, field, points)
  elseif redis.call('HSETNX', record, field, points) == 0 then
    return 1, 0
  else
    reached, reached_names = challenges_reached(spec, joined_idx)
    if points > 0 and not (fits(todays_boards, member, points) and fits_challenges(reached, member, points)) then
      redis.call('HDEL', record, field) -- the field was all this award wrote
      return 5, 0
    end
  end
  if spec.capped then
    use_cap(record, spec.rule_cap_field, spec.rule_cap, points)
    use_cap(record, GLOBAL_CAP, spec.global_cap, points)
    use_cap(week, spec.rule_cap_field, spec.rule_week_cap, points)
    use_cap(week, GLOBAL_CAP, spec.global_week_cap, points)
    use_cap(month, spec.rule_cap_field, spec.rule_month_cap, points)
    use_cap(month, GLOBAL_CAP, spec.global_month_cap, points)
  end
  tally(record, spec, points, nil)
  tally(week, spec, points, week_ttl)
  tally(month, spec, points, month_ttl)
  if created then
    redis.call('PEXPIRE', record, record_ttl)
  end
  for _, board in ipairs(time_boards(todays_boards)) do
    add_to_board(board, member, points)
  end
  if #reached > 0 then
    redis.call('HSET', record, CHALLENGES .. field, reached_names)
    for _, board in ipairs(reached) do
      add_to_challenge(board, member, points)
    end
  end
  return 0, points
end

local function revoke(spec, member, field, first, joined_idx)
  -- today's record first: most revokes undo an award of the same day
  local held = redis.call('HMGET', KEYS[first], field, CHALLENGES .. field)
  local found, given, reached_names = first, held[1], held[2]
  if not given then
    found, given = find_in_records(first + 1, days - 1, field)
    if not found then
      return 4, 0
    end
    reached_names = redis.call('HGET', KEYS[found], CHALLENGES .. field)
  end
  local record = KEYS[found]
  local points = tonumber(given)
  local boards = time_boards(boards_of_day(found - first + 1))
  local reached = challenges_to_revoke(reached_names, joined_idx)
  -- giving a penalty back must fit like an award
  if points < 0 and not (fits(boards, member, -points) and fits_challenges(reached, member, -points)) then
    return 5, 0
  end
  if reached_names then
    redis.call('HDEL', record, field, CHALLENGES .. field)
  else
    redis.call('HDEL', record, field)
  end
  local week, month = sums_of_day(first, found - first + 1)
  give_back(record, spec, points)
  give_back(week, spec, points)
  give_back(month, spec, points)
  for _, board in ipairs(boards) do
    take_from_board(board, member, points)
  end
  for _, board in ipairs(reached) do
    take_from_challenge(board, member, points)
  end
  return 3, points
end

local out = {}
for n = 1, tonumber(ARGV[1]) do
  local spec, member, field, first = tonumber(ARGV[i]), ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  local joined_idx = tonumber(ARGV[i + 4])
  if own_times then
    at = tonumber(ARGV[i + 5])
  end
  local status, points
  if spec > 0 then
    status, points = award(specs[spec], member, field, first, joined_idx)
  else
    status, points = revoke(specs[-spec], member, field, first, joined_idx)
  end
  out[n] = points * 8 + status
  i = own_times and i + 6 or i + 5
end
return out
