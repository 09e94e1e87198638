-- module caps: daily, weekly and monthly caps. A cap counter is a field of the user's record, week
-- or month hash: '#cap' counts the points under caps over all rules, '#cap:<rule>' those of one
-- rule. Counters change only while a cap applies: a rule without caps writes none. An award counts
-- its points first and takes back what the caps do not leave (count_up, count_down): HINCRBY
-- answers with the new count, so a cap that does not bind (most awards) costs one command per
-- counter, and no counter is read, parsed or formatted apart. Both the lean loop and the full
-- script's award count through count_award and count_settle, in award-steps.

-- give back what an award used of a cap, given the counter's value (nil when absent)
local function release_cap(hash, cap_field, used, points)
  used = tonumber(used)
  if used then
    if used <= points then
      redis.call('HDEL', hash, cap_field)
      wrote('h', hash, cap_field, used)
    else
      redis.call('HINCRBY', hash, cap_field, -points)
      wrote('i', hash, cap_field, -points)
    end
  end
end


-- the counters a hash keeps under a rule's cap and the global one, only those that apply
local function cap_fields(rule_field, rule_cap, global_cap)
  local fields, caps = {}, {}
  if rule_cap then
    fields[1], caps[1] = rule_field, rule_cap
  end
  if global_cap then
    fields[#fields + 1], caps[#caps + 1] = GLOBAL_CAP, global_cap
  end
  return fields, caps
end
-- count points (text: the same, formatted) in a hash's counters, at most two (the rule's and the
-- global one: no table per call); what the caps leave of `left`, and the two new counts, which
-- count_award journals (counted); only while the second counter is counted is the first journaled
local function count_up(hash, fields, caps, text, points, left)
  local a, b
  if fields[1] then
    a = redis.call('HINCRBY', hash, fields[1], text)
    left = math.min(left, caps[1] - (a - points))
    if fields[2] then
      wrote(a == points and 'h' or 'i', hash, fields[1], a ~= points and points)
      b = redis.call('HINCRBY', hash, fields[2], text)
      journal_to(written - 4)
      left = math.min(left, caps[2] - (b - points))
    end
  end
  return left, a, b
end
-- take `by` points back from the counters count_up raised to a and b; one left at zero goes
local function count_down(hash, fields, a, b, by)
  if fields[1] then
    release_cap(hash, fields[1], a, by)
    if fields[2] then
      release_cap(hash, fields[2], b, by)
    end
  end
end
-- journal what count_up counted in a hash (a, b: its new counts, nil for no counter), so a failed
-- command's counts are taken back with its other writes
local function counted(hash, fields, a, b, points)
  if a then
    wrote(a == points and 'h' or 'i', hash, fields[1], a ~= points and points)
    if b then
      wrote(b == points and 'h' or 'i', hash, fields[2], b ~= points and points)
    end
  end
end
-- give a hash its TTL when count_up started every counter it keeps (points: what each counted) and
-- it has none: a week or month hash is new then, or a record that only the award's field was in
local function new_ttl(hash, fields, a, b, points, ttl)
  if fields[1] and a == points and (not fields[2] or b == points) and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
  end
end
-- An award under caps: its points counted in its record (day), week and month hashes
-- (count_award answers what the caps leave), then (count_settle) what it does not use given back
-- (all of them when it does not go ahead) and, when it goes ahead (ttls: the record's, week's and
-- month's TTL), a hash its counters started given its TTL. `counts` keeps the award's new counts,
-- two per hash (false: none yet). The full script journals them (`journal`); the lean loop, for
-- which a journal entry costs more, gives back a failed command's counts with count_settle. Made
-- by the call's first award under caps.
local counts
local function count_award(record, week, month, spec, points, journal)
  local c, text, left = counts or {}, int(points), points
  counts = c
  c[1], c[2], c[3], c[4], c[5], c[6] = false, false, false, false, false, false
  left, c[1], c[2] = count_up(record, spec.day, spec.day_caps, text, points, left)
  if journal then counted(record, spec.day, c[1], c[2], points) end
  left, c[3], c[4] = count_up(week, spec.week, spec.week_caps, text, points, left)
  if journal then counted(week, spec.week, c[3], c[4], points) end
  left, c[5], c[6] = count_up(month, spec.month, spec.month_caps, text, points, left)
  if journal then counted(month, spec.month, c[5], c[6], points) end
  return left
end
local function count_settle(record, week, month, spec, back, ttls)
  local c, points = counts, spec.points
  if back > 0 then
    count_down(record, spec.day, c[1], c[2], back)
    count_down(week, spec.week, c[3], c[4], back)
    count_down(month, spec.month, c[5], c[6], back)
  end
  if ttls then
    new_ttl(record, spec.day, c[1], c[2], points, ttls[1])
    new_ttl(week, spec.week, c[3], c[4], points, ttls[2])
    new_ttl(month, spec.month, c[5], c[6], points, ttls[3])
  end
end

-- the field the last award set (award-steps): [1] its command's mark (false: none), [2] its record,
-- [3] the field, [4] its spec; each loop takes it back when that command fails, as no journal entry
-- holds it (cheaper: every award of points sets one), and the lean loop its counts under caps
-- (count_award keeps them)
local claim = { false, false, false, false }
-- the specs of a call from ARGV[i] on (count of them, ten arguments each, as score-args lists
-- them), what its commands share, and the index after them. By number (spec.n, by which
-- badge-core finds its argument); or, given `revokes` (the lean loop), by their argument ('1',
-- '2', ...; a revoke's is '-1', ...), so a command finds its own without tonumber, with the
-- revokes' arguments as a set in `revokes` (a lookup is cheaper than a string.byte per command).
-- A spec with caps keeps them as the counters count_up raises in the record (day), week and month
-- hash. Each call allocates as little as it can: Lua's collector pays for every table in a
-- script's fixed cost.
local function read_specs(i, count, revokes)
  local specs = {}
  for n = 1, count do
    local spec = { points = tonumber(ARGV[i]), rule_cap_field = ARGV[i + 1], older_count = tonumber(ARGV[i + 4]),
                   rule = ARGV[i + 9], n = n }
    if ARGV[i + 2] ~= '' or ARGV[i + 3] ~= '' or ARGV[i + 5] ~= '' or ARGV[i + 6] ~= '' or ARGV[i + 7] ~= ''
        or ARGV[i + 8] ~= '' then
      local field = spec.rule_cap_field
      spec.has_caps, spec.capped = true, spec.points > 0
      spec.day, spec.day_caps = cap_fields(field, tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3]))
      spec.week, spec.week_caps = cap_fields(field, tonumber(ARGV[i + 5]), tonumber(ARGV[i + 6]))
      spec.month, spec.month_caps = cap_fields(field, tonumber(ARGV[i + 7]), tonumber(ARGV[i + 8]))
    end
    if revokes then
      local revoke = tostring(-n)
      specs[tostring(n)], specs[revoke], revokes[revoke] = spec, spec, true
    else
      specs[n] = spec
    end
    i = i + 10
  end
  return specs, i
end
