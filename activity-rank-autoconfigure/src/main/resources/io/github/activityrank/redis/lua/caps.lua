-- module caps: daily, weekly and monthly caps. A cap counter is a field of the user's record, week
-- or month hash: '#cap' counts the points under caps over all rules, '#cap:<rule>' those of one
-- rule. Counters change only while a cap applies: a rule without caps writes none.

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

