-- activity-rank: one shard's part of a deep page over sharded boards, read in one window of
-- scores chosen from the samples (shard-sample.lua): how many members score x or more, and the
-- entries scoring in [z, x), in one call so that the count and the window agree.
-- KEYS[1]  the shard's board
-- ARGV[1]  x, the window's upper bound (exclusive; the count's lower bound, inclusive)
-- ARGV[2]  z, the window's lower bound (inclusive), or '-inf' to read to the board's end
-- ARGV[3]  the most entries to read: a window the samples promised to keep smaller and that
--          reaches it (the board changed between the steps) tells the caller to fall back
-- Returns  {count, {member1, score1, member2, score2, ...}}, best first, as ZREVRANGEBYSCORE
--          WITHSCORES prints them. O(log N + M) for the M entries read.
local count = redis.call('ZCOUNT', KEYS[1], ARGV[1], '+inf')
return {count, redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], ARGV[2], 'WITHSCORES', 'LIMIT', 0,
  ARGV[3])}
