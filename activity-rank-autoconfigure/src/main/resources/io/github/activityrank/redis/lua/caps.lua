-- module caps: daily, weekly and monthly caps. A cap counter is a field of the user's record, week
-- or month hash: '#cap' counts the points under caps over all rules, '#cap:<rule>' those of one
-- rule. Counters change only while a cap applies: a rule without caps writes none. The full
-- script reads and counts one counter at a time (clip, use_cap), the lean loop a hash's at once.

-- give back what an award used of a cap, given the counter's value (nil when absent)
local function release_cap(hash, cap_field, used, points)
  used = tonumber(used)
  if used then
    if used <= points then
      redis.call('HDEL', hash, cap_field)
    else
      redis.call('HINCRBY', hash, cap_field, -points)
    end
  end
end


-- what is left of points under one cap counted in a hash's field; points when there is no cap
local function clip(points, hash, cap_field, cap)
  if cap then
    local left = cap - (tonumber(redis.call('HGET', hash, cap_field)) or 0)
    if left < points then return left end
  end
  return points
end

-- count points under a cap, when the cap applies. A week or month hash is created only by its
-- cap counters, so only a counter that starts can find the hash without its TTL (ttl nil: the
-- caller sets it, as for a record).
local function use_cap(hash, cap_field, cap, points, ttl)
  if cap and redis.call('HINCRBY', hash, cap_field, points) == points and ttl
      and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
  end
end

-- The lean loop (score-lean) reads a hash's counters in one HMGET and writes them in one HSET:

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
-- what the caps leave of points, given the counters' values from position `from` + 1 of used
local function clip_all(points, caps, used, from)
  for n = 1, #caps do
    points = math.min(points, caps[n] - (tonumber(used[from + n]) or 0))
  end
  return points
end
-- count points in a hash's counters (and write the award's field with them, in one HSET); a
-- week or month hash whose counters all start gets its TTL unless it has one (as use_cap). A hash
-- keeps at most two counters (the rule's and the global one), written without building a table:
-- this runs up to three times per award.
local function count_caps(hash, fields, used, from, points, ttl, ...)
  if not fields[1] then
    if ... then
      redis.call('HSET', hash, ...)
    end
    return
  end
  local first, second = tonumber(used[from + 1]), fields[2] and tonumber(used[from + 2])
  if fields[2] then
    redis.call('HSET', hash, fields[1], int((first or 0) + points), fields[2], int((second or 0) + points), ...)
  else
    redis.call('HSET', hash, fields[1], int((first or 0) + points), ...)
  end
  if ttl and not first and not second and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
  end
end
-- the lean loop's specs from ARGV[i] on (their number at ARGV[i - 1]; ten arguments each, as
-- score-args reads them), by their argument ('1', '2', ...; a revoke's is '-1', ...), so a
-- command finds its own without tonumber; and the index after them. Each call allocates as
-- little as it can: Lua's collector pays for every table in a script's fixed cost.
local function lean_specs(i)
  local specs = {}
  for s = 1, tonumber(ARGV[i - 1]) do
    local spec = { points = tonumber(ARGV[i]), rule = ARGV[i + 9], older = tonumber(ARGV[i + 4]) }
    if ARGV[i + 2] ~= '' or ARGV[i + 3] ~= '' or ARGV[i + 5] ~= '' or ARGV[i + 6] ~= '' or ARGV[i + 7] ~= ''
        or ARGV[i + 8] ~= '' then
      spec.has_caps, spec.rule_cap_field = true, ARGV[i + 1]
      spec.rule_cap, spec.global_cap = tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
      spec.day, spec.day_caps = cap_fields(spec.rule_cap_field, spec.rule_cap, spec.global_cap)
      spec.week, spec.week_caps = cap_fields(spec.rule_cap_field, tonumber(ARGV[i + 5]), tonumber(ARGV[i + 6]))
      spec.month, spec.month_caps = cap_fields(spec.rule_cap_field, tonumber(ARGV[i + 7]), tonumber(ARGV[i + 8]))
    end
    specs[tostring(s)], specs[tostring(-s)] = spec, spec
    i = i + 10
  end
  return specs, i
end
