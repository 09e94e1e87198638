-- module score-main: run the commands in order and reply with points * 8 + status for each.

local out = {}
for n = 1, tonumber(ARGV[1]) do
  local spec, member, field, first = tonumber(ARGV[i]), ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  local joined_idx = tonumber(ARGV[i + 4])
  if own_times then
    at = tonumber(ARGV[i + 5])
  end
  local status, points
  if spec > 0 then
    status, points = award(specs[spec], member, field, first, joined_idx)
  else
    status, points = revoke(specs[-spec], member, field, first, joined_idx)
  end
  if items_on then
    item_after(n, spec, status, member, field, first)
  end
  out[n] = points * 8 + status
  i = own_times and i + 6 or i + 5
end
return out
