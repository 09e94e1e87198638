-- module challenges: which challenge boards an award reaches and a revoke takes back from.
-- An entry of the open-challenges hash or of a user's joined-challenges hash is
-- "start:end:expireAt:token:rules" (epoch ms; rules comma-separated, '' for every rule, explicit
-- points included). An award reaches the board "<boardPrefix><id>" of each challenge of its user
-- that runs when the award is made (start <= at < end) and counts its rule, with the points it
-- really gave (after caps), and its record keeps '#ch:<field>' = "id=token,...". A revoke takes
-- those points back from each board named there whose challenge still runs, if the user still
-- takes part under the same token (a user who left, and maybe joined again, is not touched by
-- awards from before). A challenge board is created with a TTL that ends at its expireAt, and laid
-- out like the period boards (the same board module); its time part counts from the challenge's
-- start, in milliseconds when the challenge lasts at most TIME_SPAN ms (49.7 days), else in seconds. Nothing writes a board after its end.
-- Pay for what you use: the registry (id -> end) is asked once per call whether any challenge ends
-- after the batch's earliest instant; while none does, no challenges hash is read. Otherwise the
-- hashes are read once per batch (open) and once per user and batch (joined), with HGETALL, and
-- parsed then: what all entries of a challenge share (all but the token) is parsed from the first
-- one of the batch, each later one is only compared with it and its token cut out; entries of
-- challenges that do not run now are dropped. Which boards an award of a rule reaches is worked out
-- once per user, rule and batch. Reserved fields of those hashes ('#token') start with '#'.
-- A call while no challenge runs makes none of the functions and tables that read and parse
-- challenges (they are made by running_functions, the first time a command needs them): the
-- score script's fixed cost per call stays that of a script without challenges.

local CHALLENGES = '#ch:'

-- the call's challenge arguments and instants, declared here for the functions below and set by
-- the header of the call (score-lean's, or score-args): the registry's, open-challenges hash's
-- and joined-challenges key prefix; now (TTLs count from it); the boards' key prefix, dense
-- prefix, largest points and whether they hold a time part; at, the instant of the command at
-- hand, earliest the batch's, own_times whether each command carries its own
local registry_idx, open_idx, joined_prefix, now_ms
local challenge_prefix, challenge_dense_prefix, challenge_largest, challenge_timed
local at, earliest, own_times

local NO_BOARDS = {}

-- whether any challenge ends after the batch's earliest instant: one ZRANGEBYSCORE per call
local any_running
local function challenges_run()
  if any_running == nil then
    any_running = #redis.call('ZRANGEBYSCORE', KEYS[registry_idx], '(' .. int(earliest), '+inf', 'LIMIT', 0, 1) > 0
  end
  return any_running
end

-- the functions of a call in which a challenge runs, made once per such call
local running
local function running_functions()
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

  -- the entries of a challenges hash whose challenge had not ended at the batch's earliest instant,
  -- in one list: entry, its token, entry, its token, ...; and by_id, from id to an entry's
  -- position, built when first asked. Each command then keeps those that run at its own instant
  -- (runs below): an award reaches running challenges only, and a revoke takes back only from
  -- those. One table per hash: every table a call makes is paid again by Lua's collector.
  -- what an empty hash parses to, shared: most users join no challenge, and cost no tables then
  local NO_CHALLENGES = { by_id = {} }

  local function parse_challenges(flat)
    if #flat == 0 then
      return NO_CHALLENGES
    end
    local list = {}
    for k = 1, #flat, 2 do
      if string.byte(flat[k], 1) ~= 35 then -- '#': a reserved field
        local entry, token = parse_entry(flat[k], flat[k + 1])
        if entry.stop > earliest then
          list[#list + 1] = entry
          list[#list + 1] = token
        end
      end
    end
    return list
  end

  local function by_id(challenges)
    local map = challenges.by_id
    if not map then
      map = {}
      for k = 1, #challenges, 2 do map[challenges[k].id] = k end
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

  -- a user's joined-challenges hash, named from its prefix (in the slot of every KEY): read only while
  -- a challenge runs, once per user and call
  local function joined_of(member)
    local joined = joined_challenges[member]
    if not joined then
      joined = parse_challenges(redis.call('HGETALL', joined_prefix .. member))
      joined_challenges[member] = joined
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
      -- as BoardLayout.timePart: milliseconds since the start when the whole challenge fits the
      -- span, else whole seconds; the earlier the larger
      local unit = (entry.stop - entry.start <= TIME_SPAN) and 1 or 1000
      local t = math.floor(at / unit) - math.floor(entry.start / unit)
      t = math.max(0, math.min(TIME_SPAN - 1, t))
      board.time = TIME_SPAN - 1 - t
    end
    return board
  end

  -- whether a challenge runs at the instant of the command at hand (start <= at < end)
  local function runs(entry)
    return entry.start <= at and at < entry.stop
  end

  -- the boards of the challenges an award of this spec reaches now, and (boards.names) what its
  -- record keeps of them, "id=token,..."; once per user, rule and batch
  local reached_by = {}
  local function reached_of(spec, member)
    local of_user = reached_by[member]
    if not of_user then
      of_user = {}
      reached_by[member] = of_user
    end
    -- commands with instants of their own (a replay) may see different challenges run
    local boards = not own_times and of_user[spec.rule]
    if not boards then
      boards = {}
      local names, open = '', open_of()
      for pass = 1, 2 do
        local challenges = (pass == 1) and open or joined_of(member)
        for k = 1, #challenges, 2 do
          local entry = challenges[k]
          -- a challenge in both hashes counts once
          if runs(entry) and (not entry.rules or entry.rules[spec.rule])
              and (pass == 1 or not open[1] or not by_id(open)[entry.id]) then
            boards[#boards + 1] = challenge_board(entry)
            names = names .. (names == '' and '' or ',') .. entry.id .. '=' .. challenges[k + 1]
          end
        end
      end
      boards.names = names
      of_user[spec.rule] = boards
    end
    return boards, boards.names
  end

  -- the boards of the challenges a revoked award reached that still run and still have the user
  -- under the same token
  local function to_revoke(reached, member)
    local boards = {}
    for id, token in string.gmatch(reached, '([^,=]+)=(%d+)') do
      local challenges = joined_of(member)
      local k = by_id(challenges)[id]
      if not k then
        challenges = open_of()
        k = by_id(challenges)[id]
      end
      local entry = k and challenges[k]
      if entry and challenges[k + 1] == token and runs(entry) then
        boards[#boards + 1] = challenge_board(entry)
      end
    end
    return boards
  end

  return { reached = reached_of, to_revoke = to_revoke }
end

-- the boards of the challenges an award of this spec reaches now, and what its record keeps of
-- them; once per user, rule and batch
local function challenges_reached(spec, member)
  if not challenges_run() then
    return NO_BOARDS, ''
  end
  running = running or running_functions()
  return running.reached(spec, member)
end

-- the boards of the challenges a revoked award reached that still run and still have the user
-- under the same token
local function challenges_to_revoke(reached, member)
  if not reached or not challenges_run() then
    return NO_BOARDS
  end
  running = running or running_functions()
  return running.to_revoke(reached, member)
end
