-- module scopes-none: composed in place of scopes when no scope kind is configured.
local scopes_on = false
local function scope_after() end
local function scope_next() end
