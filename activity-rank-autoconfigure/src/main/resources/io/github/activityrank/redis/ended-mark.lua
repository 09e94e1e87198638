-- activity-rank: change the marker of an ended board that this instance claimed (ended-claim.lua):
-- renew the lease before the listeners run, mark it published after, or give it back.
-- KEYS[1]  the marker
-- ARGV[1]  the claim this instance holds, "claimed:<instance>:<leaseUntil>"
-- ARGV[2]  the new value: a renewed claim, or "published" (both keep the marker's TTL); '' to
--          delete the marker, so that the next check claims the end afresh
-- Returns  {1} when the marker still held ARGV[1] and now holds ARGV[2] (or is gone), {0} when it
--          did not: the lease ran out and another instance claimed the end, or the marker expired
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return {0}
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
end
return {1}
