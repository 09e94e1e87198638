-- Acknowledge a batch of a partition and trim the partition before it, never past an entry still
-- pending in the group.
-- KEYS[1]: the partition stream.
-- ARGV[1]: the consumer group.
-- ARGV[2]: where to trim: the batch's first id (the owner applies in order, so what came before
--          is applied).
-- ARGV[3..]: the ids of the batch.
-- Trims (XTRIM MINID ~, which frees whole nodes only) before the smaller of ARGV[2] and the oldest
-- entry pending in the group (XPENDING's summary): an entry an earlier owner read and did not
-- acknowledge stays until it is claimed and applied.
-- Returns the number of ids acknowledged (XACK's reply).
local acked = redis.call('XACK', KEYS[1], ARGV[1], unpack(ARGV, 3))
local function before(a, b)
  local ams, aseq = string.match(a, '(%d+)%-(%d+)')
  local bms, bseq = string.match(b, '(%d+)%-(%d+)')
  ams, bms = tonumber(ams), tonumber(bms)
  return ams < bms or (ams == bms and tonumber(aseq) < tonumber(bseq))
end
local trim = ARGV[2]
local pending = redis.call('XPENDING', KEYS[1], ARGV[1])
if pending[1] > 0 and before(pending[2], trim) then
  trim = pending[2]
end
redis.call('XTRIM', KEYS[1], 'MINID', '~', trim)
return acked
