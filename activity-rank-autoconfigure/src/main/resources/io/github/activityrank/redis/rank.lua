-- activity-rank: one member's score and how many members score higher.
-- KEYS[1]  the board
-- ARGV[1]  the member
-- Returns  {above, score}, where the member's rank is above + 1; {} when it is not on the board.
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then
  return {}
end
return {redis.call('ZCOUNT', KEYS[1], '(' .. score, '+inf'), score}
