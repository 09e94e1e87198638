-- module fence: each stream message once, and never after a later message of its partition. Only
-- the score script of stream batches has it (ScoreScript composes it after score-args, and the
-- streaks and items modules, before score-main; every other call composes fence-none). It is the
-- fencing token of ingestion: a consumer whose lease ran out while it was paused applies nothing
-- its successor has passed, and a message delivered twice counts once.
-- ARGV at i, after the header (and the streaks module's arguments):
--   fenceIdx   the key of this shard's fence hash, {prefix}:ingest-fence (partition stream -> id of
--              the last message of it applied here); in the slot of every other key
--   S          the number of partition streams the commands came from, then their names
--   sources    per command, in order, "s:<ms>-<seq>" (s from 1 to S, 0 for a command of no stream),
--              joined by ','
-- A command whose message id is at or below its stream's last applied id changes nothing and
-- replies status 1 (already awarded); every other command records its id once it is applied.

local fence_key = KEYS[tonumber(ARGV[i])]
local fence_streams = {}
for s = 1, tonumber(ARGV[i + 1]) do
  fence_streams[s] = ARGV[i + 1 + s]
end
local fence_sources = {}
for s, ms, seq in string.gmatch(ARGV[i + 2 + #fence_streams], '(%d+):(%d+)%-(%d+)') do
  fence_sources[#fence_sources + 1] = { tonumber(s), tonumber(ms), tonumber(seq), ms .. '-' .. seq }
end
local i = i + 3 + #fence_streams -- the next arguments' start
-- the last applied id of each stream, read once per call
local fence_last = {}

local function fence_last_of(s)
  local last = fence_last[s]
  if last == nil then
    last = false
    local id = redis.call('HGET', fence_key, fence_streams[s])
    if id then
      local ms, seq = string.match(id, '(%d+)%-(%d+)')
      last = { tonumber(ms), tonumber(seq) }
    end
    fence_last[s] = last
  end
  return last
end

local fence = {}

-- whether command n's message was applied before (at or below its stream's last applied id)
function fence.seen(n)
  local source = fence_sources[n]
  if source[1] == 0 then
    return false
  end
  local last = fence_last_of(source[1])
  return last and (source[2] < last[1] or (source[2] == last[1] and source[3] <= last[2]))
end

-- command n applied: its id is its stream's last applied one
function fence.applied(n)
  local source = fence_sources[n]
  if source[1] ~= 0 then
    redis.call('HSET', fence_key, fence_streams[source[1]], source[4])
    fence_last[source[1]] = { source[2], source[3] }
  end
end
