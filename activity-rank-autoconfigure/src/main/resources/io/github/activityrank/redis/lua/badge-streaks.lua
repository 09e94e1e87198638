-- module badge-streaks: the streak badges (docs/badges.md), composed after the streaks module only
-- when a streak badge is configured. An award that marked the user's day reads the current run
-- from the user's streak bucket (its header: start u24, last u24) and grants the tiers it reached;
-- the run grows by one a day, so a tier is granted on the day the run reaches it.

local badge_streak_award = award

local function award(spec, member, field, first)
  local status, points = badge_streak_award(spec, member, field, first)
  if status == 0 and (streak_any or streak_rules[spec.rule]) then
    local value = redis.call('HGET', KEYS[first + streak_offset], member)
    if value then
      local length = streak_number(value, 4, 3) - streak_number(value, 1, 3) + 1
      badge.defs().crossed(badge.streaks, member, length - 1, length) -- crossed: made by defs
    end
  end
  return status, points
end
