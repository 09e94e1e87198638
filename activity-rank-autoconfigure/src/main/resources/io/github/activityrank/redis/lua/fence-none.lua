-- module fence-none: the score script of every call that comes from no stream: no fence (see the
-- fence module), and score-main pays one test per command for it.
local fence = false
