-- activity-rank: one shard's board size and the scores at some positions, from which a deep page
-- over sharded boards estimates, for any score, how many of the shard's members score at least
-- that much (ShardSamples), and so the window of scores that holds the page.
-- KEYS[1]  the shard's board
-- ARGV     positions (0-based, ascending); each is clamped into the board
-- Returns  {size, score1, score2, ...}: the ZCARD, then the score at each clamped position as an
--          integer (raw scores are integers below 2^53); {0} for an empty board. O(log N) per
--          position; no member is sent back.
local size = redis.call('ZCARD', KEYS[1])
local reply = {size}
if size == 0 then
  return reply
end
for i = 1, #ARGV do
  local at = math.min(math.max(tonumber(ARGV[i]), 0), size - 1)
  local entry = redis.call('ZREVRANGE', KEYS[1], at, at, 'WITHSCORES')
  reply[#reply + 1] = tonumber(entry[2])
end
return reply
