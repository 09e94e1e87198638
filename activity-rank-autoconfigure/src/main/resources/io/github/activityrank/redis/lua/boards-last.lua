-- module boards-last: composed right before award when nothing after an award writes in its
-- command (no item, streak, badge or fence module), so an award whose boards were read before its
-- first board write journals none of them (common: journal_read_boards, which this one shadows).
local journal_read_boards = false
