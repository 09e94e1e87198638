-- Erase a user's badges and counters (removeUser; docs/badges.md).
-- KEYS[1], KEYS[2]  the user's badges hashes, {prefix}:badges:<member> and {prefix}:top-badges:<member>
-- KEYS[3..]          the holders of each configured badge, {prefix}:badge-holders:<badge> (or
--                    {prefix}:top-badge-holders:<badge>)
-- ARGV[1]            the member (encoded user id)
-- Returns            the number of keys and holder entries removed
local removed = redis.call('DEL', KEYS[1], KEYS[2])
for k = 3, #KEYS do
  removed = removed + redis.call('ZREM', KEYS[k], ARGV[1])
end
return removed
