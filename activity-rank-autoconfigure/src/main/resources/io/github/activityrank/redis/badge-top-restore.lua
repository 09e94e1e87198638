-- Restore a top badge from the ledger (BadgeStore.restoreTop, on a rebuild; docs/badges.md): the
-- grants the ledger counts, unless Redis counts as many already (grants made before the ledger was on).
-- KEYS[1]  the user's top badges hash, {prefix}:top-badges:<member>
-- KEYS[2]  the badge's holders, {prefix}:top-badge-holders:<badge>
-- ARGV     member, badge, board (the last board that granted it), atMs (when it ended), times
-- Returns  1 when written, 0 when Redis held as many grants
local member, badge, board, at, times = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
redis.call('ZADD', KEYS[2], 1, member)
local held = redis.call('HGET', KEYS[1], badge)
if held and tonumber(string.match(held, ':(%d+)$')) >= times then
  return 0
end
redis.call('HSET', KEYS[1], '#top:' .. badge, board, badge, '1:' .. at .. ':' .. times)
return 1
