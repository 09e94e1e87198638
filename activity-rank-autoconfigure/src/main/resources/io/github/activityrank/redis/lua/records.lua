-- module records: a user's record hash of a day (field -> record_value, see common) and the
-- searches of older days' records. A record also holds reserved fields starting with '#' (cap
-- counters, the challenges an award reached, an item's share). Its week and month hashes hold
-- only the weekly and monthly cap counters, and exist only while a cap applies.

-- take back what a revoked award used of the caps counted in a record, week or month hash. Only
-- fields that exist are written, so an expired hash stays gone.
local function release_caps(hash, spec, points)
  if points <= 0 then
    return
  end
  if spec.rule_cap_field ~= '' then
    local held = redis.call('HMGET', hash, GLOBAL_CAP, spec.rule_cap_field)
    release_cap(hash, GLOBAL_CAP, held[1], points)
    release_cap(hash, spec.rule_cap_field, held[2], points)
  else
    release_cap(hash, GLOBAL_CAP, redis.call('HGET', hash, GLOBAL_CAP), points)
  end
end

-- the newest of the `count` days before today whose record holds the field: its day (2 = the day
-- before today), the value given and the record's key. The keys are named here, from the days'
-- key prefixes and the member (all in the slot of the call's KEYS), and only for a command that
-- searches: one multi-key EXISTS first asks whether any of those records exist.
local function find_older(prefixes, member, count, field)
  if count <= 0 then
    return nil
  end
  local names = {}
  for d = 2, count + 1 do
    names[d - 1] = prefixes[d] .. member
  end
  if redis.call('EXISTS', unpack(names)) == 0 then
    return nil
  end
  for d = 2, count + 1 do
    local given = redis.call('HGET', names[d - 1], field)
    if given then
      return d, given, names[d - 1]
    end
  end
  return nil
end
