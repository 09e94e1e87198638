-- module items-none: composed in place of items when no item type is configured.
local items_on = false
local function item_after() end
local function item_next() end
