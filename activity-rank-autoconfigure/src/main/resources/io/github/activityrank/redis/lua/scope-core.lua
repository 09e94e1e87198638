-- module scope-core: the scope boards of an award on the lean path (docs/scopes.md). Composed after
-- badge-core (or badge-core-none) and before lean-boards, only while activity-rank.scopes names a
-- kind (ScoreScript; ScopeArgs writes its header); scope-core-none leaves `scope` false, so a call
-- without scopes pays one test per award. The full script's scopes module does the same for the
-- batches the lean loop does not take (a revoke, a stream's message): both write the same record.
--
-- ARGV, at a (scope.setup; after the specs and badge-core's header):
--   scopedPrefix  the start of each user's scoped-set key, "{prefix}:scoped:"
--   of            each command's group, in command order, "0,2,1,..." (0: it names no scope id;
--                 '': no command names one)
--   G             the number of distinct groups, then each, "kind|id|keep|letters|boards;..." per
--                 kind as the scopes module reads it (boards "boardIdx:ttlMs:time:0:scopesIdx,...")
-- Per call, each group is parsed once, each scope board gets one table (lean-boards indexes it
-- like a challenge board: read once before the first write of the award that reaches it, written
-- last with the other boards) and each board of scope ids is probed once (ZCARD: whether it exists,
-- and a key of another type fails there, before the award writes anything). Per award that scores
-- (points not 0): one HSET of '#s:<field>' = "kind=id:letters;...", the record the scopes module's
-- revoke takes back from, one SADD of "kind:id" to the user's scoped set (before the boards: the
-- one write after the record that can fail), then the boards (lean-boards: add_all), one ZINCRBY
-- per board of scope ids, and with `keep` the trims.

local scope = { prefix = false, of = false, at = 0, plans = false, boards = false, probed = false }

-- read the header at ARGV[a] (the lean call runs it again after a failed command: its tables are
-- made anew, as lean-boards' are); returns the index after it
function scope.setup(a)
  scope.prefix, scope.at, scope.of, scope.plans, scope.boards, scope.probed = ARGV[a], a + 2, false, {}, {}, {}
  if ARGV[a + 1] ~= '' then
    local of, n = {}, 0
    for g in string.gmatch(ARGV[a + 1], '%d+') do
      n = n + 1
      of[n] = tonumber(g)
    end
    scope.of = of
  end
  return a + 3 + tonumber(ARGV[a + 2])
end

-- group g: its scope boards (one table per key and call), the boards of scope ids it tallies
-- (key, TTL, id), the boards with a time part, the kept boards (board, keep), the scoped set's
-- members and the record's text
local function plan_of(g)
  local boards, tallies, timed, kept, ids, names = {}, {}, {}, {}, {}, {}
  for kind, id, keep, letters, list in string.gmatch(ARGV[scope.at + g], '([^|;]+)|([^|;]+)|(%d+)|(%a+)|([^;]*)') do
    ids[#ids + 1] = kind .. ':' .. id
    names[#names + 1] = kind .. '=' .. id .. ':' .. letters
    for idx, ttl, time, sidx in string.gmatch(list, '(%d+):(-?%d+):(-?%d+):%d+:(%d+)') do
      local board = scope.boards[idx]
      if not board then
        local t = time ~= '-1' and tonumber(time) or nil
        board = { key = KEYS[tonumber(idx)], ttl = ttl, largest = challenge_largest, time = t, base = t }
        scope.boards[idx] = board
      end
      boards[#boards + 1] = board
      if board.base then
        timed[#timed + 1] = board
      end
      if keep ~= '0' then
        kept[#kept + 1], kept[#kept + 2] = board, tonumber(keep)
      end
      local n = #tallies
      tallies[n + 1], tallies[n + 2], tallies[n + 3] = KEYS[tonumber(sidx)], ttl, id
    end
  end
  return { boards = boards, tallies = tallies, timed = timed, kept = kept, ids = ids,
           text = table.concat(names, ';') }
end

-- command n's group (false: it names no scope id), its boards indexed and its boards of scope ids
-- probed before the command writes anything; with own instants, its time parts at `at`
function scope.reach(n, indexed)
  local g = scope.of and scope.of[n]
  if not g or g == 0 then
    return false
  end
  local plan = scope.plans[g]
  if not plan then
    plan = plan_of(g)
    scope.plans[g] = plan
  end
  for b = 1, own_times and #plan.timed or 0 do
    plan.timed[b].time = time_at(plan.timed[b].base, at)
  end
  indexed(plan.boards)
  local tallies, probed = plan.tallies, scope.probed
  for t = 1, #tallies, 3 do
    local key = tallies[t]
    if probed[key] == nil then
      probed[key] = redis.call('ZCARD', key) > 0
    end
  end
  return plan
end

-- an award that scores: its record of the scope ids and the user's scoped set, before its boards
function scope.record(plan, record, field, member)
  redis.call('HSET', record, '#s:' .. field, plan.text)
  redis.call('SADD', scope.prefix .. member, unpack(plan.ids))
end

-- after its boards: the points on each board of scope ids (a penalty never adds an id), then the
-- trims to `keep` (lean-boards: trim); none of these can fail, every key was read before
function scope.tally(plan, points, trim)
  local tallies, probed, text = plan.tallies, scope.probed, int(points)
  for t = 1, #tallies, 3 do
    local key, id = tallies[t], tallies[t + 2]
    if points > 0 then
      redis.call('ZINCRBY', key, text, id)
      if not probed[key] then
        probed[key] = true
        if tallies[t + 1] ~= '-1' then
          redis.call('PEXPIRE', key, tallies[t + 1])
        end
      end
    elseif probed[key] and redis.call('ZSCORE', key, id)
        and tonumber(redis.call('ZINCRBY', key, text, id)) <= 0 then
      redis.call('ZREM', key, id)
      probed[key] = nil -- read again when reached: the board may be gone
    end
  end
  local kept = plan.kept
  for k = 1, #kept, 2 do
    trim(kept[k].k, kept[k + 1])
  end
end
