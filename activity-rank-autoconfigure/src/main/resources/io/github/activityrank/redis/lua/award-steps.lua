-- fragment award-steps: an award's steps, the one text of them both loops run. LuaScript.compose
-- puts it in place of each line `-- inline award-steps.lua` (in award.lua's award and in
-- score-lean.lua's loop), at that line's indent: a function call per award costs about as much
-- as a Redis command in the lean loop (docs/redis-award-script.md, "Composed scripts").
-- The place it goes names: record, field, value (the award's record value), spec, week and month
-- (its hashes, false without period caps), by (the command's mark for claim), journal_counts
-- (whether caps' counts are journaled), ttls (caps: count_settle), unread (the points no board needs
-- reading for), award_fits(member, points, reached, scoped_ks, spec) (its board module's check), member,
-- reached and scoped_ks (the challenge and scope boards the award reaches); and declares status,
-- points and created, which this sets: status 0 (it goes ahead), 1 (already awarded), 2 (capped)
-- or 5 (a board would pass its largest score); points, what it gives; created, whether it makes
-- the record, which then needs its TTL (one the day's cap counters would start is found by them:
-- caps, new_ttl). The field is noted in claim (caps) once set, and deleted unless the award goes
-- ahead; counted first under caps, then given back what the caps do not leave.
do
  local capped = spec.capped
  created = not (capped and spec.day[1]) and redis.call('EXISTS', record) == 0
  if redis.call('HSETNX', record, field, value) == 0 then
    status, points = 1, 0
  else
    claim[1], claim[2], claim[3], claim[4] = by, record, field, spec
    status, points = 0, spec.points
    if capped then
      points = count_award(record, week, month, spec, points, journal_counts)
      status = points <= 0 and 2 or 0
    end
    if status == 0 and points > 0 and points > unread and not award_fits(member, points, reached, scoped_ks, spec) then
      status = 5
    end
    if capped then
      count_settle(record, week, month, spec, status == 0 and spec.points - points or spec.points, status == 0 and ttls)
    end
    if status ~= 0 then
      redis.call('HDEL', record, field) -- the field was all it wrote, its counts given back
      claim[1] = false
    end
  end
end
