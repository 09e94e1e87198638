-- activity-rank: copy one user's removal marker, found under a hash tag of the shard count the keys
-- were written with, onto the user's shard of the configured count, where the score script reads it.
-- Two calls, one per slot: 'read' on the old tag, then 'write' on the user's shard.
--
-- ARGV[1]  'read' or 'write'
-- read:    KEYS[1] the marker under the old tag ({tag}:removed:<member>)
--          Returns { removal, expiry }: the removal's instant and when the marker expires (its
--          PEXPIRETIME), epoch ms; {} when it is gone
-- write:   KEYS[1] the removal flag of the user's shard ({tag}:removed), KEYS[2] the user's marker
--          there; ARGV[2] the removal's instant, ARGV[3] when the marker expires (epoch ms): the
--          copy expires with it
--          Returns {1} when the marker was written; {0} when the shard holds one of a later removal
if ARGV[1] == 'read' then
  local removal = redis.call('GET', KEYS[1])
  local expiry = redis.call('PEXPIRETIME', KEYS[1])
  if not removal or expiry <= 0 then
    return {}
  end
  return { tonumber(removal), expiry }
end
local current = redis.call('GET', KEYS[2])
if current and tonumber(current) >= tonumber(ARGV[2]) then
  return { 0 }
end
redis.call('SET', KEYS[2], ARGV[2], 'PXAT', ARGV[3])
-- the flag lives as long as the shard's last marker, so that the score script reads markers until
-- then (a flag still a hash, from earlier versions, exists anyway and becomes keys at a removal)
if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then
  local expiry = redis.call('PEXPIRETIME', KEYS[1])
  if expiry ~= -1 and expiry < tonumber(ARGV[3]) then
    redis.call('SET', KEYS[1], '1', 'PXAT', ARGV[3])
  end
end
return { 1 }
