-- module badges-none: composed in place of badges when no level or badge is configured; score-main
-- pays one test per call for it.
local badge_out = false
