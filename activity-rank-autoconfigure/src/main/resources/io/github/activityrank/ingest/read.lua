-- Read new messages of a partition for its lease holder only: the read is fenced by the lease, so a
-- consumer whose lease ran out while it was paused reads nothing after its successor's claim of
-- the pending messages (which it would never apply, and its successor would trim).
-- KEYS[1]: the partition stream.
-- KEYS[2]: the partition's lease key (same slot, see lease.lua).
-- ARGV[1]: the consumer group.
-- ARGV[2]: the consumer, which must hold the lease.
-- ARGV[3]: the most messages to read.
-- Returns {0} when ARGV[2] does not hold the lease; else {1, lastId, id1, fields1, id2, ...}:
-- the messages read (XREADGROUP ... STREAMS stream >, without blocking), each its id and its
-- field-value list; lastId is the stream's newest entry when none was read ('0-0' for an empty
-- stream), from which the caller waits for new ones (XREAD BLOCK), '' when some were read.
if redis.call('GET', KEYS[2]) ~= ARGV[2] then
  return { 0 }
end
local read = redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', ARGV[3], 'STREAMS', KEYS[1], '>')
local reply = { 1, '' }
if read and read[1] and #read[1][2] > 0 then
  for _, entry in ipairs(read[1][2]) do
    reply[#reply + 1] = entry[1]
    reply[#reply + 1] = entry[2]
  end
  return reply
end
local newest = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
reply[2] = (newest[1] and newest[1][1]) or '0-0'
return reply
