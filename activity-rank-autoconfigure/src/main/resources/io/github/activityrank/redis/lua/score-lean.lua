-- module score-lean: the short way through the score script, for a batch that needs no module
-- after this one (LeanScoreCall decides and writes its arguments; docs/redis-award-script.md, "The
-- lean path", lists them). It comes after common, caps, records and challenges and returns before the
-- later modules are defined, so a lean call pays for none of their definitions. ARGV[1] is
-- 'lean'; KEYS[ARGV[10] + (c - 1) * ARGV[11] + 1] is command c's record of today.
-- Returns points * 8 + status per command, as the full script does, for the commands it applied
-- in order: it stops before the first one it cannot take (a revoke of an award of an older day,
-- a penalty given back); the caller sends the rest to the full script, so each user's commands
-- keep their order.

if ARGV[1] == 'lean' then
  local record_ttl = ARGV[3]
  registry_idx, at, own_times = tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[7] ~= '0'
  earliest, earliest_text, open_idx, now_ms = at, ARGV[6], tonumber(ARGV[14]), tonumber(ARGV[15])
  challenge_prefix, joined_prefix, challenge_dense_prefix = ARGV[16], ARGV[17], ''
  challenge_largest, challenge_timed = tonumber(ARGV[18]), ARGV[19] == '1'
  -- while a challenge may run (one ZRANGEBYSCORE of the registry), awards reach its boards
  local challenges_on = challenges_run()
  local removed, rules = KEYS[tonumber(ARGV[8])], KEYS[tonumber(ARGV[9])]
  -- the removal flag exists while any user's marker ({prefix}:removed:<member>) may
  local any_removed = redis.call('EXISTS', removed) == 1 and removed .. ':'
  local first_key, per_command = tonumber(ARGV[10]), tonumber(ARGV[11])
  local week_ttl, month_ttl = ARGV[12], ARGV[13]

  -- the boards, as parallel lists (numeric loops: no iterator calls per award). On plain boards
  -- ceiling bounds the highest score (false: the board does not exist), read once per call and
  -- raised by each increment, as in boards-plain; room is the least any plain board has left to
  -- its largest score, so an award of no more points reads no member's score. A board with a
  -- time part (base: its time part, or with own instants its base for time_at) reads a member's
  -- score once per call (ZSCORE) and writes the new one (ZADD), as boards-layout; its ceiling
  -- only tells whether it exists.
  local keys, ttls, largest, ceiling, base, time, scores = {}, {}, {}, {}, {}, {}, {}
  local nb, room, any_timed = 0, math.huge, false
  local function read_ceiling(k)
    if base[k] then
      ceiling[k] = redis.call('EXISTS', keys[k]) == 1
      return
    end
    local top = redis.call('ZREVRANGE', keys[k], '0', '0', 'WITHSCORES') -- text: no number to format
    ceiling[k] = top[2] and tonumber(top[2]) or false
    room = math.min(room, largest[k] - (ceiling[k] or 0))
  end
  for idx, ttl, most, t in string.gmatch(ARGV[4], '(%d+):(-?%d+):(%d+):(-?%d+)') do
    nb = nb + 1
    keys[nb], ttls[nb], largest[nb], scores[nb] = KEYS[tonumber(idx)], ttl, tonumber(most), {}
    base[nb] = t ~= '-1' and tonumber(t)
    time[nb] = base[nb]
    any_timed = any_timed or base[nb] ~= false
    read_ceiling(nb)
  end
  -- a member's points on a board and its score (nil when not on it), read once per call on a board
  -- with a time part; on a plain one, whose ZINCRBYs learn no score, each time (only near its largest)
  local function held(k, member)
    local score = scores[k][member]
    if score == nil then
      score = tonumber(redis.call('ZSCORE', keys[k], member)) or false
      if base[k] then
        scores[k][member] = score
      end
    end
    if not score then
      return 0, nil
    end
    return base[k] and math.floor(score / TIME_SPAN) or score, score
  end
  -- whether points more keep the member within the largest score of today's boards (1 to np)
  -- and of the challenge boards reached (board tables of the challenges module, with their index k)
  local np = nb
  local function over(k, member, points)
    return (base[k] or (ceiling[k] or 0) + points > largest[k]) and held(k, member) + points > largest[k]
  end
  local function fits(member, points, reached)
    for k = 1, np do if over(k, member, points) then return false end end
    for r = 1, #reached do if over(reached[r].k, member, points) then return false end end
    return true
  end
  -- the challenge boards an award reaches (or a revoke takes back from): each joins the lists
  -- (board.k, its index) when the call first reaches it, and takes the command's time part
  local function indexed(boards)
    for b = 1, #boards do
      local board = boards[b]
      local k = board.k
      if not k then
        nb = nb + 1
        k, board.k = nb, nb
        keys[k], ttls[k], largest[k], scores[k], base[k] = board.key, board.ttl, board.largest, {}, board.time or false
        read_ceiling(k)
      end
      time[k] = board.time
    end
    return boards
  end
  -- add points (a penalty when negative; text: them as text) to a member; at zero or less it leaves.
  -- A penalty never creates a board or a member; a revoke (keep) keeps the member's time part.
  local function add(k, member, points, keep, text)
    local key, existed = keys[k], ceiling[k]
    if not base[k] then
      if points <= 0 then
        if existed and tonumber(redis.call('ZINCRBY', key, text, member)) <= 0 then
          redis.call('ZREM', key, member)
          read_ceiling(k)
        end
        return
      end
      redis.call('ZINCRBY', key, text, member)
      ceiling[k] = existed and existed + points or points
    else
      local old, score = held(k, member)
      if not score and points <= 0 then
        return
      end
      if old + points <= 0 then
        redis.call('ZREM', key, member)
        scores[k][member] = false
        return read_ceiling(k)
      end
      score = (old + points) * TIME_SPAN + (keep and score % TIME_SPAN or time[k])
      redis.call('ZADD', key, score_text(score), member) -- each score once: not cached
      scores[k][member], ceiling[k] = score, score
    end
    if not existed and ttls[k] ~= '-1' then
      redis.call('PEXPIRE', key, ttls[k])
    end
  end

  -- add points to a member on today's boards, then on the challenge boards reached
  local function add_all(reached, member, points, keep)
    local text = int(points)
    for k = 1, np do add(k, member, points, keep, text) end
    for r = 1, #reached do add(reached[r].k, member, points, keep, text) end
  end

  -- the record key prefixes older days' searches use, then the specs (caps: lean_specs)
  local prefixes = {}
  for r = 1, tonumber(ARGV[20]) do prefixes[r] = ARGV[20 + r] end
  local specs, i, revokes = lean_specs(22 + #prefixes)

  local ARGV, KEYS, redis = ARGV, KEYS, redis -- the loop's globals as locals: a global is a lookup per use
  local out, c = {}, 0
  local ats = own_times and (any_timed or any_removed or challenges_on) and instants_after(earliest, ARGV[7])
  for i = i, #ARGV, 3 do
    c = c + 1
    local spec, member, field = specs[ARGV[i]], ARGV[i + 1], ARGV[i + 2]
    local revoke = revokes[ARGV[i]]
    local key = first_key + (c - 1) * per_command
    local record = KEYS[key + 1]
    -- a command's own instant (ats, parsed only then) matters to a time part, removal or challenge
    if ats then
      at = ats[c]
      for k = 1, any_timed and np or 0 do
        time[k] = base[k] and time_at(base[k], at)
      end
    end
    local t = not revoke and any_removed and redis.call('GET', any_removed .. member)
    if t and at <= tonumber(t) then
      out[c] = 6
    elseif not revoke then
      -- the rule's number, from the registry of rules at its spec's first award in the call
      spec.number = spec.number or rule_number(rules, spec.rule)
      spec.value = spec.value or record_value(spec, spec.points)
      local points, status = spec.points, 0
      local created -- whether the award makes today's record, which then needs its TTL
      -- the challenge boards the award reaches (indexes) and the stamp its record keeps of them,
      -- learned once it is known to score
      local reached, stamp = NO_BOARDS, ''
      -- the week and month hashes, named only when a rule of the call has weekly or monthly caps
      local week, month = per_command > 1 and KEYS[key + 2], per_command > 1 and KEYS[key + 3]
      if spec.older > 0 and find_older(prefixes, member, spec.older, field) then
        status = 1 -- once per ever: awarded on an older day
      else
        -- with caps, counted first and taken back when the caps leave less or the award does not go
        -- ahead (caps: count_up); a record that day counters would create is found by their start
        local capped = spec.has_caps and points > 0
        created = not (capped and spec.day[1]) and redis.call('EXISTS', record) == 0
        if redis.call('HSETNX', record, field, spec.value) == 0 then
          status = 1
        else
          local left, da, db, wa, wb, ma, mb = points
          if capped then
            local text = int(points)
            left, da, db = count_up(record, spec.day, spec.day_caps, text, points, left)
            left, wa, wb = count_up(week, spec.week, spec.week_caps, text, points, left)
            left, ma, mb = count_up(month, spec.month, spec.month_caps, text, points, left)
          end
          if capped and left <= 0 then
            status = 2
          else
            if challenges_on then
              reached, stamp = challenges_reached(spec, member)
              indexed(reached)
            end
            if left > 0 and (left > room or any_timed) and not fits(member, left, reached) then
              status = 5
            end
          end
          local back = (status == 0) and points - left or points
          if capped and back > 0 then
            count_down(record, spec.day, da, db, back)
            count_down(week, spec.week, wa, wb, back)
            count_down(month, spec.month, ma, mb, back)
          end
          if status ~= 0 then
            redis.call('HDEL', record, field) -- the field was all this award wrote
          elseif capped then
            if left < points then
              points = left
              redis.call('HSET', record, field, record_value(spec, points))
            end
            new_ttl(record, spec.day, da, db, spec.points, record_ttl)
            new_ttl(week, spec.week, wa, wb, spec.points, week_ttl)
            new_ttl(month, spec.month, ma, mb, spec.points, month_ttl)
          end
          if status == 0 and stamp ~= '' then
            redis.call('HSET', record, CHALLENGES .. field, stamp)
          end
        end
      end
      if status == 0 then
        if created then
          redis.call('PEXPIRE', record, record_ttl)
        end
        add_all(reached, member, points, false)
        room = points > 0 and room - points or room
      end
      out[c] = (status == 0) and points * 8 or status
    else
      local given = redis.call('HMGET', record, field, CHALLENGES .. field)
      local points = given[1] and points_in(given[1])
      if not points and not find_older(prefixes, member, #prefixes - 1, field) then
        out[c] = 4 -- in no record: nothing to revoke
        points = false
      elseif not points or points < 0 then
        return out -- an older day's award, or a penalty to give back: the full script's
      end
      if points then
        redis.call('HDEL', record, field, CHALLENGES .. field)
        for h = 1, spec.has_caps and per_command or 0 do -- the record, then week and month hashes
          release_caps(KEYS[key + h], spec, points)
        end
        -- the challenge boards the award reached, from its record's stamp, that still run with the user
        local reached = (challenges_on and given[2])
          and indexed(challenges_to_revoke(given[2], member, given[1], spec, rules)) or NO_BOARDS
        add_all(reached, member, -points, true)
        out[c] = points * 8 + 3
      end
    end
  end
  return out
end
