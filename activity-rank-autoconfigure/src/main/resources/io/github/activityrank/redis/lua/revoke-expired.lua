-- module revoke-expired (main): take back an award whose day record has expired, for the award
-- ledger, which still knows the award (its standing awards table) after Redis forgot it. The score
-- script cannot: a revoke there starts from the record. Composed at load time (ScoreScript) from
-- common, the board module of the configured order, caps, records and this module, so boards,
-- caps are given back by the same functions as a revoke in the score script. Only
-- what still exists is changed, so nothing expired is recreated.
--
-- KEYS     the boards of the periods of the award's instant (day, week, month, total, as configured),
--          their dense companions, and the user's week and month hashes of that instant; all share
--          the "{prefix}" hash tag
-- ARGV[1]  member, the encoded user id
-- ARGV[2]  points the award gave (negative for a penalty)
-- ARGV[3]  the boards, "keyIdx:denseIdx,..." (denseIdx 0: no dense companion)
-- ARGV[4]  '1' when boards hold the earliest tie-break's time part (score = points * 2^29 + time)
-- ARGV[5]  the most points a member may hold on a board
-- ARGV[6]  ruleCapField, "#cap:<rule>", '' for explicit points
-- ARGV[7]  index of the week hash, ARGV[8] index of the month hash (their cap counters)
-- ARGV[9]  index of the user's badges hash when a count badge counts the rule (else 0), ARGV[10]
--          the rule's counter there, "#n:<rule>" (docs/badges.md: a revoke lowers the count)
-- Returns  { points * 8 + status }, as the score script: 3 revoked (with the points), 5 rejected
--          (giving a penalty back would pass a board's largest score; nothing was changed)
--
-- Boards: a board that no longer exists stays gone; on one that exists the member loses the points,
-- never going below zero, and leaves the board at zero; a revoke keeps the member's time part (a
-- member that gets a penalty back without being on the board gets time 0: it ranks after everyone
-- it ties with). A dense companion that exists is kept in step.

local member, points = ARGV[1], tonumber(ARGV[2])
local largest = tonumber(ARGV[5])
local time = (ARGV[4] == '1') and 0 or nil
local spec = { rule_cap_field = ARGV[6] }

local boards = {}
for idx, dense in string.gmatch(ARGV[3], '(%d+):(%d+)') do
  boards[#boards + 1] = { key = KEYS[tonumber(idx)], largest = largest, time = time,
                          dense = (dense ~= '0') and KEYS[tonumber(dense)] or nil }
end

-- giving a penalty back must fit like an award
if points < 0 and not board_fits(boards, member, -points) then
  return { 5 }
end
for _, board in ipairs(boards) do
  board_take(board, member, points)
end
for _, idx in ipairs({ tonumber(ARGV[7]), tonumber(ARGV[8]) }) do
  if idx > 0 then
    release_caps(KEYS[idx], spec, points)
  end
end
-- the count of the rule's standing awards, never below none (an award made before the badges were
-- configured was never counted); the badges it earned stay
local badges = tonumber(ARGV[9])
if badges > 0 and redis.call('HINCRBY', KEYS[badges], ARGV[10], '-1') < 0 then
  redis.call('HSET', KEYS[badges], ARGV[10], 0)
end
return { points * 8 + 3 }
