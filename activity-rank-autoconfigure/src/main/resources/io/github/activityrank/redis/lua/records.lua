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

-- whether any of KEYS[first .. first+count-1] holds the field, checked newest first
local function find_in_records(first, count, field)
  if count <= 0 or redis.call('EXISTS', unpack(KEYS, first, first + count - 1)) == 0 then
    return nil
  end
  for k = first, first + count - 1 do
    local given = redis.call('HGET', KEYS[k], field)
    if given then
      return k, given
    end
  end
  return nil
end

