-- module records: a user's record hash of a day (field -> points given that day) and its week and
-- month hashes; their tallies ('#n:<rule>' counts the standing awards of a rule, '#p:<rule>' sums
-- their points; '#n:' and '#p:' for explicit points), which summaries read.

-- take a revoked award out of its record, week or month hash: its tally and, for positive points,
-- what it used of the caps. Only fields that exist are written, so an expired hash stays gone.
local function give_back(hash, spec, points)
  local held = redis.call('HMGET', hash, spec.count_field, GLOBAL_CAP, spec.rule_cap_field)
  local count = tonumber(held[1])
  if count then
    if count <= 1 then
      redis.call('HDEL', hash, spec.count_field, spec.points_field)
    else
      redis.call('HINCRBY', hash, spec.count_field, -1)
      redis.call('HINCRBY', hash, spec.points_field, -points)
    end
  end
  if points > 0 then
    release_cap(hash, GLOBAL_CAP, held[2], points)
    if spec.rule_cap_field ~= '' then release_cap(hash, spec.rule_cap_field, held[3], points) end
  end
end


-- add an award to the tally of its rule in a record, week or month hash. Week and month hashes
-- are created only by awards, and an award into a new hash always starts a tally at count 1: so
-- only then can the hash lack its TTL, and only then is it asked (ttl nil: the caller sets it).
local function tally(hash, spec, points, ttl)
  local count = redis.call('HINCRBY', hash, spec.count_field, 1)
  redis.call('HINCRBY', hash, spec.points_field, points)
  if ttl and count == 1 and redis.call('PTTL', hash) == -1 then
    redis.call('PEXPIRE', hash, ttl)
  end
end

-- the newest of the `count` days before today whose record holds the field: its day (2 = the day
-- before today), the points given and the record's key. The keys are named here, from the days'
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
