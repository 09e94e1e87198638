-- module items: item boards, fed by the award and revoke of the same call (docs/items.md).
-- Composed after award and before score-main only when activity-rank.items is configured.
-- ARGV[tail] (the last argument, or the one before the scopes module's tail) is the index of this
-- module's tail of arguments, written by ItemArgs:
--   origin        the hot boards' fixed origin, epoch ms
--   T             item types in this call; per type:
--                   boards   today's item boards of its periods, "keyIdx:ttlMs,..." (ttl -1: never expires)
--                   hotIdx   the key of its hot board (0: none), then halfLifeMs
--                   keep     members kept per board
--                   U        unique-user counters, then U pairs: key prefix (the item is appended), ttlMs
--   A             application-wide active-user counters of today, then A pairs: keyIdx, ttlMs
--   per command:  type (0: no item), item member, item points
-- An award that writes the user's record of the field (awarded) or is capped stores
-- '#i:<field>' = "points|log|item|boardKey,...|hotKey" in today's record (HSETNX: the item scores
-- once per user and field), adds points to each board and log to the hot board, and counts the
-- user. A revoke finds that field on the days it searches and takes exactly that back.
-- The keys in that field are written after the key space's base (the record key's part before
-- ':rec:'), so a rebuild's staged record still names the live keys once it is switched; a key
-- written in full (records of earlier versions) is used as it is.
-- Hot board score: log2 of the sum of points * 2^((t - origin) / halfLife); no rescoring, and it
-- grows by only 1 per half-life, so it never overflows.
local items_on = true
-- item_i: the next argument of the tail not read yet
local item_i = tonumber(ARGV[tail])
local hot_origin = tonumber(ARGV[item_i])
local item_types = {}
for t = 1, tonumber(ARGV[item_i + 1]) do
  local c = item_i + 2
  local type = { boards = {}, hot = tonumber(ARGV[c + 1]), half_life = tonumber(ARGV[c + 2]),
                 keep = tonumber(ARGV[c + 3]), uniques = {} }
  for idx, ttl in string.gmatch(ARGV[c], '(%d+):(-?%d+)') do
    type.boards[#type.boards + 1] = { key = KEYS[tonumber(idx)], ttl = tonumber(ttl) }
  end
  type.hot = (type.hot > 0) and KEYS[type.hot] or nil
  local u = tonumber(ARGV[c + 4])
  for k = 1, u do
    type.uniques[k] = { prefix = ARGV[c + 3 + 2 * k], ttl = tonumber(ARGV[c + 4 + 2 * k]) }
  end
  item_types[t] = type
  item_i = item_i + 5 + 2 * u
end
item_i = item_i + 2
local active = {}
for k = 1, tonumber(ARGV[item_i]) do
  active[k] = { key = KEYS[tonumber(ARGV[item_i + 2 * k - 1])], ttl = tonumber(ARGV[item_i + 2 * k]) }
end
item_i = item_i + 1 + 2 * #active

-- a fresh key's TTL, set only by the call that creates it
local function count_user(key, ttl, member)
  local created = ttl > 0 and redis.call('EXISTS', key) == 0
  redis.call('PFADD', key, member)
  if created then
    redis.call('PEXPIRE', key, ttl)
  end
end

-- keep at most `keep` members, dropping the lowest
local function trim(key, keep)
  local card = redis.call('ZCARD', key)
  if card > keep then
    redis.call('ZREMRANGEBYRANK', key, 0, card - keep - 1)
  end
  return card
end

-- a key of the key space relative to its base (award-fields: base_of, relative) and back
local function absolute(base, name)
  return (string.sub(name, 1, 1) == ':') and (base .. name) or name
end

local function item_award(type, item, points, member, field, record)
  local lw = (type.hot ~= nil) and (math.log(points) / math.log(2) + (at - hot_origin) / type.half_life) or 0
  local base = base_of(record)
  local names = {}
  for k, board in ipairs(type.boards) do names[k] = relative(base, board.key) end
  local created = redis.call('EXISTS', record) == 0
  local held = points .. '|' .. string.format('%.17g', lw) .. '|' .. item .. '|' .. table.concat(names, ',')
    .. '|' .. (type.hot and relative(base, type.hot) or '')
  if redis.call('HSETNX', record, '#i:' .. field, held) == 0 then
    return
  end
  wrote('h', record, '#i:' .. field, false)
  if created then
    redis.call('PEXPIRE', record, record_ttl)
  end
  -- what can be taken back first; counts and trims last (see common)
  local new = {}
  for k, board in ipairs(type.boards) do
    new[k] = tonumber(redis.call('ZINCRBY', board.key, points, item))
    wrote('z', board.key, item, points)
  end
  if type.hot then
    local old = tonumber(redis.call('ZSCORE', type.hot, item))
    local score = lw
    if old then
      local high, low = math.max(old, lw), math.min(old, lw)
      score = high + math.log(1 + 2 ^ (low - high)) / math.log(2)
    end
    redis.call('ZADD', type.hot, string.format('%.17g', score), item)
    wrote('s', type.hot, item, old or false)
  end
  for _, unique in ipairs(type.uniques) do
    count_user(unique.prefix .. item, unique.ttl, member)
  end
  for k, board in ipairs(type.boards) do
    if trim(board.key, type.keep) == 1 and new[k] == points and board.ttl > 0 then
      redis.call('PEXPIRE', board.key, board.ttl)
    end
  end
  if type.hot then
    trim(type.hot, type.keep)
  end
end

local function item_revoke(member, field, first)
  local held, record = take_award_field(member, first, '#i:' .. field)
  if not held then
    return
  end
  local points, lw, item, boards, hot = string.match(held, '^(%d+)|([^|]+)|([^|]*)|([^|]*)|(.*)$')
  points = tonumber(points)
  local base = base_of(record)
  hot = (hot ~= '') and absolute(base, hot) or ''
  for name in string.gmatch(boards, '[^,]+') do
    local key = absolute(base, name)
    local left = tonumber(redis.call('ZINCRBY', key, -points, item))
    if left > 0 then
      wrote('z', key, item, -points)
    else
      redis.call('ZREM', key, item)
      if left + points > 0 then
        wrote('s', key, item, left + points)
      end
    end
  end
  if hot ~= '' then
    local old = tonumber(redis.call('ZSCORE', hot, item))
    local diff = old and (tonumber(lw) - old)
    if diff and diff < -1e-9 then
      redis.call('ZADD', hot, string.format('%.17g', old + math.log(1 - 2 ^ diff) / math.log(2)), item)
    elseif old then
      redis.call('ZREM', hot, item)
    end
    if old then
      wrote('s', hot, item, old)
    end
  end
end

-- the index of the next command's item arguments, read before the command runs (a command that
-- fails does not get to item_after)
local function item_next()
  local at_i = item_i
  item_i = (ARGV[at_i] ~= '0') and at_i + 3 or at_i + 1
  return at_i
end

-- after a command (its item arguments at at_i): status 0 awarded, 2 capped (the item still
-- counts), 3/4 a revoke
local function item_after(at_i, spec, status, member, field, first)
  local t = tonumber(ARGV[at_i])
  if spec > 0 and (status == 0 or status == 2) then
    if t > 0 then
      item_award(item_types[t], ARGV[at_i + 1], tonumber(ARGV[at_i + 2]), member, field, KEYS[first])
    end
    for _, counter in ipairs(active) do
      count_user(counter.key, counter.ttl, member)
    end
  elseif spec < 0 and status ~= 5 then
    item_revoke(member, field, first)
  end
end
