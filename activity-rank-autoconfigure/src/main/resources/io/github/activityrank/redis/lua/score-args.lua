-- module score-args: the arguments of the score script, which applies a batch of awards and
-- revokes. The script is composed at load time (ScoreScript): common, caps, records,
-- challenges, badge-core, scope-core, lean-boards, score-lean (the lean loop, which returns before
-- the rest runs), one board module (boards-plain or boards-layout, as the configured order needs),
-- score-args, award, badges, (streaks,) scopes, items, score-main (each optional module or its
-- -none). The whole call is atomic, so each command sees the effects of the ones before it and no
-- other client interleaves. ScoreCallArgs writes these arguments, ScoreScript reads the reply.
--
-- KEYS     every record hash, week and month hash (only when a spec has caps), period board and the
--          open-challenges hash the commands touch (with streaks on, each command's streak bucket
--          right after its record, week and month hash); commands refer to them by index. All keys share
--          the "{prefix}" hash tag, so they live in one Redis Cluster slot.
--          Challenge boards and joined-challenges hashes are the exception: which ones an award reaches is only known once
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
--   ARGV[5+D]      S, the number of specs; then ten arguments per spec, what commands share:
--                    points, ruleCapField ("#cap:<rule>" or ''), ruleCap ('' for none),
--                    globalCap ('' for none), olderCount (retained days once-per=ever rules check, else 0),
--                    ruleWeeklyCap, globalWeeklyCap, ruleMonthlyCap, globalMonthlyCap ('' for none),
--                    rule (the rule's name, '' for explicit points; its number in record values
--                    comes from the registry of rules, see common: rule_number)
--   then four arguments about the week and month hashes:
--     weekTtl        TTL in ms of a week hash created today
--     monthTtl       TTL in ms of a month hash created today
--     weekOf         for each of the D days a revoke searches, newest first, the ordinal of its week
--                    among the distinct weeks of those days, "1,1,1,2,2,..."; '' if D is 0
--     monthOf        the same for months, "1,1,...,2,..."; '' if D is 0
--   then the key prefixes of the older days, to which the script appends a member to name the keys
--   of a command that searches them (all start with the "{prefix}" hash tag, so they are in the
--   slot of every KEY), each list as its length then its entries:
--     records        the record key prefix of today and each retained day before it, newest first
--                    (empty unless a command revokes or is once-per=ever)
--     weeks          the week hash key prefixes of the W distinct weeks of the D days, newest first
--     months         the same for the M distinct months (both empty if D is 0)
--   then the call's numbers, packed as seven little-endian doubles in one argument:
--     openIdx        the key of the open-challenges hash (id -> entry, see the challenges module)
--     registryIdx    the key of the registry of challenges (id -> end): while no challenge ends
--                    after the batch's earliest instant, no challenges hash is read
--     now            the current instant in epoch ms, from the application's clock (never Redis TIME);
--                    TTLs count from it
--     largest        the most points a member may hold on a challenge board
--     at             the earliest instant a command was made, epoch ms (now on the live path)
--     removedIdx     the removal flag, {prefix}:removed, which exists while any removal marker
--                    may: then the marker {prefix}:removed:<member> (epoch ms of the removal) is
--                    read, and an award made at or before its user's removal is dropped
--     rulesIdx       the key of the registry of rules (number -> rule and back), which numbers
--                    the rules of record values (common: rule_number)
--   then boardPrefix, the start of every challenge board's key, "{prefix}:challenge:"; densePrefix,
--   the start of their dense companions' keys, "{prefix}:dense:challenge:" ('' when ranking is not
--   dense); timed, '1' when boards hold the earliest tie-break's time part, else '0'
--   then at again as text (challenge stamps), and own: each command's instant as ms after at,
--   comma-separated (the ledger's relay and rebuild, ingestion), or '0': every command is made at
--   at; with instants of their own the boards' time (ARGV[3], ARGV[5..]) is a base, and a
--   command's time part is time_at(base, its epoch ms) (boards-layout: a base of 0 or more counts
--   milliseconds, a negative one seconds)
--   then joinedPrefix, the start of every user's joined-challenges key, "{prefix}:challenges-of:":
--   the script names a user's key itself, only while a challenge runs
--   then each command's spec and recordIdx, packed as two doubles per command; after the badges',
--   streaks' and fence's arguments (when composed), two arguments per command: member, field
--     recordIdx today's record hash of the member; when a spec of the batch has caps,
--               KEYS[recordIdx+1] is today's week hash and KEYS[recordIdx+2] today's month hash. The
--               hashes of older days are named from the prefixes above, only when a command searches them.
--     spec > 0  award with spec number `spec`; for once-per=ever it first searches the records of
--               the olderCount days before today
--     spec < 0  revoke, using spec number -spec's caps (counters are given back only where a cap
--               is configured); it looks in today's
--               record first, then in those of the D - 1 days before
-- Returns  one integer per command: points * 8 + status, where status is
--          0 awarded, 1 already awarded, 2 capped, 3 revoked, 4 nothing to revoke,
--          5 rejected: a board would pass its largest score (nothing was stored)
-- A key's TTL is set only by the command that creates it, never pushed forward later. No score goes
-- below zero: a member whose score would reach zero leaves the board. Records, boards and
-- challenges are described in their modules and in docs/redis-layout.md.

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

-- the specs: what the commands of the batch share (caps: read_specs)
local specs, i = read_specs(6 + days, tonumber(ARGV[5 + days]))
-- the week and month hashes
local week_ttl, month_ttl, week_of_arg, month_of_arg = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
i = i + 4

-- the key prefixes of the records, week and month hashes of the days older searches reach
local function prefixes()
  local list = {}
  for k = 1, tonumber(ARGV[i]) do list[k] = ARGV[i + k] end
  i = i + #list + 1
  return list
end
local record_prefix = prefixes()
local week_prefix = prefixes()
local month_prefix = prefixes()

-- the challenges, when the commands were made, removed users and rules: their numbers packed in
-- one argument (one struct.unpack, where a tonumber each costs more than a command); the
-- challenges module keeps the call's (challenge_call), common the clock; ats, each
-- command's instant when they carry their own (ARGV[i + 5]: ms after the earliest, or '0': all
-- made at it)
local removed_idx, rules_idx
do
  local open, registry, now, largest, first_at
  open, registry, now, largest, first_at, removed_idx, rules_idx = struct.unpack('<ddddddd', ARGV[i])
  challenge_call(registry, open, now, largest, ARGV[i + 1], ARGV[i + 2], ARGV[i + 3] == '1', ARGV[i + 6])
  clock(first_at, ARGV[i + 4], ARGV[i + 5] ~= '0')
end
local ats = own_times and instants_after(earliest, ARGV[i + 5])
-- each command's spec and record index, packed; its member and field follow the headers
local command_numbers, unpack_numbers = ARGV[i + 7], struct.unpack
i = i + 8

-- the value an award of the spec writes in its record (of `points` when a cap clipped them)
local function value_of(spec, points)
  if not spec.number then
    spec.number = rule_number(KEYS[rules_idx], spec.rule)
  end
  if points then
    return record_value(spec, points)
  end
  if not spec.value then
    spec.value = record_value(spec, spec.points)
  end
  return spec.value
end

-- the last argument not read by a module's tail yet (scopes, then items, each reads its start there)
local tail = #ARGV

-- with own instants, the time part of each board for the command at hand
local function time_boards(boards)
  if own_times then
    for _, board in ipairs(boards) do
      if board.base then
        board.time = time_at(board.base, at)
      end
    end
  end
  return boards
end
