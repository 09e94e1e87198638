-- module score-main: run the commands in order and reply with points * 8 + status for each, or,
-- for a command Redis failed on for good, the failure's text: none of its writes are left (see
-- common, undone), and the commands after it run as usual.

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
local function apply(n, spec, member, field, first, item_at, scope_at)
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
  if scopes_on then
    scope_after(scope_at, spec, status, points, member, field, first)
  end
  if items_on then
    item_after(item_at, spec, status, member, field, first)
  end
  if fence and not seen then
    fence.applied(n)
  end
  return points * 8 + status
end
for n = 1, tonumber(ARGV[1]) do
  local spec, member, field, first = tonumber(ARGV[i]), ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  if ats then
    at = ats[n]
  end
  written = 0
  local mark = badge and #badge.out -- what the badges reached before this command
  local ok, reply = pcall(apply, n, spec, member, field, first, item_next(), scope_next())
  if not ok then
    reply = undone(reply)
    board_forget()
    if mark then badge.forget(mark) end
  end
  out[n] = reply
  i = i + 4
end
if badge_out then
  badge_out(out) -- the badges and levels reached (the badges module)
end
return out
