-- activity-rank: build the dense companion of a board that has none, from the board itself. Run
-- once per board: when ranking became dense while the board already existed, or after a mode that
-- does not keep companions. Walks the distinct scores from the top, so it costs O(V log N) for V
-- distinct scores on a board of N members.
-- KEYS[1]  the board (plain points); KEYS[2] its dense companion
-- Returns  {values}: how many distinct scores the companion holds (0 when the board is gone)
if redis.call('EXISTS', KEYS[2]) == 1 then
  return {redis.call('ZCARD', KEYS[2])}
end
local values = 0
local next = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
while #next > 0 do
  local score = next[2]
  -- members are the values as exact integers, as score.lua writes them
  redis.call('ZADD', KEYS[2], score, string.format('%.0f', tonumber(score)))
  values = values + 1
  next = redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. score, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
end
-- it lives exactly as long as its board
local ttl = redis.call('PTTL', KEYS[1])
if values > 0 and ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return {values}
