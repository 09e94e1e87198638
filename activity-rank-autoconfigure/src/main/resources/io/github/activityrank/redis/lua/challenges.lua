-- module challenges: which challenge boards an award reaches and a revoke takes back from.
-- An entry of the open-challenges hash or of a user's joined-challenges hash is
-- "start:end:expireAt:token:rules" (epoch ms; rules comma-separated, '' for every rule, explicit
-- points included); each hash keeps in '#token' the last token it gave out, so a later entry has a
-- larger token. An award reaches the board "<boardPrefix><id>" of each challenge of its user that
-- runs when the award is made (start <= at < end) and counts its rule, with the points it really
-- gave (after caps), and its record keeps '#ch:<field>' = "at:open:joined", a stamp: the award's
-- instant and the last tokens of both hashes then. A revoke takes those points back from each
-- challenge that ran at that instant, counts the award's rule, still runs, and still has the user
-- under a token no larger than the stamp's (a user who left, and maybe joined again, or a
-- challenge created later, is not touched by awards from before). A challenge board is created
-- with a TTL that ends at its expireAt, and laid out like the period boards (the same board
-- module); its time part counts from the challenge's start, in milliseconds when the challenge
-- lasts at most TIME_SPAN ms (49.7 days), else in seconds. Nothing writes a board after its end.
-- Pay for what you use: while no challenge ends after the batch's earliest instant (one
-- ZRANGEBYSCORE of the registry, id -> end), no challenges hash is read and none of the functions
-- that parse them is made (running_functions). Otherwise each hash is read once per batch (open)
-- or per user and batch (joined), with HGETALL; what a challenge's entries share is parsed once,
-- and which boards an award of a rule reaches is worked out once per user, rule and batch.
-- Reserved fields of those hashes ('#token') start with '#'.

local CHALLENGES = '#ch:'

-- the call's challenge arguments, set only by challenge_call from the call's header (score-lean's
-- or score-args'): registry, open-challenges hash, joined-challenges key prefix, now (TTLs count
-- from it), the boards' key prefix, dense prefix, largest points, whether they hold a time part.
-- running: the functions of a call in which a challenge runs, made once per such call
-- (running_functions), and made anew when the lean loop reads its header again after a failed
-- command, as their boards carry the failed run's indexes
local registry_idx, open_idx, joined_prefix, now_ms, running
local challenge_prefix, challenge_dense_prefix, challenge_largest, challenge_timed
local function challenge_call(registry, open, now, largest, prefix, dense, timed, joined)
  registry_idx, open_idx, now_ms, challenge_largest, running = registry, open, now, largest, nil
  challenge_prefix, challenge_dense_prefix, challenge_timed, joined_prefix = prefix, dense, timed, joined
end
local NO_BOARDS = {}

-- whether any challenge ends after the batch's earliest instant: one ZRANGEBYSCORE per call
local any_running
local function challenges_run()
  if any_running == nil then
    any_running = #redis.call('ZRANGEBYSCORE', KEYS[registry_idx], '(' .. earliest_text, '+inf', 'LIMIT', '0', '1') > 0
  end
  return any_running
end

-- the functions of a call in which a challenge runs (running)
local function running_functions()
  -- what every entry of a challenge holds but its token, by id: parsed from the first entry of the
  -- challenge the call reads; each later one (another user's) is only compared with it. False for a
  -- reserved field ('#'), which an id the call already knows needs no test for.
  local defs, find = {}, string.find
  local function definition(id, value)
    local def = defs[id]
    if def and find(value, def.head, 1, true) == 1 then
      return def
    end
    if string.byte(id, 1) == 35 then
      return false
    end
    local start, stop, expire_at, rules = string.match(value, '^(%d+):(%d+):(%d+):%d+:(.*)$')
    def = { id = id, start = tonumber(start), stop = tonumber(stop), expire_at = tonumber(expire_at),
            head = start .. ':' .. stop .. ':' .. expire_at .. ':' }
    if rules ~= '' then
      def.rules = {}
      for rule in string.gmatch(rules, '[^,]+') do def.rules[rule] = true end
    end
    defs[id] = def
    return def
  end
  -- the participation token of an entry (the digits after what its challenge's entries share)
  local function token_of(def, value)
    return tonumber(string.match(value, '^%d+', #def.head + 1))
  end

  -- the open challenges that had not ended at the batch's earliest instant, read once per call: a
  -- list of definition, token, definition, token, ...; their ids; and the open stamp, the last
  -- token given to an open challenge (create numbers them in order, as join does a user's)
  local open, open_ids, open_stamp
  local function open_of()
    if not open then
      open, open_ids, open_stamp = {}, {}, 0
      local flat = redis.call('HGETALL', KEYS[open_idx])
      for k = 1, #flat, 2 do
        local def = definition(flat[k], flat[k + 1])
        if def then
          local token = token_of(def, flat[k + 1])
          open_stamp = math.max(open_stamp, token)
          if def.stop > earliest then
            open[#open + 1], open[#open + 2] = def, token
            open_ids[def.id] = true
          end
        elseif flat[k] == '#token' then
          open_stamp = math.max(open_stamp, tonumber(flat[k + 1]))
        end
      end
    end
    return open
  end

  -- a user's joined-challenges hash as HGETALL gives it, named from its prefix (in the slot of
  -- every KEY): read only while a challenge runs, once per user and call, and walked as it is
  local joined_of_user = {}
  local function joined_of(member)
    local flat = joined_of_user[member]
    if not flat then
      flat = redis.call('HGETALL', joined_prefix .. member)
      joined_of_user[member] = flat
    end
    return flat
  end

  -- the board of a challenge, as the board functions above take it; one per challenge and batch
  local challenge_boards = {}
  local function challenge_board(def)
    local board = challenge_boards[def.id]
    if not board then
      board = { key = challenge_prefix .. def.id, ttl = int(math.max(1, def.expire_at - now_ms)),
                largest = challenge_largest,
                dense = (challenge_dense_prefix ~= '') and (challenge_dense_prefix .. def.id) or nil }
      challenge_boards[def.id] = board
    end
    if challenge_timed and (own_times or not board.time) then
      -- as BoardLayout.timePart: milliseconds since the start when the whole challenge fits the
      -- span, else whole seconds; the earlier the larger
      local unit = (def.stop - def.start <= TIME_SPAN) and 1 or 1000
      local t = math.floor(at / unit) - math.floor(def.start / unit)
      t = math.max(0, math.min(TIME_SPAN - 1, t))
      board.time = TIME_SPAN - 1 - t
    end
    return board
  end

  -- the boards of the challenges an award of this spec reaches now (running, counting its rule,
  -- open or joined by the user), and (boards.stamp) what its record keeps of them: the award's
  -- instant, the open stamp and the user's joined stamp ('#token'); once per user, rule and batch
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
      local rule, challenges = spec.rule, open_of()
      for k = 1, #challenges, 2 do
        local def = challenges[k]
        if def.start <= at and at < def.stop and (not def.rules or def.rules[rule]) then
          boards[#boards + 1] = challenge_board(def)
        end
      end
      local flat, joined_stamp, n = joined_of(member), '0', #boards
      for k = 1, #flat, 2 do
        local id, value = flat[k], flat[k + 1]
        local def = definition(id, value)
        if not def then
          if id == '#token' then
            joined_stamp = value
          end
        -- a challenge in both hashes counts once
        elseif def.start <= at and at < def.stop and (not def.rules or def.rules[rule]) and not open_ids[id] then
          n = n + 1
          boards[n] = challenge_board(def)
        end
      end
      boards.stamp = boards[1] and (int(at) .. ':' .. int(open_stamp) .. ':' .. joined_stamp) or ''
      of_user[spec.rule] = boards
    end
    return boards, boards.stamp
  end

  -- the rule of the award a record's value holds: the revoke's own rule, unless the award was made
  -- under another one (numbers: common, rule_number)
  local function award_rule(value, spec, rules_key)
    local _, n = unpair(value)
    if n == 0 then
      return ''
    end
    if n == spec.number then
      return spec.rule
    end
    return redis.call('HGET', rules_key, int(n)) or ''
  end

  -- the boards a revoked award reached, from its record's stamp and value, that still run and still
  -- have the user under the same participation: each challenge that ran at the award's instant and
  -- counts its rule, whose token is at most the stamp's (a participation begun later, by a new
  -- challenge or by joining again after leaving, has a larger one) and that runs at the revoke's
  local function to_revoke(stamp, member, value, spec, rules_key)
    local boards = {}
    local award_at, open_most, joined_most = string.match(stamp, '^(%d+):(%d+):(%d+)$')
    if not award_at then
      return boards -- not a stamp (a record of an earlier snapshot): nothing is taken back
    end
    award_at, open_most, joined_most = tonumber(award_at), tonumber(open_most), tonumber(joined_most)
    local rule -- the award's rule, asked only of a challenge that counts some rules
    local open, flat = open_of(), joined_of(member)
    local n = #open
    -- the open challenges, then the user's joined ones (one also open counts once)
    for k = 1, n + #flat, 2 do
      local def, token, most
      if k <= n then
        def, token, most = open[k], open[k + 1], open_most
      else
        local id, entry = flat[k - n], flat[k - n + 1]
        def = not open_ids[id] and definition(id, entry)
        if def then
          token, most = token_of(def, entry), joined_most
        end
      end
      if def and token <= most and def.start <= award_at and award_at < def.stop and def.start <= at
          and at < def.stop then
        if def.rules then
          rule = rule or award_rule(value, spec, rules_key)
        end
        if not def.rules or def.rules[rule] then
          boards[#boards + 1] = challenge_board(def)
        end
      end
    end
    return boards
  end

  return { reached = reached_of, to_revoke = to_revoke }
end

-- the boards of the challenges an award of this spec reaches now, and the stamp its record keeps
-- of them; once per user, rule and batch
local function challenges_reached(spec, member)
  if not challenges_run() then
    return NO_BOARDS, ''
  end
  running = running or running_functions()
  return running.reached(spec, member)
end

-- the boards of the challenges a revoked award reached (its record's stamp and value) that still
-- run and still have the user under the same participation
local function challenges_to_revoke(stamp, member, value, spec, rules_key)
  if not stamp or not challenges_run() then
    return NO_BOARDS
  end
  running = running or running_functions()
  return running.to_revoke(stamp, member, value, spec, rules_key)
end
