-- Deletes one user's streak data (removeUser): the user's fields in the bucket hash (the header
-- field and the field of every earlier year it names, lua/streaks.lua) and the user's entries on
-- the streak board and its last-day index. Other users of the bucket keep theirs.
-- KEYS[1] the user's bucket, KEYS[2] the board, KEYS[3] the last-day index
-- ARGV[1] the member
-- Returns the number of the user's streak records (0 or 1) and board entries deleted.
local member = ARGV[1]
local value = redis.call('HGET', KEYS[1], member)
local deleted = 0
if value then
  -- header bytes 9-12: firstYear u16 and lastYear u16; earlier years are "<member>:<yyyy>"
  local first_year = string.byte(value, 9) * 256 + string.byte(value, 10)
  local last_year = string.byte(value, 11) * 256 + string.byte(value, 12)
  local fields = { member }
  for year = first_year, last_year - 1 do
    fields[#fields + 1] = member .. ':' .. year
  end
  redis.call('HDEL', KEYS[1], unpack(fields))
  deleted = 1
end
deleted = deleted + redis.call('ZREM', KEYS[2], member)
redis.call('ZREM', KEYS[3], member)
return { deleted }
