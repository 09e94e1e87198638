-- activity-rank: delete one user's entries from one page of a stream of copies (dead letters, awards
-- set aside), so that the user's id is not kept after removeUser. The caller pages through the
-- stream, one call per page, so no call blocks the server long.
-- KEYS     the stream
-- ARGV[1]  the name of the field that holds the user id; ARGV[2] the user id
-- ARGV[3]  where the page starts: '-' for the first, '(' and the last id of the page before
-- ARGV[4]  entries per page
-- Returns  {deleted, last}: the entries deleted from this page, and the id of its last entry, or ''
--          when the page was the stream's last
local entries = redis.call('XRANGE', KEYS[1], ARGV[3], '+', 'COUNT', ARGV[4])
local field, user, deleted = ARGV[1], ARGV[2], 0
for _, entry in ipairs(entries) do
  local values = entry[2]
  for j = 1, #values, 2 do
    if values[j] == field and values[j + 1] == user then
      deleted = deleted + redis.call('XDEL', KEYS[1], entry[1])
      break
    end
  end
end
if #entries < tonumber(ARGV[4]) then
  return {deleted, ''}
end
return {deleted, entries[#entries][1]}
