-- module award-fields: what the modules that keep a field of their own beside an award's (items
-- '#i:', scopes '#s:') share, on score-args' record prefixes. Composed right after award, only when
-- an item type or a scope kind is configured, so other calls make none of its closures.

-- the key space's base of a record key (its part before ':rec:'), and a key of that space written
-- relative to it, so that a rebuild's staged record names the live keys once it is switched (the
-- items module stores keys so, the scopes module names its keys from the base; a key written in
-- full is used as it is)
local function base_of(record)
  return string.match(record, '^(.-):rec:%d+:')
end
local function relative(base, key)
  return (string.sub(key, 1, #base) == base) and string.sub(key, #base + 1) or key
end

-- a reserved field an award wrote for a module (items '#i:', scopes '#s:'), which its revoke takes
-- away: found in today's record, else in the record of the older day it searches, then deleted
-- (journaled); its value and record, or nil
local function take_award_field(member, first, name)
  local record = KEYS[first]
  local held = redis.call('HGET', record, name)
  if not held then
    local _
    _, held, record = find_older(record_prefix, member, days - 1, name)
  end
  if held then
    redis.call('HDEL', record, name)
    wrote('h', record, name, held)
  end
  return held, record
end
