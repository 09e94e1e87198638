-- module caps: daily, weekly and monthly caps. A cap counter is a field of the user's record, week
-- or month hash: '#cap' counts the points under caps over all rules, '#cap:<rule>' those of one
-- rule. Counters change only while a cap applies: a rule without caps writes none. The full
-- script reads and counts one counter at a time (clip, use_cap), the lean loop counts before it looks.

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


-- what is left of points under one cap counted in a hash's field; points when there is no cap.
-- The read proves that use_cap's HINCRBY of that counter cannot fail: the hash is one (or absent)
-- and the counter an integer as Redis writes it (or absent); a counter that is not fails the
-- command here, before it writes, as HINCRBY would
local function clip(points, hash, cap_field, cap)
  if cap then
    local held = redis.call('HGET', hash, cap_field)
    local used = tonumber(held)
    if held and (not used or int(used) ~= held) then
      error({ err = 'ERR hash value is not an integer' })
    end
    local left = cap - (used or 0)
    if left < points then return left end
  end
  return points
end

-- count points under a cap, when the cap applies. A week or month hash is created only by its
-- cap counters, so only a counter that starts can find the hash without its TTL (ttl nil: the
-- caller sets it, as for a record). Journaled only when something after an award can fail
-- (common: journal_read_boards): clip read the counter, so this write cannot
local function use_cap(hash, cap_field, cap, points, ttl)
  if cap then
    local started = redis.call('HINCRBY', hash, cap_field, points) == points
    if journal_read_boards then
      wrote(started and 'h' or 'i', hash, cap_field, not started and points)
    end
    if started and ttl and redis.call('PTTL', hash) == -1 then
      redis.call('PEXPIRE', hash, ttl)
    end
  end
end

-- The lean loop (score-lean) counts an award first and takes back what the caps do not leave:
-- HINCRBY answers with the new count, so a cap that does not bind (most awards) costs one command
-- per counter, and no counter is read, parsed or formatted apart.

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
-- global one: no table per call); what the caps leave of `left`, and the two new counts. The
-- caller keeps the counts, to give them back if its command fails (score-lean); only while the
-- second counter is counted is the first journaled (common: wrote)
local function count_up(hash, fields, caps, text, points, left)
  local a, b
  if fields[1] then
    a = redis.call('HINCRBY', hash, fields[1], text)
    left = math.min(left, caps[1] - (a - points))
    if fields[2] then
      wrote(a == points and 'h' or 'i', hash, fields[1], a ~= points and points)
      b = redis.call('HINCRBY', hash, fields[2], text)
      written = written - 4
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
-- give a hash its TTL when count_up started every counter it keeps (points: what each counted) and
-- it has none: a week or month hash is new then, or a record that only the award's field was in
local function new_ttl(hash, fields, a, b, points, ttl)
  if fields[1] and a == points and (not fields[2] or b == points) and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
  end
end
-- the lean loop's specs from ARGV[i] on (count of them; ten arguments each, as
-- score-args reads them), by their argument ('1', '2', ...; a revoke's is '-1', ...), so a
-- command finds its own without tonumber (spec.n: its number, by which badge-core finds its
-- argument); the index after them; and the revokes' arguments as a
-- set (a lookup is cheaper than a string.byte call per command). Each call allocates as little as
-- it can: Lua's collector pays for every table in a script's fixed cost.
local function lean_specs(i, count)
  local specs, revokes = {}, {}
  for s = 1, count do
    local spec = { points = tonumber(ARGV[i]), rule = ARGV[i + 9], older = tonumber(ARGV[i + 4]), n = s }
    if ARGV[i + 2] ~= '' or ARGV[i + 3] ~= '' or ARGV[i + 5] ~= '' or ARGV[i + 6] ~= '' or ARGV[i + 7] ~= ''
        or ARGV[i + 8] ~= '' then
      spec.has_caps, spec.rule_cap_field = true, ARGV[i + 1]
      spec.rule_cap, spec.global_cap = tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
      spec.day, spec.day_caps = cap_fields(spec.rule_cap_field, spec.rule_cap, spec.global_cap)
      spec.week, spec.week_caps = cap_fields(spec.rule_cap_field, tonumber(ARGV[i + 5]), tonumber(ARGV[i + 6]))
      spec.month, spec.month_caps = cap_fields(spec.rule_cap_field, tonumber(ARGV[i + 7]), tonumber(ARGV[i + 8]))
    end
    local revoke = tostring(-s)
    specs[tostring(s)], specs[revoke], revokes[revoke] = spec, spec, true
    i = i + 10
  end
  return specs, i, revokes
end
