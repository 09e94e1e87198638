-- module scope-core: the scope boards of an award on the lean path (docs/scopes.md). Composed after
-- badge-core (or badge-core-none) and before lean-boards, only while activity-rank.scopes names a
-- kind (ScoreScript; ScopeArgs writes its header); scope-core-none leaves `scope` false, so a call
-- without scopes pays one test per award. The full script's scopes module does the same for the
-- batches the lean loop does not take (a revoke, a stream's message): both write the same record.
--
-- ARGV, at a (scope.setup; after the specs and badge-core's header):
--   scopedPrefix  the start of each user's scoped-set key, "{prefix}:scoped:"
--   numbers       little-endian doubles, read once per call (one struct.unpack, as the lean
--                 header's), '' when no command names a scope id: the first and last KEYS index of
--                 the call's scope boards, then of its boards of scope ids (each range one after
--                 the other), 1 when a group has a board that is read (else 0), each command's group (where its numbers start here; 0: none),
--                 then the groups' numbers: where its texts start among the texts (from 1), M (its
--                 scope ids), B (its boards), 1 when any of its boards is read (else 0), then seven
--                 per board: its key index, TTL in ms (-1: never expires), time part (or base; -1:
--                 plain points), the key index of its kind's board of scope ids, the kind's keep (0:
--                 every member), which of the M ids it is (1 to M), and 1 when it is plain and
--                 today's boards have one of its period (not read), else 0
--   L             the number of texts, then each group's: the record of its scope ids,
--                 "kind=id:letters;..." (the scopes module's), which an award's record value
--                 carries after '|' (scope.value); the M members of the user's scoped set it adds,
--                 "kind:id"; the M scope ids, as the boards of scope ids hold them
-- A plain scope board of a period today's boards have is not read: a scope board is never above
-- the global board of its period (an award gives a scope the points it gave, a revoke takes back
-- from both), so the global board's check of the largest score holds for it, and one EXISTS over
-- the call's scope boards tells whether any needs its TTL (each is asked alone only when not all
-- exist). Its writes, an award's first board writes, are journaled (common: wrote): a key of
-- another type fails the award there and takes them back. Any other scope board joins
-- lean-boards' lists (scope_board: read once per call, its largest score checked, written last).
-- Each board of scope ids is probed once per call (ZCARD: whether it exists); one of another type
-- fails each award that reaches it, before the award writes anything. Per award that scores
-- (points not 0): its record value with its scope ids (no write more), its unread scope boards,
-- one SADD to the user's scoped set, then the boards (lean-boards: add_all), one ZINCRBY per board
-- of scope ids, and with `keep` the trims. A group is looked at apart, once per call, only when a
-- board of it is read, not every scope board exists or a board of scope ids failed its probe.

local scope = { prefix = false, nums = false, at = 0, seen = false, probed = false, known = false,
                poisoned = false, ks = false, bases = false, quick = false }

-- packed doubles as a list (struct.unpack's last value, the position after them, follows); past
-- what one unpack may push, one at a time
local function doubles(packed)
  local n = #packed / 8
  if n <= 4000 then
    return { struct.unpack('<' .. string.rep('d', n), packed) }
  end
  local list, pos = {}, 1
  for v = 1, n do
    list[v], pos = struct.unpack('<d', packed, pos)
  end
  return list
end

-- read the header at ARGV[a] (the lean call runs it again after a failed command: its tables are
-- made anew, as lean-boards' are); returns the index after it. known: true when every scope board
-- of the call exists, else whether each does, by key; probed: whether each board of scope ids
-- exists, or the failure of its probe
function scope.setup(a)
  scope.prefix, scope.at, scope.nums, scope.seen, scope.probed, scope.known, scope.poisoned, scope.ks,
    scope.bases = ARGV[a], a + 2, false, {}, {}, {}, false, {}, {}
  if ARGV[a + 1] ~= '' then
    local nums = doubles(ARGV[a + 1])
    local n, probed = nums[2] - nums[1] + 1, scope.probed
    scope.nums = nums
    if n > 0 and n <= 4000 and redis.call('EXISTS', unpack(KEYS, nums[1], nums[2])) == n then
      scope.known = true
    end
    scope.quick = scope.known == true and nums[5] == 0 -- then no group is looked at apart
    for t = nums[3], nums[4] do
      local key = KEYS[t]
      local card = redis.pcall('ZCARD', key)
      if type(card) == 'table' then
        probed[key], scope.poisoned, scope.quick = card, true, false
      else
        probed[key] = card > 0
      end
    end
  end
  return a + 3 + tonumber(ARGV[a + 2])
end

-- the group at nums[g], looked at the first time an award of the call names it: a board of scope
-- ids that failed its probe fails the award; the lean-boards indexes of its boards that are read
-- (ks; each one's seventh number holds minus it), with own instants their time bases and keys
local function plan_of(g, scope_board)
  local nums, known, probed, ks, bases = scope.nums, scope.known, scope.probed, false, false
  for b = g + 4, g + 3 + nums[g + 2] * 7, 7 do
    local key, t, probe = KEYS[nums[b]], nums[b + 2], probed[KEYS[nums[b + 3]]]
    if type(probe) == 'table' then
      error(probe)
    end
    if nums[b + 6] == 1 then
      if known ~= true and known[key] == nil then
        known[key] = redis.call('EXISTS', key) == 1
      end
    else
      t = t ~= -1 and t
      ks = ks or {}
      ks[#ks + 1] = scope_board(key, int(nums[b + 1]), t)
      nums[b + 6] = -ks[#ks]
      if t and own_times then
        bases = bases or {}
        bases[#bases + 1], bases[#bases + 2] = key, t
      end
    end
  end
  scope.seen[g], scope.ks[g], scope.bases[g] = true, ks, bases
end

-- command n's group (false: it names no scope id), where its numbers start; its read boards read
-- and its boards of scope ids probed before the command writes anything; with own instants, its
-- time parts at `at`
function scope.reach(n, scope_board)
  local nums = scope.nums
  local g = nums and nums[n + 5]
  if not g or g == 0 then
    return false
  elseif scope.quick then
    return g
  end
  if not scope.seen[g] and (nums[g + 3] == 1 or scope.known ~= true or scope.poisoned) then
    plan_of(g, scope_board)
  end
  local bases = scope.bases[g]
  for b = 1, bases and #bases or 0, 2 do
    scope_board(bases[b], nil, time_at(bases[b + 1], at))
  end
  return g
end

-- the record value of an award of the spec that gives points to group g's scope ids: the value,
-- '|', the record of its ids (what the scopes module's revoke takes back from); kept per spec
function scope.value(g, spec, points)
  local text = ARGV[scope.at + scope.nums[g]]
  if points ~= spec.points then
    return record_value(spec, points) .. '|' .. text
  end
  local values = spec.scope_values or {}
  spec.scope_values = values
  local value = values[g]
  if not value then
    value = spec.value .. '|' .. text
    values[g] = value
  end
  return value
end

-- an award that scores: its unread scope boards (journaled; a penalty never makes a board or a
-- member) and the user's scoped set, before the boards read
function scope.record(g, member, points)
  local nums, known, text = scope.nums, scope.known, int(points)
  for b = g + 4, g + 3 + nums[g + 2] * 7, 7 do
    if nums[b + 6] == 1 then
      local key = KEYS[nums[b]]
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
        if fresh and nums[b + 1] ~= -1 then
          redis.call('PEXPIRE', key, int(nums[b + 1]))
        end
      else
        local old = tonumber(redis.call('ZSCORE', key, member))
        if old and old + points <= 0 then
          redis.call('ZREM', key, member)
          wrote('s', key, member, old)
          if known == true then -- the board may be gone: each is asked again
            known = {}
            scope.known, scope.quick = known, false
          end
          known[key] = nil
        elseif old then
          redis.call('ZINCRBY', key, text, member)
          wrote('z', key, member, points)
        end
      end
    end
  end
  local at = scope.at + nums[g]
  redis.call('SADD', scope.prefix .. member, unpack(ARGV, at + 1, at + nums[g + 1]))
end

-- after its boards: the points on each board of scope ids (a penalty never adds an id), then the
-- trim to `keep` (lean-boards: trim, for a board read); none of these can fail, every key was read
-- or written before
function scope.tally(g, points, trim)
  local nums, probed, text = scope.nums, scope.probed, int(points)
  local ids = scope.at + nums[g] + nums[g + 1]
  for b = g + 4, g + 3 + nums[g + 2] * 7, 7 do
    local key, id = KEYS[nums[b + 3]], ARGV[ids + nums[b + 5]]
    if points > 0 then
      redis.call('ZINCRBY', key, text, id)
      if not probed[key] then
        probed[key] = true
        if nums[b + 1] ~= -1 then
          redis.call('PEXPIRE', key, int(nums[b + 1]))
        end
      end
    elseif probed[key] and redis.call('ZSCORE', key, id)
        and tonumber(redis.call('ZINCRBY', key, text, id)) <= 0 then
      redis.call('ZREM', key, id)
      probed[key] = redis.call('ZCARD', key) > 0 -- the board may be gone
    end
    local keep, k = nums[b + 4], nums[b + 6]
    if keep > 0 and k < 0 then
      trim(-k, keep)
    elseif keep > 0 then
      local board = KEYS[nums[b]]
      local card = redis.call('ZCARD', board)
      if card > keep then
        redis.call('ZREMRANGEBYRANK', board, 0, card - keep - 1)
      end
    end
  end
end
