-- activity-rank: build one part of a rolling board into its temporary key. A call does about
-- ARGV[7] units of work (an entry of a day board scanned is one; a member written, whose N days
-- are read, N more), so that no call holds Redis long however large the boards are; the builder
-- calls again from where the last call stopped until every day board of the window is scanned,
-- then puts the build in place (rolling-swap.lua).
--
-- KEYS[1]    the board being built ({tag}:rolling-build:<name>:<token>)
-- KEYS[2..]  the day boards of the window, oldest first
-- ARGV[1]    0 for plain points (a member's score is the sum of its day scores); under tie-break
--            "earliest" (scores are points * 2^32 + time part, see BoardLayout), the unit of the
--            rolling board's time part in ms: 1, or 1000 for a window longer than 2^32 ms (49 days)
-- ARGV[2]    the most points a member may hold under "earliest" (2^21 - 1); a larger sum stops there
-- ARGV[3]    how long the build lives if it is never put in place, ms (renewed by every call)
-- ARGV[4]    the day board to scan, 1 for the oldest; ARGV[5] the ZSCAN cursor in it, '0' to start
-- ARGV[6]    how many members the earlier calls of this build wrote
-- ARGV[7]    about how many units of work this call does at most
-- ARGV[7+k]  under "earliest", the start of the k-th day board's day minus the window's start, ms
-- Returns    { board, cursor, written }: where the next call goes on (board > #KEYS - 1 once every
--            day board is scanned) and the members written by this build so far; written is -1
--            when the build had members and is gone (a ledger rebuild switched the key space)
--
-- Under plain points, a window of at most 4 * ARGV[7] entries is summed by one ZUNIONSTORE in
-- the first call. Otherwise each member the scan finds is written once, with its points of every day of the window read in
-- the same call: a member already in the build (found on an earlier day board, or twice by ZSCAN
-- while a board grows) is skipped. ZSCAN finds every member that stays on a day board while it is
-- scanned, whatever its score does meanwhile; so an award made during a build counts in full or
-- not at all, never twice.
--
-- Under "earliest", a member's points are summed over the days and its time is that of its last
-- award in the window (from the newest day board that holds it), counted from the window's start.
local span = 4294967296
local unit, most, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local board, cursor = tonumber(ARGV[4]), ARGV[5]
local written, budget = tonumber(ARGV[6]), tonumber(ARGV[7])
local days = #KEYS - 1
local slice = 500

if written > 0 and redis.call('EXISTS', KEYS[1]) == 0 then
  return { days + 1, '0', -1 }
end

-- plain points of a small window: one ZUNIONSTORE, which sums in C several times faster than the
-- scan below, within the time of one call
if unit == 0 and board == 1 and cursor == '0' and written == 0 then
  local entries = 0
  for k = 2, #KEYS do
    entries = entries + redis.call('ZCARD', KEYS[k])
  end
  if entries <= 4 * budget then
    written = redis.call('ZUNIONSTORE', KEYS[1], days, unpack(KEYS, 2))
    if written > 0 then
      redis.call('PEXPIRE', KEYS[1], ttl)
    end
    return { days + 1, '0', written }
  end
end

-- write members[first..last] that the build lacks; unpack stays below Lua's stack limit
local function write(members, first, last)
  local found = {}
  for i = first, last do
    found[#found + 1] = members[i]
  end
  local known = redis.call('ZMSCORE', KEYS[1], unpack(found))
  local fresh = {}
  for i = 1, #found do
    if not known[i] then
      fresh[#fresh + 1] = found[i]
    end
  end
  if #fresh == 0 then
    return 0
  end
  local sums, times = {}, {}
  for i = 1, #fresh do
    sums[i] = 0
  end
  for k = 1, days do
    local scores = redis.call('ZMSCORE', KEYS[k + 1], unpack(fresh))
    local offset = tonumber(ARGV[7 + k])
    for i = 1, #fresh do
      local score = scores[i]
      if score then
        score = tonumber(score)
        if unit == 0 then
          sums[i] = sums[i] + score
        else
          local p = math.floor(score / span)
          sums[i] = sums[i] + p
          times[i] = math.floor((offset + span - 1 - (score - p * span)) / unit)
        end
      end
    end
  end
  local batch = {}
  for i = 1, #fresh do
    local score = sums[i]
    if unit ~= 0 then
      local t = math.min(math.max(times[i], 0), span - 1)
      score = math.min(score, most) * span + (span - 1 - t)
    end
    batch[#batch + 1] = score
    batch[#batch + 1] = fresh[i]
  end
  redis.call('ZADD', KEYS[1], unpack(batch))
  return #fresh
end

local read = 0
while board <= days and read < budget do
  -- a scan of new members costs N + 1 units each: scans shrink as the budget runs out
  local count = math.max(50, math.min(slice, math.floor((budget - read) / (days + 1))))
  local reply = redis.call('ZSCAN', KEYS[board + 1], cursor, 'COUNT', count)
  cursor = reply[1]
  local entries = reply[2]
  local members = {}
  for i = 1, #entries, 2 do
    members[#members + 1] = entries[i]
  end
  local fresh = 0
  for first = 1, #members, slice do
    fresh = fresh + write(members, first, math.min(first + slice - 1, #members))
  end
  written = written + fresh
  read = read + math.max(#members, count) + fresh * days
  if cursor == '0' then
    board = board + 1
  end
end
if written > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return { board, cursor, written }
