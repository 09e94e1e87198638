-- activity-rank: one user's tallies of one day, week or month, per rule.
-- KEYS[1]  the user's record hash of the day, or the user's week or month hash
-- ARGV[1]  the start of the fields that count a rule's standing awards ('#n:')
-- ARGV[2]  the start of the fields that sum their points ('#p:')
-- Returns  field1, value1, field2, value2, ... for those fields only; {} for a missing key.
--          A day's record also holds one field per award, which stays on the server.
local count_prefix, points_prefix = ARGV[1], ARGV[2]
local all = redis.call('HGETALL', KEYS[1])
local out = {}
for k = 1, #all, 2 do
  local field = all[k]
  if string.sub(field, 1, #count_prefix) == count_prefix or string.sub(field, 1, #points_prefix) == points_prefix then
    out[#out + 1] = all[k]
    out[#out + 1] = all[k + 1]
  end
end
return out
