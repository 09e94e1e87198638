-- module scope-core: the scope boards of an award on the lean path (docs/scopes.md). Composed after
-- badge-core (or badge-core-none) and before lean-boards, only while activity-rank.scopes names a
-- kind (ScoreScript; ScopeArgs writes its header); scope-core-none leaves `scope` false, so a call
-- without scopes pays one test per award. The full script's scopes module does the same for the
-- batches the lean loop does not take (a revoke, a stream's message): both write the same record.
--
-- ARGV, at a (scope.setup; after the specs and badge-core's header):
--   scopedPrefix  the start of each user's scoped-set key, "{prefix}:scoped:"
--   numbers       little-endian doubles (one struct.unpack, as the lean header's): the first and last
--                 KEYS index of the call's scope boards (one after the other), then each command's
--                 group, where its arguments start among the groups' (from 1; 0: it names no scope
--                 id); '' when no command names one
--   L             the number of arguments of the groups, then the call's distinct groups, each:
--                   numbers  doubles: M (its scope ids), B (its boards), then seven per board: its
--                            key index, TTL in ms (-1: never expires), time part (or base; -1: plain
--                            points), the key index of its kind's board of scope ids, the kind's keep
--                            (0: every member), which of the M ids it is (1 to M), and 1 when it is
--                            plain and today's boards have one of its period (else 0)
--                   text     the record of its scope ids, "kind=id:letters;..." (the scopes module's),
--                            which an award's record value carries after '|' (scope.value)
--                   M        the members of the user's scoped set it adds, "kind:id"
--                   M        the scope ids, as the boards of scope ids hold them
-- A plain scope board of a period today's boards have is not read: a scope board is never above
-- the global board of its period (an award gives a scope the points it gave, a revoke takes back
-- from both), so the global board's check of the largest score holds for it, and one EXISTS over
-- the call's scope boards tells whether any needs its TTL (each is asked alone only when not all
-- exist). Its writes, an award's first board writes, are journaled (common: wrote): a key of
-- another type fails the award there and takes them back. Any other scope board joins
-- lean-boards' lists (scope_board: read once per call, its largest score checked, written last).
-- Each board of scope ids is probed once per call (ZCARD: whether it exists, and a key of another
-- type fails there, before the award writes anything). Per award that scores (points not 0): its
-- record value with its scope ids (no write more), its unread scope boards, one SADD to the user's
-- scoped set, then the boards (lean-boards: add_all), one ZINCRBY per board of scope ids, and with
-- `keep` the trims.

local scope = { prefix = false, of = false, at = 0, plans = false, probed = false, known = false }

-- packed doubles as a list (struct.unpack's last value, the position after them, follows)
local function doubles(packed)
  return { struct.unpack('<' .. string.rep('d', #packed / 8), packed) }
end

-- read the header at ARGV[a] (the lean call runs it again after a failed command: its tables are
-- made anew, as lean-boards' are); returns the index after it. known: true when every scope board
-- of the call exists, else whether each does, by key
function scope.setup(a)
  scope.prefix, scope.at, scope.of, scope.plans, scope.probed, scope.known = ARGV[a], a + 2, false, {}, {}, {}
  if ARGV[a + 1] ~= '' then
    local of = doubles(ARGV[a + 1])
    local first, last = of[1], of[2]
    scope.of = of
    -- (a call of thousands of boards, past what unpack may push, asks each alone)
    local n = last - first + 1
    if n > 0 and n <= 4000 and redis.call('EXISTS', unpack(KEYS, first, last)) == n then
      scope.known = true
    end
  end
  return a + 3 + tonumber(ARGV[a + 2])
end

-- the group at ARGV[s], read the first time an award of the call names it: its numbers, where its
-- texts are (at), the lean-boards indexes of its boards that are read (ks; each one's slot of the
-- seventh number holds minus it), and with own instants their time bases and keys
local function plan_of(s, scope_board)
  local p, known, probed, ks, bases = doubles(ARGV[s]), scope.known, scope.probed, false, false
  for b = 3, 2 + p[2] * 7, 7 do
    local key, t = KEYS[p[b]], p[b + 2]
    if p[b + 6] == 1 then
      if known ~= true and known[key] == nil then
        known[key] = redis.call('EXISTS', key) == 1
      end
    else
      t = t ~= -1 and t
      ks = ks or {}
      ks[#ks + 1] = scope_board(key, int(p[b + 1]), t)
      p[b + 6] = -ks[#ks]
      if t and own_times then
        bases = bases or {}
        bases[#bases + 1], bases[#bases + 2] = key, t
      end
    end
    local ids = KEYS[p[b + 3]]
    if probed[ids] == nil then
      probed[ids] = redis.call('ZCARD', ids) > 0
    end
  end
  p.at, p.ks, p.bases = s, ks, bases
  return p
end

-- command n's group (false: it names no scope id), its read boards read and its boards of scope
-- ids probed before the command writes anything; with own instants, its time parts at `at`
function scope.reach(n, scope_board)
  local o = scope.of and scope.of[n + 2]
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

-- the record value of an award of the spec that gives points to the group's scope ids: the value,
-- '|', the record of its ids (what the scopes module's revoke takes back from); kept per spec
function scope.value(p, spec, points)
  if points ~= spec.points then
    return record_value(spec, points) .. '|' .. ARGV[p.at + 1]
  end
  local value = p[spec]
  if not value then
    value = spec.value .. '|' .. ARGV[p.at + 1]
    p[spec] = value
  end
  return value
end

-- an award that scores: its unread scope boards (journaled; a penalty never makes a board or a
-- member) and the user's scoped set, before the boards read
function scope.record(p, member, points)
  local known, text = scope.known, int(points)
  for b = 3, 2 + p[2] * 7, 7 do
    if p[b + 6] == 1 then
      local key = KEYS[p[b]]
      if points > 0 then
        local fresh = false
        if known ~= true then
          if known[key] == nil then -- emptied by a penalty of the call
            known[key] = redis.call('EXISTS', key) == 1
          end
          fresh, known[key] = not known[key], true
        end
        redis.call('ZINCRBY', key, text, member)
        wrote('z', key, member, points)
        if fresh and p[b + 1] ~= -1 then
          redis.call('PEXPIRE', key, int(p[b + 1]))
        end
      else
        local old = tonumber(redis.call('ZSCORE', key, member))
        if old and old + points <= 0 then
          redis.call('ZREM', key, member)
          wrote('s', key, member, old)
          if known == true then -- the board may be gone: each is asked again
            known = {}
            scope.known = known
          end
          known[key] = nil
        elseif old then
          redis.call('ZINCRBY', key, text, member)
          wrote('z', key, member, points)
        end
      end
    end
  end
  redis.call('SADD', scope.prefix .. member, unpack(ARGV, p.at + 2, p.at + 1 + p[1]))
end

-- after its boards: the points on each board of scope ids (a penalty never adds an id), then the
-- trim to `keep` (lean-boards: trim, for a board read); none of these can fail, every key was read
-- or written before
function scope.tally(p, points, trim)
  local probed, text, ids = scope.probed, int(points), p.at + 1 + p[1]
  for b = 3, 2 + p[2] * 7, 7 do
    local key, id = KEYS[p[b + 3]], ARGV[ids + p[b + 5]]
    if points > 0 then
      redis.call('ZINCRBY', key, text, id)
      if not probed[key] then
        probed[key] = true
        if p[b + 1] ~= -1 then
          redis.call('PEXPIRE', key, int(p[b + 1]))
        end
      end
    elseif probed[key] and redis.call('ZSCORE', key, id)
        and tonumber(redis.call('ZINCRBY', key, text, id)) <= 0 then
      redis.call('ZREM', key, id)
      probed[key] = redis.call('ZCARD', key) > 0 -- the board may be gone
    end
    local keep, k = p[b + 4], p[b + 6]
    if keep > 0 and k < 0 then
      trim(-k, keep)
    elseif keep > 0 then
      local board = KEYS[p[b]]
      local card = redis.call('ZCARD', board)
      if card > keep then
        redis.call('ZREMRANGEBYRANK', board, 0, card - keep - 1)
      end
    end
  end
end
