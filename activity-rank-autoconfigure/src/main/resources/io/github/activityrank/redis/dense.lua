-- activity-rank: build the dense companion of a board that has none, from the board itself, in
-- bounded chunks: each call adds the distinct scores of at most ARGV[1] members, walking down from
-- where the previous call stopped, so no call holds Redis for long on a board of any size. Needed
-- once per board: when ranking became dense while the board already existed, or after a mode that
-- does not keep companions.
-- While it is built, the companion is live (awards, revokes and removals keep it in step as soon
-- as it exists), and the build marker holds the cursor: the exclusive upper bound of the scores not
-- yet walked. Every read treats a companion with a marker as missing and builds on, so concurrent
-- readers share one build, and one abandoned half way is resumed by the next read. A value can only
-- be missed if it was on the board before the companion existed and below the cursor when the walk
-- passed, which the walk, going down by score, rules out; a value that left the board was taken out
-- by the writer that removed it.
-- KEYS[1]  the board (plain points); KEYS[2] its dense companion; KEYS[3] the build marker
-- ARGV[1]  the most members one call reads
-- Returns  {done, values}: done 1 when the companion is complete (0: call again), values how many
--          distinct scores it holds so far (0 when the board is gone)
local building = redis.call('GET', KEYS[3])
local exists = redis.call('EXISTS', KEYS[2]) == 1
if exists and not building then
  return {1, redis.call('ZCARD', KEYS[2])}
end
-- a marker without its companion: the companion was dropped (a new board, another ranking mode)
local cursor = (exists and building) or '+inf'
local chunk = tonumber(ARGV[1])
local entries = redis.call('ZREVRANGEBYSCORE', KEYS[1], cursor, '-inf', 'WITHSCORES', 'LIMIT', 0, chunk)
local last
for k = 2, #entries, 2 do
  if entries[k] ~= last then
    last = entries[k]
    -- members are the values as exact integers, as the score script writes them
    redis.call('ZADD', KEYS[2], last, string.format('%.0f', tonumber(last)))
  end
end
local ttl = redis.call('PTTL', KEYS[1])
if #entries < 2 * chunk then
  redis.call('DEL', KEYS[3])
  -- it lives exactly as long as its board
  if ttl > 0 and redis.call('EXISTS', KEYS[2]) == 1 then
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
  return {1, redis.call('ZCARD', KEYS[2])}
end
-- every member at `last` has that value, already added: the next call starts below it
redis.call('SET', KEYS[3], '(' .. last)
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
return {0, redis.call('ZCARD', KEYS[2])}
