-- module scope-core-none: composed in place of scope-core when no scope kind is configured.
local scope = false
