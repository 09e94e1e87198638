-- module score-lean: the short way through the score script for a batch that needs no later
-- module (ScoreCallArgs writes its arguments; docs/redis-award-script.md, "The lean path"). It
-- comes after common, caps, records, challenges, badge-core, scope-core (or -none) and lean-boards
-- and returns before the later modules are defined. ARGV[1] is 'lean', ARGV[2] the header's
-- numbers. Returns points * 8 + status (or a failure's text: common, undone) per command it
-- applied, in order, stopping before one it cannot take (an older day's revoke, a penalty given
-- back), whose rest the caller sends to the full script.
if ARGV[1] == 'lean' then
  -- the replies so far (a failed command is the one after them), and what a failed command takes
  -- back besides caps' journal: an award's field and counts from claim (award-steps; caps'
  -- count_award keeps the counts), a revoke's in undo: [1] the command that last deleted its
  -- record's field, [2] and [3] what that field and its '#ch:' field held (false: nothing). Its
  -- boards need nothing: each is read before the first write and written last.
  local out, commands_at, undo = {}, 0, { 0, false, false }
  -- the header's numbers, packed as doubles in ARGV[2]: a tonumber each would cost more than a command
  local count, registry, first_at, removed_idx, rules_idx, first_key, per_command, open, now, largest, prefix_count,
    spec_count = struct.unpack('<dddddddddddd', ARGV[2])
  clock(first_at, ARGV[5], ARGV[6] ~= '0')
  -- the call: its header, then the commands after those replied to until the end or one that is the
  -- full script's (reply nil). One pcall runs it; when a command fails, the loop below takes back
  -- its writes and runs the call again for the commands after it (the header read again).
  local function lean_call(out, undo, challenges_run, lean_boards, read_specs, instants_after, own_times, earliest,
      rule_number, record_value, challenges_reached, NO_BOARDS, find_older, count_award, count_settle, claim,
      CHALLENGES, points_in, challenges_to_revoke, release_caps, clock, journal_to)
    local record_ttl = ARGV[3]
    -- while a challenge may run (one ZRANGEBYSCORE of the registry), awards reach its boards
    local challenges_on = challenges_run()
    local removed, rules = KEYS[removed_idx], KEYS[rules_idx]
    -- the removal flag exists while any user's marker ({prefix}:removed:<member>) may
    local any_removed = redis.call('EXISTS', removed) == 1 and removed .. ':'
    -- what award-steps reads that is the same for every award of the call
    local ttls, journal_counts = { record_ttl, ARGV[7], ARGV[8] }, false

    local indexed, award_fits, room, add_all, made_at, any_timed, points_before, trim, scope_board =
      lean_boards(ARGV[4], own_times, challenge_largest)

    -- the record key prefixes older days' searches use, then the specs (caps: read_specs), keyed by argument
    local prefixes = {}
    for r = 1, prefix_count do prefixes[r] = ARGV[11 + r] end
    local revokes = {}
    local specs, i = read_specs(12 + prefix_count, spec_count, revokes)
    -- the badges' arguments follow the specs, when levels or badges are configured (badge-core):
    -- the loop raises counters itself, and reads a member's points on the levels' board only once
    -- the call's awards have added enough there (gap) to bring anyone near a threshold
    i = badge and badge.setup(i, spec_count) or i
    local badge_hash = badge and badge.hash
    local badge_board = badge and badge.tracks_points and badge.board
    local badge_gap, badge_added = badge_board and points_before(badge_board, false, badge.lowest), 0
    i = scope and scope.setup(i) or i -- then scope-core's header

    local ARGV, KEYS, redis = ARGV, KEYS, redis -- the loop's globals as locals: a global is a lookup per use
    local ats = own_times and (any_timed or any_removed or challenges_on or badge) and instants_after(earliest, ARGV[6])
    local n = #out
    for i = i + n * 3, #ARGV, 3 do
      n = n + 1
      -- a command's own instant (ats, parsed only then) matters to a time part, removal, challenge or badge
      if ats then
        clock(ats[n])
        made_at(ats[n])
      end
      if written > 0 then
        journal_to(0)
      end
      local reply
      repeat
        local spec, member, field = specs[ARGV[i]], ARGV[i + 1], ARGV[i + 2]
        local revoke = revokes[ARGV[i]]
        local key = first_key + (n - 1) * per_command
        local record = KEYS[key + 1]
        local t = not revoke and any_removed and redis.call('GET', any_removed .. member)
        if t and at <= tonumber(t) then
          reply = 6 break
        elseif not revoke then
          -- the rule's number, from the registry of rules at its spec's first award in the call
          spec.number = spec.number or rule_number(rules, spec.rule)
          spec.value = spec.value or record_value(spec, spec.points)
          local points, status = spec.points, 0
          local created -- whether the award makes today's record, which then needs its TTL
          -- the challenge boards the award reaches (indexed: read before anything is written) and the
          -- stamp its record keeps of them
          local reached, stamp = NO_BOARDS, ''
          if challenges_on then
            reached, stamp = challenges_reached(spec, member)
            indexed(reached)
          end
          -- the scope boards it names (scope-core; indexed and probed as well)
          local scoped = scope and scope.reach(n, scope_board)
          -- the week and month hashes, named only when a rule of the call has weekly or monthly caps
          local week, month = per_command > 1 and KEYS[key + 2], per_command > 1 and KEYS[key + 3]
          if spec.older_count > 0 and find_older(prefixes, member, spec.older_count, field) then
            status = 1 -- once per ever: awarded on an older day
          else
            local value = scoped and spec.points ~= 0 and scope.value(scoped, spec, spec.points) or spec.value
            local by, scoped_ks, unread = n, scoped and scope.ks[scoped], any_timed and 0 or room[1]
            -- inline award-steps.lua
            if status == 0 and points < spec.points then -- what the caps leave
              redis.call('HSET', record, field, scoped and scope.value(scoped, spec, points) or record_value(spec, points))
            end
            if status == 0 and stamp ~= '' then
              redis.call('HSET', record, CHALLENGES .. field, stamp)
            end
          end
          if status == 0 then
            if created then
              redis.call('PEXPIRE', record, record_ttl)
            end
            if badge then -- counters and grants before the boards, which come last
              local counter = spec.badge_counter
              if counter == nil then
                counter = badge.counter(spec)
              end
              local count = counter and redis.call('HINCRBY', badge_hash .. member, counter.field, '1')
              if count and count >= counter.low and count <= counter.high then -- false: journaled
                count = not badge.lib().counted(spec, member, count, n) and count
              end
              if badge_board and points > 0 then
                badge_added = badge_added + points
                if not badge_gap or badge_added >= badge_gap then
                  badge.lib().rose(spec, member, points_before(badge_board, member), points, n, count)
                end
              end
            end
            scoped = points ~= 0 and scoped
            if scoped then -- its unread scope boards and scoped set: the last writes that can fail
              scope.record(scoped, member, points)
            end
            add_all(reached, member, points, false, scoped and scope.ks[scoped])
            if scoped then
              scope.tally(scoped, points, trim)
            end
            if points > 0 then
              room[1] = room[1] - points -- room: as lean-boards says
            end
          end
          reply = (status == 0) and points * 8 or status break
        end
        local given = redis.call('HMGET', record, field, CHALLENGES .. field)
        local points = given[1] and points_in(given[1])
        if not points then
          -- in no record: nothing to revoke; an older day's award is the full script's
          reply = not find_older(prefixes, member, #prefixes - 1, field) and 4 or nil break
        elseif points < 0 then
          reply = nil break -- a penalty to give back: the full script's
        end
        -- the challenge boards the award reached, from its record's stamp, that still run with the user
        local reached = (challenges_on and given[2])
          and indexed(challenges_to_revoke(given[2], member, given[1], spec, rules)) or NO_BOARDS
        redis.call('HDEL', record, field, CHALLENGES .. field)
        undo[1], undo[2], undo[3] = n, given[1] or false, given[2] or false
        for h = 1, spec.has_caps and per_command or 0 do -- the record, then week and month hashes
          release_caps(KEYS[key + h], spec, points)
        end
        if badge then
          badge.lib().count(spec, member, -1)
        end
        add_all(reached, member, -points, true)
        reply = points * 8 + 3
      until true
      if not reply then
        return
      end
      out[n] = reply
    end
  end
  -- where the commands' arguments start: after the specs, badge-core's (3 + one per spec), scope-core's
  commands_at = 12 + prefix_count + 10 * spec_count + (badge and 3 + spec_count or 0)
  commands_at = scope and commands_at + 3 + tonumber(ARGV[commands_at + 2]) or commands_at
  while true do
    -- the lean loop takes no dense boards: no dense prefix
    challenge_call(registry, open, now, largest, ARGV[9], '', ARGV[11] == '1', ARGV[10])
    local ok, failure = pcall(lean_call, out, undo, challenges_run, lean_boards, read_specs, instants_after,
      own_times, earliest, rule_number, record_value, challenges_reached, NO_BOARDS, find_older, count_award,
      count_settle, claim, CHALLENGES, points_in, challenges_to_revoke, release_caps, clock, journal_to)
    if ok then
      -- what the awards reached (badge-core), as one array after the commands' replies
      if badge and badge.out and #badge.out > 0 then
        out[#out + 1] = badge.out
      end
      return out
    end
    -- Redis failed for good on command c (in the header: on every command, one at a time): its
    -- writes taken back (common: undone); its arguments and record named as the header does
    local c = #out + 1
    local arg = commands_at + (c - 1) * 3
    local record, field = KEYS[first_key + (c - 1) * per_command + 1], ARGV[arg + 2]
    out[c] = undone(failure) -- with what badge-core journaled
    if badge and badge.command == c then
      badge.lib().forget(badge.mark)
    end
    if claim[1] == c then
      local spec, key = claim[4], first_key + (c - 1) * per_command
      if spec.capped then
        count_settle(record, per_command > 1 and KEYS[key + 2], per_command > 1 and KEYS[key + 3], spec, spec.points)
      end
      redis.call('HDEL', record, field, CHALLENGES .. field)
    elseif undo[1] == c then -- a revoke, whose fields go back
      redis.call('HDEL', record, field, CHALLENGES .. field)
      if undo[2] then redis.call('HSET', record, field, undo[2]) end
      if undo[3] then redis.call('HSET', record, CHALLENGES .. field, undo[3]) end
    end
    if c >= count then
      if badge and badge.out and #badge.out > 0 then
        out[#out + 1] = badge.out
      end
      return out
    end
  end
end
