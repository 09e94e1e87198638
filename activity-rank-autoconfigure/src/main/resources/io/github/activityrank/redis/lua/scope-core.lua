-- module scope-core: the scope boards of an award on the lean path (docs/scopes.md). Composed after
-- badge-core (or badge-core-none) and before lean-boards, only while activity-rank.scopes names a
-- kind (ScoreScript; ScopeArgs writes its header); scope-core-none leaves `scope` false, so a call
-- without scopes pays one test per award. The full script's scopes module does the same for the
-- batches the lean loop does not take (a revoke, a stream's message): both write the same record.
--
-- ARGV, at a (scope.setup; after the specs and badge-core's header):
--   scopedPrefix  the start of each user's scoped-set key, "{prefix}:scoped:"
--   of            each command's group, in command order, "0,1,17,1,..." (0: it names no scope id;
--                 else where its group starts, counted from the argument before the groups; '':
--                 no command names one)
--   L             the number of arguments of the groups, then the call's distinct groups, each:
--                   text   the record of its scope ids, "kind=id:letters;..." (the scopes module's)
--                   B      its scope boards, then six arguments each: the board's key index, its
--                          TTL in ms (-1: never expires), its time part (or base; -1: plain
--                          points), the key index of its kind's board of scope ids, the scope id,
--                          and the kind's keep (0: every member)
--                   M      the members of the user's scoped set it adds, then each, "kind:id"
-- Per call, each group is read once, without a pattern: its scope boards join lean-boards' lists
-- (scope_board: read once before the first write of the award that reaches them, written last
-- with the other boards) and each board of scope ids is probed once (ZCARD: whether it exists, and
-- a key of another type fails there, before the award writes anything). Per award that scores
-- (points not 0): one HSET of '#s:<field>' (the record the scopes module's revoke takes back
-- from), one SADD to the user's scoped set (before the boards: the one write after the record
-- that can fail), then the boards (lean-boards: add_all), one ZINCRBY per board of scope ids, and
-- with `keep` the trims.

local scope = { prefix = false, of = false, at = 0, plans = false, probed = false }

-- read the header at ARGV[a] (the lean call runs it again after a failed command: its tables are
-- made anew, as lean-boards' are); returns the index after it
function scope.setup(a)
  scope.prefix, scope.at, scope.of, scope.plans, scope.probed = ARGV[a], a + 2, false, {}, {}
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

-- the group at ARGV[s], read the first time an award of the call names it: its boards' indexes
-- (ks), the boards of scope ids it tallies (key, TTL, id), the kept boards (index, keep), where its
-- scoped-set members are, and with own instants its time bases and keys
local function plan_of(s, scope_board)
  local ks, tallies, kept, bases, probed = {}, {}, false, false, scope.probed
  local boards = tonumber(ARGV[s + 1])
  for b = 1, boards do
    local j = s - 4 + b * 6
    local time = ARGV[j + 2]
    local t = time ~= '-1' and tonumber(time)
    ks[b] = scope_board(KEYS[tonumber(ARGV[j])], ARGV[j + 1], t)
    if t and own_times then
      bases = bases or {}
      bases[#bases + 1], bases[#bases + 2] = KEYS[tonumber(ARGV[j])], t
    end
    local key = KEYS[tonumber(ARGV[j + 3])]
    if probed[key] == nil then
      probed[key] = redis.call('ZCARD', key) > 0
    end
    tallies[b * 3 - 2], tallies[b * 3 - 1], tallies[b * 3] = key, ARGV[j + 1], ARGV[j + 4]
    if ARGV[j + 5] ~= '0' then
      kept = kept or {}
      kept[#kept + 1], kept[#kept + 2] = ks[b], tonumber(ARGV[j + 5])
    end
  end
  local m = s + 2 + boards * 6
  return { text = ARGV[s], ks = ks, tallies = tallies, kept = kept, bases = bases, first = m + 1,
           last = m + tonumber(ARGV[m]) }
end

-- command n's group (false: it names no scope id), its boards read and its boards of scope ids
-- probed before the command writes anything; with own instants, its time parts at `at`
function scope.reach(n, scope_board)
  local o = scope.of and scope.of[n]
  if not o or o == 0 then
    return false
  end
  local plan = scope.plans[o]
  if not plan then
    plan = plan_of(scope.at + o, scope_board)
    scope.plans[o] = plan
  end
  local bases = plan.bases
  for b = 1, bases and #bases or 0, 2 do
    scope_board(bases[b], nil, time_at(bases[b + 1], at))
  end
  return plan
end

-- an award that scores: its record of the scope ids and the user's scoped set, before its boards
function scope.record(plan, record, field, member)
  redis.call('HSET', record, '#s:' .. field, plan.text)
  redis.call('SADD', scope.prefix .. member, unpack(ARGV, plan.first, plan.last))
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
      probed[key] = redis.call('ZCARD', key) > 0 -- the board may be gone
    end
  end
  local kept = plan.kept
  for k = 1, kept and #kept or 0, 2 do
    trim(kept[k], kept[k + 1])
  end
end
