-- Erase a user's badges and counters (removeUser; docs/badges.md).
-- KEYS[1]      the user's badges hash, {prefix}:badges:<member>
-- KEYS[2..]    the holders of each configured badge, {prefix}:badge-holders:<badge>
-- ARGV[1]      the member (encoded user id)
-- Returns      the number of keys and holder entries removed
local removed = redis.call('DEL', KEYS[1])
for k = 2, #KEYS do
  removed = removed + redis.call('ZREM', KEYS[k], ARGV[1])
end
return removed
