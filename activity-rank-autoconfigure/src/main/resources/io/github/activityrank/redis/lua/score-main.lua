-- module score-main: run the commands in order and reply with points * 8 + status for each, or,
-- for a command Redis failed on for good, the failure's text: none of its writes are left (see
-- common, undone), and the commands after it run as usual.

local out = {}
-- removeUser's markers: an award made before its user was removed, still queued or retried
-- then, is dropped instead of bringing the user back. The flag key exists while any marker may:
-- without it no user's marker is read
local any_removed = redis.call('EXISTS', KEYS[removed_idx]) == 1
local marker_prefix = any_removed and KEYS[removed_idx] .. ':'
-- One pcall runs the commands, each in the loop's body (a pcall or a function call per command
-- costs as much as a journal entry): when command n fails, its writes are taken back and the
-- commands after it run in a pcall anew
-- (i: the commands' members and fields, after the modules' arguments)
local n, count, mark, i = 1, tonumber(ARGV[1]), nil, i
local function run()
  while n <= count do
    local spec, first = unpack_numbers('<dd', command_numbers, n * 16 - 15)
    local member, field = ARGV[i], ARGV[i + 1]
    if ats then
      clock(ats[n])
    end
    if written > 0 then
      journal_to(0)
    end
    mark = badge and #badge.out -- what the badges reached before this command
    local item_at, scope_at = items_on and item_next(), scopes_on and scope_next()
    local status, points
    -- a stream message applied before changes nothing (the fence module; fence-none: false)
    local seen = fence and fence.seen(n)
    if seen then
      status, points = 1, 0
    elseif spec > 0 then
      local t = any_removed and redis.call('GET', marker_prefix .. member)
      if t and at <= tonumber(t) then
        status, points = 6, 0
      else
        status, points = award(specs[spec], member, field, first)
      end
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
    out[n] = points * 8 + status
    i = i + 2
    n = n + 1
  end
end
while true do
  local ok, failure = pcall(run)
  if ok then
    break
  end
  out[n] = undone(failure)
  local _, first = unpack_numbers('<dd', command_numbers, n * 16 - 15)
  award_forget(first) -- its award's first write, which no journal entry holds
  board_forget()
  if mark then badge.forget(mark) end
  i = i + 2
  n = n + 1
end
if badge_out then
  badge_out(out) -- the badges and levels reached (the badges module)
end
return out
