-- Deletes one user's streak data (removeUser): the user's string (run record and the bits of
-- every year, lua/streaks.lua) and the user's entries on the streak board and its last-day index.
-- KEYS[1] the user's string, KEYS[2] the board, KEYS[3] the last-day index
-- ARGV[1] the member
-- Returns the number of keys and board entries deleted.
local deleted = redis.call('DEL', KEYS[1]) + redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return { deleted }
