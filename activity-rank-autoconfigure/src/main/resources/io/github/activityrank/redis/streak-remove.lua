-- Deletes one user's streak data (removeUser): the bitmap of every year from the first one the
-- run record names to this year, the record, and the board entries.
-- KEYS[1] the record, KEYS[2] the board, KEYS[3] the last-day index
-- ARGV[1] the member, ARGV[2] the bitmap key prefix up to the year, ARGV[3] ":" .. member,
-- ARGV[4] this year
-- Returns the number of keys and entries deleted.
local rec = redis.call('GET', KEYS[1])
local deleted = 0
if rec then
  local first = tonumber(string.match(rec, '%d+,%d+,%d+,(%d+)'))
  for year = first, tonumber(ARGV[4]) do
    deleted = deleted + redis.call('DEL', ARGV[2] .. year .. ARGV[3])
  end
  deleted = deleted + redis.call('DEL', KEYS[1])
end
deleted = deleted + redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return { deleted }
