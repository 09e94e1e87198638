-- module badge-core-none: composed in place of badge-core when no level or badge is configured.
local badge = false
