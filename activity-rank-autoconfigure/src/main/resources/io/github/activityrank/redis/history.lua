-- activity-rank: the record hashes of one user over several days, read at one instant.
-- KEYS     the user's record hashes, one per day
-- Returns  one array per key: field1, points1, field2, points2, ... (empty for a missing key)
local out = {}
for k = 1, #KEYS do
  out[k] = redis.call('HGETALL', KEYS[k])
end
return out
