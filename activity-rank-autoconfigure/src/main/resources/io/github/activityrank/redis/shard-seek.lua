-- activity-rank: one shard's board size and its entries at some positions: the candidates with
-- which a deep page over sharded boards narrows a bracket too wide to read (a long run of equal
-- scores), when its window of scores missed (see shard-sample.lua).
-- KEYS[1]  the shard's board
-- ARGV     positions (0-based, best first)
-- Returns  {size, member1, score1, member2, score2, ...} for the positions within the board.
--          O(log N) per position.
local size = redis.call('ZCARD', KEYS[1])
local reply = {size}
for i = 1, #ARGV do
  if tonumber(ARGV[i]) < size then
    local entry = redis.call('ZREVRANGE', KEYS[1], ARGV[i], ARGV[i], 'WITHSCORES')
    reply[#reply + 1] = entry[1]
    reply[#reply + 1] = entry[2]
  end
end
return reply
