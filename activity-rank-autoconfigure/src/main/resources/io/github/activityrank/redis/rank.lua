-- activity-rank: one member's score and how many ranks come before it.
-- KEYS[1]  the board; KEYS[2] its dense companion and KEYS[3] its build marker (read only when
--          ranking is dense)
-- ARGV[1]  the member; ARGV[2] ranking: 'competition', 'dense' or 'ordinal'
-- Returns  {before, score}, where the member's rank is before + 1: before counts the members scoring
--          higher (competition), the distinct scores higher (dense) or the members ahead of it on the
--          board (ordinal). {} when it is not on the board; {-1} when ranking is dense and the board
--          has no complete companion yet (build it with dense.lua, then ask again).
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then
  return {}
end
local before
if ARGV[2] == 'ordinal' then
  before = redis.call('ZREVRANK', KEYS[1], ARGV[1])
elseif ARGV[2] == 'dense' then
  before = redis.call('ZCOUNT', KEYS[2], '(' .. score, '+inf')
  if redis.call('EXISTS', KEYS[3]) == 1 or (before == 0 and redis.call('EXISTS', KEYS[2]) == 0) then
    return {-1}
  end
else
  before = redis.call('ZCOUNT', KEYS[1], '(' .. score, '+inf')
end
return {before, score}
