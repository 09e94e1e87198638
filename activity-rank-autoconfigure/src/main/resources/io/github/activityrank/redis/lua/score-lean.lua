-- module score-lean: the short way through the score script, for a batch that needs none of
-- the features the modules after this one add (ScoreScript.lean decides; docs/redis-layout.md,
-- "The lean path"). It comes right after common, before any other module, and returns before
-- they run, so a lean call pays for none of their definitions. ARGV[1] is 'lean':
--   ARGV[2]  number of commands
--   ARGV[3]  TTL in ms of a record created today
--   ARGV[4]  today's boards, "keyIdx:ttlMs:largest,..." (ttl -1: never expires; plain points)
--   ARGV[5]  registryIdx, the registry of challenges (id -> end)
--   ARGV[6]  at, the earliest instant of the commands, epoch ms
--   ARGV[7]  own, '1' when each command carries its instant as a fourth argument
--   ARGV[8]  removedIdx, the removal markers (member -> epoch ms of the removal)
--   ARGV[9]  rulesIdx, the registry of rules (number -> rule; see common: record_value)
--   ARGV[10] the index of the first record key, minus one
--   ARGV[11] S, the number of specs; then three arguments per spec: points, rule ('' for explicit
--            points), number (the rule's number in record values, 0 for explicit points)
--   ARGV[...] then three arguments per command (four when own): spec (the number of an award's
--            spec, 'r' for a revoke), member, field, and its instant in epoch ms
-- KEYS: the boards, the registries and markers above, then today's record hash of each command,
-- in the order of the commands (KEYS[ARGV[10] + c] for command c).
-- Returns points * 8 + status per command, as the full script does, for the commands it applied
-- in order: it stops before the first one it cannot take (a revoke whose award is not in today's
-- record, a penalty given back) and takes nothing while a challenge may run: its reply is then
-- { -1 } (LeanScoreCall.CHALLENGES_RUN). The caller
-- sends the commands it did not apply to the full script, so each user's commands keep their
-- order.

if ARGV[1] == 'lean' then
  local record_ttl = ARGV[3]
  local registry, at, own = KEYS[tonumber(ARGV[5])], tonumber(ARGV[6]), ARGV[7] == '1'
  -- a challenge that may run in this batch needs the challenges module: the full script
  if redis.call('ZRANGEBYSCORE', registry, '(' .. int(at), '+inf', 'LIMIT', 0, 1)[1] then
    return { -1 }
  end
  local removed = KEYS[tonumber(ARGV[8])]
  local any_removed = redis.call('EXISTS', removed) == 1
  local rules = KEYS[tonumber(ARGV[9])]
  local records = tonumber(ARGV[10])

  -- the boards, as parallel lists (numeric loops: no iterator calls per award). ceiling bounds
  -- a board's highest score (false: the board does not exist), read once per call and raised by
  -- each increment, as in boards-plain; room is the least any board has left to its largest
  -- score, so an award of no more points needs no board read
  local keys, ttls, largest, ceiling = {}, {}, {}, {}
  local nb, room = 0, math.huge
  local function read_ceiling(k)
    local top = redis.call('ZREVRANGE', keys[k], 0, 0, 'WITHSCORES')
    ceiling[k] = top[2] and tonumber(top[2]) or false
    room = math.min(room, largest[k] - (ceiling[k] or 0))
  end
  for idx, ttl, most in string.gmatch(ARGV[4], '(%d+):(-?%d+):(%d+)') do
    nb = nb + 1
    keys[nb], ttls[nb], largest[nb] = KEYS[tonumber(idx)], ttl, tonumber(most)
    read_ceiling(nb)
  end
  -- take points from a member; at zero or less it leaves (and may take the board with it)
  local function take(k, member, text)
    if tonumber(redis.call('ZINCRBY', keys[k], text, member)) <= 0 then
      redis.call('ZREM', keys[k], member)
      read_ceiling(k)
    end
  end
  -- whether points more keep the member within every board's largest score
  local function fits(member, points)
    for k = 1, nb do
      if (ceiling[k] or 0) + points > largest[k]
          and (tonumber(redis.call('ZSCORE', keys[k], member)) or 0) + points > largest[k] then
        return false
      end
    end
    return true
  end

  -- the specs, by their argument ('1', '2', ...), so a command finds its own without tonumber
  local specs, i = {}, 12
  for s = 1, tonumber(ARGV[11]) do
    local number = tonumber(ARGV[i + 2])
    local spec = { points = tonumber(ARGV[i]), rule = ARGV[i + 1], number = number }
    if number == 0 then -- explicit points: no rule to check in the registry
      spec.checked, spec.value, spec.text = true, record_value(spec, spec.points), int(spec.points)
    end
    specs[tostring(s)] = spec
    i = i + 3
  end

  local out, c = {}, 0
  for i = i, #ARGV, own and 4 or 3 do
    c = c + 1
    local spec, member, field, record = specs[ARGV[i]], ARGV[i + 1], ARGV[i + 2], KEYS[records + c]
    if own then
      at = tonumber(ARGV[i + 3])
    end
    local t = spec and any_removed and redis.call('HGET', removed, member)
    if t and at <= tonumber(t) then
      out[c] = 6
    elseif spec then
      if not spec.checked then
        -- the rule's number: written when missing, not used when another name holds it
        spec.checked = true
        local name = redis.call('HGET', rules, spec.number)
        if not name then
          redis.call('HSET', rules, spec.number, spec.rule)
        elseif name ~= spec.rule then
          spec.number = false
        end
        spec.value = record_value(spec, spec.points)
        spec.text = int(spec.points)
      end
      local points = spec.points
      local created = redis.call('EXISTS', record) == 0
      if redis.call('HSETNX', record, field, spec.value) == 0 then
        out[c] = 1
      elseif points > room and points > 0 and not fits(member, points) then
        redis.call('HDEL', record, field)
        out[c] = 5
      else
        if created then
          redis.call('PEXPIRE', record, record_ttl)
        end
        if points > 0 then
          for k = 1, nb do
            redis.call('ZINCRBY', keys[k], spec.text, member)
            if not ceiling[k] and ttls[k] ~= '-1' then
              redis.call('PEXPIRE', keys[k], ttls[k])
            end
            ceiling[k] = (ceiling[k] or 0) + points
          end
          room = room - points
        else
          for k = 1, nb do
            take(k, member, spec.text)
          end
        end
        out[c] = points * 8
      end
    else
      local held = redis.call('HMGET', record, field, '#ch:' .. field)
      local points = held[1] and points_in(held[1])
      if not points or points < 0 then
        return out -- not in today's record, or a penalty to give back: the full script's
      end
      redis.call('HDEL', record, field, '#ch:' .. field)
      local text = int(-points)
      for k = 1, nb do
        take(k, member, text)
      end
      out[c] = points * 8 + 3
    end
  end
  return out
end
