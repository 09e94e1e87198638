-- module scopes-none: composed in place of scopes when no scope kind is configured. score-main
-- calls scope_next and scope_after only while scopes_on, so they stay nil: no closure per call.
local scopes_on = false
local scope_after, scope_next
