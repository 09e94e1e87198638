-- module badges: levels and the count, points and streak badges in the full score script, on
-- badge-core's functions (its header says the keys, arguments and what a call reached). Composed
-- right after award, only while activity-rank.levels or activity-rank.badges is configured
-- (ScoreScript). It wraps award and revoke, so the streaks module's milestone bonus passes
-- through it too; badge-streaks, after the streaks module, wraps award again for the streak badges.
-- Reply: score-main appends what the call reached after the commands' integers, one text each.

local i = badge.setup(i, #specs) -- its arguments, then one per spec: the next module's start
badge.lib() -- its functions: the full call wraps every award with them

-- the member's points on the levels' board, after `points` were added
local function badge_points_moved(member, points)
  local score = tonumber(redis.call('ZSCORE', badge.board, member)) or 0
  local after = badge.defs().timed and math.floor(score / TIME_SPAN) or score
  badge.moved(member, after - points, after)
end

local badge_plain_award, badge_plain_revoke = award, revoke

local function award(spec, member, field, first)
  local status, points = badge_plain_award(spec, member, field, first)
  if status ~= 0 then
    return status, points
  end
  badge.count(spec, member, 1)
  if points > 0 and badge.tracks_points then
    badge_points_moved(member, points)
  end
  return status, points
end

local function revoke(spec, member, field, first)
  local status, points = badge_plain_revoke(spec, member, field, first)
  if status == 3 then
    badge.count(spec, member, -1)
  end
  -- giving a penalty back adds points
  if status == 3 and points < 0 and badge.tracks_points then
    badge_points_moved(member, -points)
  end
  return status, points
end

-- score-main's hook: what the call reached follows the commands' integers
local function badge_out(out)
  for _, text in ipairs(badge.out) do out[#out + 1] = text end
end
