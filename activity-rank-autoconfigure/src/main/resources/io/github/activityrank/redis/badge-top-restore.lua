-- Restore a top badge from the ledger (BadgeStore.restoreTop, on a rebuild; docs/badges.md): the
-- grants the ledger counts, unless Redis counts as many already (grants made before the ledger was
-- on), or the user was removed after the latest of them (a removal that ran while the rebuild read
-- the rows: its marker, which outlives any rebuild, says when).
-- KEYS[1]  the user's top badges hash, {prefix}:top-badges:<member>
-- KEYS[2]  the badge's holders, {prefix}:top-badge-holders:<badge>
-- KEYS[3]  the user's removal marker, {prefix}:removed:<member> (the removal's epoch ms)
-- ARGV     member, badge, board (the last board that granted it), atMs (when it ended), times
-- Returns  1 when written, 0 when Redis held as many grants or the user was removed since
local member, badge, board, at, times = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
local removed = redis.call('GET', KEYS[3])
if removed and tonumber(at) <= tonumber(removed) then
  return 0
end
redis.call('ZADD', KEYS[2], 1, member)
local held = redis.call('HGET', KEYS[1], badge)
if held and tonumber(string.match(held, ':(%d+)$')) >= times then
  return 0
end
redis.call('HSET', KEYS[1], '#top:' .. badge, board, badge, '1:' .. at .. ':' .. times)
return 1
