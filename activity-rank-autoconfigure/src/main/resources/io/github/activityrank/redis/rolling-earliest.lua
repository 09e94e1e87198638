-- activity-rank: build a rolling board under tie-break "earliest", whose scores are
-- points * 2^32 + time part (see BoardLayout), from day boards laid out the same way.
--
-- KEYS[1]    the board to build ({tag}:rolling-build:<days>:<token>), empty before the call
-- KEYS[2..]  the day boards of the window, oldest first
-- ARGV[1]    the unit of the rolling board's time part, in ms: 1, or 1000 for a window longer than
--            2^32 ms (49 days)
-- ARGV[2]    the most points a member may hold (2^21 - 1); a larger sum stops there
-- ARGV[3]    how long the built board lives if it is never put in place, ms
-- ARGV[3+k]  the start of the k-th day board's day minus the start of the window, ms
-- Returns    {members}: the members of the built board
--
-- A member's points are the sum over the days; its time is the time of its last award in the
-- window (taken from the newest day board that holds it), counted from the window's start: among
-- equal points, whoever made their last award of the window first ranks higher.
local span = 4294967296
local unit, most = tonumber(ARGV[1]), tonumber(ARGV[2])
local points, times, order = {}, {}, {}
for k = 2, #KEYS do
  local offset = tonumber(ARGV[2 + k])
  local entries = redis.call('ZRANGE', KEYS[k], 0, -1, 'WITHSCORES')
  for i = 1, #entries, 2 do
    local member, score = entries[i], tonumber(entries[i + 1])
    local p = math.floor(score / span)
    local ms = span - 1 - (score - p * span)
    if points[member] == nil then
      points[member] = 0
      order[#order + 1] = member
    end
    points[member] = points[member] + p
    times[member] = math.floor((offset + ms) / unit)
  end
end
local batch = {}
for _, member in ipairs(order) do
  local t = math.min(math.max(times[member], 0), span - 1)
  batch[#batch + 1] = math.min(points[member], most) * span + (span - 1 - t)
  batch[#batch + 1] = member
  if #batch >= 1000 then
    redis.call('ZADD', KEYS[1], unpack(batch))
    batch = {}
  end
end
if #batch > 0 then
  redis.call('ZADD', KEYS[1], unpack(batch))
end
if #order > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return { #order }
