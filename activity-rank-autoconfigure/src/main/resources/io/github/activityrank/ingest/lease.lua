-- The lease that makes one consumer at a time the owner of a stream partition.
-- KEYS[1]: the partition's lease key ({prefix:<stream>:<n>}:lease, in the partition's
--          slot), a string holding the owner's consumer name and expiring when the owner
--          stops renewing it.
-- ARGV[1]: the consumer asking.
-- ARGV[2]: the lease's time to live in milliseconds; 0 releases the lease.
-- Returns 1 when ARGV[1] holds the lease after the call, 0 otherwise. Taking a free
-- lease and renewing one's own are the same call; another owner's lease is never touched.
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then
  return 0
end
local ttl = tonumber(ARGV[2])
if ttl == 0 then
  if holder then
    redis.call('DEL', KEYS[1])
  end
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
return 1
