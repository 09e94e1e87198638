-- module items-none: composed in place of items when no item type is configured. score-main
-- calls item_next and item_after only while items_on, so they stay nil: no closure per call.
local items_on = false
local item_after, item_next
