-- activity-rank: switch a rebuild's staged keys onto the live names, one chunk per call.
--
-- KEYS     n staged keys ("{tag}:rebuild:..."), then their n live names ("{tag}:..."), then
--          live keys to delete because the rebuild staged nothing for them (or because they belong
--          to a shard count no longer configured). All keys of one call share one shard's hash tag
--          ("{prefix}" with one shard, "{prefix:s}" with several), so they live in one Redis Cluster
--          slot; n may be 0 for a call that only deletes.
-- ARGV[1]  n
-- ARGV[2]  offset in ms: the rebuild wrote its keys with TTLs this much longer than the live path
--          would have (so the records of days past retention survive the replay that needs them)
-- Returns  { moved, dropped }: staged keys renamed onto their live name; staged keys whose retention
--          had already ended, deleted together with their live name
--
-- A staged key without TTL (the total board) replaces its live name as it is; one with a TTL left
-- after taking the offset off replaces it with that TTL; one with nothing left is dropped.
local n, offset = tonumber(ARGV[1]), tonumber(ARGV[2])
local moved, dropped = 0, 0
for k = 1, n do
  local staged, live = KEYS[k], KEYS[n + k]
  local ttl = redis.call('PTTL', staged)
  if ttl == -1 then
    redis.call('RENAME', staged, live)
    moved = moved + 1
  elseif ttl > offset then
    redis.call('RENAME', staged, live)
    redis.call('PEXPIRE', live, ttl - offset)
    moved = moved + 1
  else
    redis.call('DEL', staged, live)
    dropped = dropped + 1
  end
end
for k = 2 * n + 1, #KEYS do
  redis.call('DEL', KEYS[k])
end
return { moved, dropped }
