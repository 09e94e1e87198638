-- activity-rank: one user's standing awards of a day, week or month, per rule, from the day
-- records of the period (no tallies are kept: an award writes nothing for summaries).
-- KEYS[1]  the registry of rules (number 1..65535 -> rule), which record values name rules by
-- KEYS[2..] the user's record hashes of the period's days
-- Returns  rule1, count1, points1, rule2, ... ('' for explicit points; '#<n>' for a number the
--          registry no longer holds). A record value is points * 65536 + the rule's number, or
--          "points:rule" for a rule without a number; fields starting with '#' are not awards.
local names = {}
local registry = redis.call('HGETALL', KEYS[1])
for k = 1, #registry, 2 do
  names[tonumber(registry[k])] = registry[k + 1]
end
names[0] = ''
local count, points, order = {}, {}, {}
for k = 2, #KEYS do
  local all = redis.call('HGETALL', KEYS[k])
  for f = 1, #all, 2 do
    if string.byte(all[f], 1) ~= 35 then -- '#': not an award
      local value = all[f + 1]
      local n = tonumber(value)
      local rule, given
      if n then
        local number = n % 65536
        rule, given = names[number] or ('#' .. number), (n - number) / 65536
      else
        given, rule = string.match(value, '^(-?%d+):(.*)$')
        given = tonumber(given)
      end
      if not count[rule] then
        order[#order + 1] = rule
        count[rule], points[rule] = 0, 0
      end
      count[rule] = count[rule] + 1
      points[rule] = points[rule] + given
    end
  end
end
local out = {}
for _, rule in ipairs(order) do
  out[#out + 1] = rule
  out[#out + 1] = count[rule]
  out[#out + 1] = string.format('%.0f', points[rule])
end
return out
