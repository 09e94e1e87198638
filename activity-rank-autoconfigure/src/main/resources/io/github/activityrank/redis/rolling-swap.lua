-- activity-rank: put a rolling board built under a temporary name in place, atomically, so that a
-- read sees either the board before or the board after; only while the build's claim is the newest
-- of this shard (rolling-state.lua), so that a build whose claim another instance took over puts
-- nothing in place.
--
-- KEYS[1]  the built board ({tag}:rolling-build:<days>:<token>)
-- KEYS[2]  the rolling board ({tag}:rolling:<days>)
-- KEYS[3]  its dense companion, KEYS[4] the companion's build marker: both deleted, so the next
--          dense read builds the companion of the new board
-- KEYS[5]  the board's state hash on this shard ({tag}:rolling-state:<days>), field "gen"
-- ARGV[1]  '1' when the build put members into KEYS[1], '0' when the window had none
-- ARGV[2]  how long the rolling board lives when nothing rebuilds it, ms
-- ARGV[3]  the generation of the build's claim
-- Returns  {1} when the board is in place; {0} when KEYS[1] is gone although the build filled it (a
--          ledger rebuild switched the key space meanwhile): the board in place stays; {-1} when a
--          newer claim fenced the shard: the build is deleted, the board in place stays
if redis.call('HGET', KEYS[5], 'gen') ~= ARGV[3] then
  redis.call('DEL', KEYS[1])
  return { -1 }
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
elseif ARGV[1] == '1' then
  return { 0 }
else
  redis.call('DEL', KEYS[2])
end
redis.call('DEL', KEYS[3], KEYS[4])
return { 1 }
