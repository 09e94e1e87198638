#!/usr/bin/env python3
"""How long one rebuild of a rolling board holds Redis: one command against calls of rolling-chunk.lua.

On a redis-server of its own (started on a free port, or --port of an empty one), N day boards of
--members members each (the same users every day, points 1-100, plain or under tie-break
"earliest") are summed into one rolling board four ways:

  ZUNIONSTORE                the whole window in one command (plain points)
  one script, earliest       the whole window in one Lua script, as before rolling-chunk.lua
  chunks, plain / earliest   calls of rolling-chunk.lua of about --chunk entries each, as
                             RollingBuilder makes them

For each: the time of the whole build, the number of calls and the longest one (round trip); the
CPU time of Redis's main thread (INFO cpu) for the whole build and for its longest call, which
does not grow with the machine's load as wall-clock time does; and what another client saw
meanwhile: a PING every 50 ms on a second connection, its longest wait and how many BUSY replies
it got (a script past lua-time-limit, 5 s of wall-clock time, makes Redis answer BUSY).

    python3 benchmarks/lua-replay/rolling_rebuild.py --members 1000000 --chunk 10000
"""
import argparse, os, shutil, socket, subprocess, tempfile, threading, time

import replay

CHUNK = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'activity-rank-autoconfigure', 'src',
                     'main', 'resources', 'io', 'github', 'activityrank', 'redis', 'rolling-chunk.lua')

# the one-script build of the earliest tie-break (KEYS: build, day boards; ARGV: unit, most, ttl,
# offsets), as it was before the chunks
ONE_SCRIPT = """
local span = 4294967296
local unit, most = tonumber(ARGV[1]), tonumber(ARGV[2])
local points, times, order = {}, {}, {}
for k = 2, #KEYS do
  local offset = tonumber(ARGV[2 + k])
  local entries = redis.call('ZRANGE', KEYS[k], 0, -1, 'WITHSCORES')
  for i = 1, #entries, 2 do
    local member, score = entries[i], tonumber(entries[i + 1])
    local p = math.floor(score / span)
    local ms = span - 1 - (score - p * span)
    if points[member] == nil then
      points[member] = 0
      order[#order + 1] = member
    end
    points[member] = points[member] + p
    times[member] = math.floor((offset + ms) / unit)
  end
end
local batch = {}
for _, member in ipairs(order) do
  local t = math.min(math.max(times[member], 0), span - 1)
  batch[#batch + 1] = math.min(points[member], most) * span + (span - 1 - t)
  batch[#batch + 1] = member
  if #batch >= 1000 then
    redis.call('ZADD', KEYS[1], unpack(batch))
    batch = {}
  end
end
if #batch > 0 then
  redis.call('ZADD', KEYS[1], unpack(batch))
end
if #order > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return { #order }
"""

# fills KEYS[1] with members ARGV[1]..ARGV[2]-1 of day ARGV[3]; ARGV[4] '1' for earliest scores
LOADER = """
local from, to, day, timed = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'
local batch = {}
for m = from, to - 1 do
  local points = 1 + (m * 31 + day * 17) % 100
  local score = points
  if timed then
    score = points * 4294967296 + (4294967295 - (m * 7 + day * 13) % 86400000)
  end
  batch[#batch + 1] = score
  batch[#batch + 1] = 'u' .. m
  if #batch >= 2000 then
    redis.call('ZADD', KEYS[1], unpack(batch))
    batch = {}
  end
end
if #batch > 0 then
  redis.call('ZADD', KEYS[1], unpack(batch))
end
return 1
"""

DAY_MS = 86400000
MOST = 2097151
TTL = 3600000


class Prober(threading.Thread):
    """PINGs on a connection of its own while an arm runs: the longest wait and the BUSY replies."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.client = replay.Client(port)
        self.stop = threading.Event()
        self.longest = 0.0
        self.busy = 0

    def run(self):
        while not self.stop.is_set():
            started = time.monotonic()
            try:
                self.client.call('PING')
            except RuntimeError as error:
                if 'BUSY' not in str(error):
                    raise
                self.busy += 1
            self.longest = max(self.longest, time.monotonic() - started)
            self.stop.wait(0.05)


def start_server():
    directory = tempfile.mkdtemp(prefix='rolling-rebuild-')
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(['redis-server', '--port', str(port), '--save', '', '--appendonly', 'no', '--dir',
                                directory], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            replay.Client(port).call('PING')
            return port, process, directory
        except OSError:
            time.sleep(0.1)
    raise SystemExit('redis-server did not answer on port %d' % port)


def load(client, prefix, members, days, timed):
    sha = client.call('SCRIPT', 'LOAD', LOADER).decode()
    boards = []
    for day in range(days):
        board = '{%s}:day:%d' % (prefix, day)
        for start in range(0, members, 50000):
            client.call('EVALSHA', sha, '1', board, str(start), str(min(start + 50000, members)), str(day),
                        '1' if timed else '0')
        boards.append(board)
    return boards


def measure(port, build):
    """Run build() (which returns its calls' (wall, cpu) durations) while the prober PINGs."""
    prober = Prober(port)
    prober.start()
    started = time.monotonic()
    durations = build()
    total = time.monotonic() - started
    prober.stop.set()
    prober.join()
    return (total, len(durations), max(wall for wall, _ in durations), sum(cpu for _, cpu in durations),
            max(cpu for _, cpu in durations), prober.longest, prober.busy)


def cpu_seconds(client):
    """CPU time of Redis's main thread so far (INFO cpu)."""
    seconds = 0.0
    for line in client.call('INFO', 'cpu').decode().splitlines():
        if line.startswith(('used_cpu_sys_main_thread:', 'used_cpu_user_main_thread:')):
            seconds += float(line.split(':')[1])
    return seconds


def timed_call(client, *parts):
    """A call's reply, wall-clock time and the main thread's CPU time meanwhile."""
    cpu = cpu_seconds(client)
    started = time.monotonic()
    reply = client.call(*parts)
    wall = time.monotonic() - started
    return reply, (wall, cpu_seconds(client) - cpu)


def chunked(client, sha, build, boards, unit, chunk):
    offsets = [str(d * DAY_MS) for d in range(len(boards))] if unit else []
    board, cursor, written, durations = 1, b'0', 0, []
    while board <= len(boards):
        reply, took = timed_call(client, 'EVALSHA', sha, str(1 + len(boards)), build, *boards, str(unit), str(MOST),
                                 str(TTL), str(board), cursor, str(written), str(chunk), *offsets)
        durations.append(took)
        board, cursor, written = reply
    return durations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--members', type=int, default=1000000, help='members of each day board')
    parser.add_argument('--days', type=int, default=7)
    parser.add_argument('--chunk', type=int, default=10000, help='entries per call of rolling-chunk.lua')
    parser.add_argument('--port', type=int, help='an empty redis-server to use instead of starting one')
    parser.add_argument('--skip-one-shot', action='store_true', help='only the chunked arms')
    options = parser.parse_args()
    process = directory = None
    port = options.port
    if port is None:
        port, process, directory = start_server()
    try:
        client = replay.Client(port)
        if client.call('DBSIZE') != 0:
            raise SystemExit('the server on port %d is not empty: use a private server' % port)
        with open(CHUNK) as text:
            chunk_sha = client.call('SCRIPT', 'LOAD', text.read()).decode()
        one_sha = client.call('SCRIPT', 'LOAD', ONE_SCRIPT).decode()
        rows = []
        for timed in (False, True):
            started = time.monotonic()
            boards = load(client, 'e' if timed else 'p', options.members, options.days, timed)
            print('%d day boards of %d members%s loaded in %.1f s' % (
                options.days, options.members, ' (earliest)' if timed else '', time.monotonic() - started),
                flush=True)
            if not options.skip_one_shot:
                if timed:
                    name, build = 'one script, earliest', lambda: [timed_call(
                        client, 'EVALSHA', one_sha, str(1 + len(boards)), '{e}:one', *boards, '1', str(MOST),
                        str(TTL), *[str(d * DAY_MS) for d in range(len(boards))])[1]]
                else:
                    name, build = 'ZUNIONSTORE', lambda: [timed_call(
                        client, 'ZUNIONSTORE', '{p}:one', str(len(boards)), *boards)[1]]
                rows.append((name,) + measure(port, build))
                print('  %s done' % name, flush=True)
            target = '{%s}:chunked' % ('e' if timed else 'p')
            name = 'chunks, ' + ('earliest' if timed else 'plain')
            rows.append((name,) + measure(port, lambda: chunked(client, chunk_sha, target, boards,
                                                                1 if timed else 0, options.chunk)))
            print('  %s done' % name, flush=True)
            if not options.skip_one_shot:
                one = '{%s}:one' % ('e' if timed else 'p')
                same = client.call('ZCARD', one) == client.call('ZCARD', target) and client.call(
                    'ZRANGE', one, '0', '99', 'WITHSCORES') == client.call('ZRANGE', target, '0', '99', 'WITHSCORES')
                print('  the chunked board equals the one-shot board (size, lowest 100): %s' % same, flush=True)
            client.call('FLUSHALL')
        load_average = os.getloadavg()
        print('%d day boards of %d members, chunks of %d entries, load %.1f %.1f %.1f:'
              % (options.days, options.members, options.chunk, *load_average))
        print('  %-22s %8s %6s %16s %8s %17s %16s %5s' % (
            'arm', 'build s', 'calls', 'longest call ms', 'CPU s', 'longest call CPU ms', 'longest PING ms', 'BUSY'))
        for name, total, calls, longest, cpu, longest_cpu, ping, busy in rows:
            print('  %-22s %8.2f %6d %16.1f %8.2f %19.1f %16.1f %5d' % (
                name, total, calls, longest * 1000, cpu, longest_cpu * 1000, ping * 1000, busy))
    finally:
        if process is not None:
            process.terminate()
            process.wait()
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == '__main__':
    main()
