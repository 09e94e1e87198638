-- module score-main: run the commands in order and reply with points * 8 + status for each.

local out = {}
-- removeUser's markers: an award made before its user was removed, still queued or retried
-- then, is dropped instead of bringing the user back. The flag key exists while any marker may:
-- without it no user's marker is read
local any_removed = redis.call('EXISTS', KEYS[removed_idx]) == 1
local marker_prefix = any_removed and KEYS[removed_idx] .. ':'
local function removed_since(member)
  local t = any_removed and redis.call('GET', marker_prefix .. member)
  return t and at <= tonumber(t)
end
for n = 1, tonumber(ARGV[1]) do
  local spec, member, field, first = tonumber(ARGV[i]), ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  if ats then
    at = ats[n]
  end
  local status, points
  -- a stream message applied before changes nothing (the fence module; fence-none: false)
  local seen = fence and fence.seen(n)
  if seen then
    status, points = 1, 0
  elseif spec > 0 and removed_since(member) then
    status, points = 6, 0
  elseif spec > 0 then
    status, points = award(specs[spec], member, field, first)
  else
    status, points = revoke(specs[-spec], member, field, first)
  end
  if items_on then
    item_after(n, spec, status, member, field, first)
  end
  if fence and not seen then
    fence.applied(n)
  end
  out[n] = points * 8 + status
  i = i + 4
end
if badge_out then
  badge_out(out) -- the badges and levels reached (the badges module)
end
return out
