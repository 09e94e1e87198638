-- activity-rank: one user's standing awards of a day, week or month, per rule, from the day
-- records of the period (no tallies are kept: an award writes nothing for summaries). Composed
-- after the common module (unpair: a record value's points and rule number).
-- KEYS[1]  the registry of rules (number -> rule, '=' .. rule -> number), which record values
--          name rules by
-- KEYS[2..] the user's record hashes of the period's days
-- Returns  rule1, count1, points1, rule2, ... ('' for explicit points; '#<n>' for a number the
--          registry no longer holds); fields starting with '#' are not awards.
local names = { [0] = '' }
local registry = redis.call('HGETALL', KEYS[1])
for k = 1, #registry, 2 do
  local number = tonumber(registry[k])
  if number then
    names[number] = registry[k + 1]
  end
end
local count, points, order = {}, {}, {}
for k = 2, #KEYS do
  local all = redis.call('HGETALL', KEYS[k])
  for f = 1, #all, 2 do
    if string.byte(all[f], 1) ~= 35 then -- '#': not an award
      local given, number = unpair(all[f + 1])
      local rule = names[number] or ('#' .. number)
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
