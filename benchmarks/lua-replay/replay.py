#!/usr/bin/env python3
"""Server time per call of the composed score script's lean path against the floor script.

Replays score-script calls of B fresh awards each, built as ScoreCallArgs writes them for the
default configuration (day and month boards, one rule), against a private redis-server, and
reads Redis's own time per call from INFO commandstats. Variants cut the lean path short at
points along its header, so the fixed cost per call can be split up. Only the script under
test is loaded (SCRIPT FLUSH before each), and each arm runs in interleaved rounds.

    redis-server --port 6401 --save "" --appendonly no --daemonize yes
    python3 benchmarks/lua-replay/replay.py --port 6401 --awards 1 --calls 20000 --rounds 3

--challenges N gives every user N joined challenges that run (the floor then writes N boards more,
and one more floor arm also reads each user's joined-challenges hash);
--caps day,week,month and --earliest give the rule caps (never binding) and the tie-break time part,
and with both an arm that does only the commands no design of those features can skip;
--against DIR adds an arm composed from the modules in DIR (the working tree's for those it lacks),
to compare a change with what is checked out in the same interleaved rounds.
"""
import argparse, json, os, random, re, socket, statistics, struct, time

HERE = os.path.dirname(os.path.abspath(__file__))
LUA = os.path.join(HERE, '..', '..', 'activity-rank-autoconfigure', 'src', 'main', 'resources',
                   'io', 'github', 'activityrank', 'redis', 'lua')
MODULES = ['common', 'caps', 'records', 'challenges', 'badge-core-none', 'scope-core-none', 'lean-boards', 'score-lean',
           'boards-plain', 'score-args', 'award', 'items-none', 'score-main']
# the full script as ScoreScript composes it for a configuration with no item, streak or badge
# (the board module named apart: boards-layout for the earliest tie-break)
FULL_MODULES = ['common', 'caps', 'records', 'challenges', 'badge-core-none', 'scope-core-none', 'lean-boards',
                'score-lean', None,
                'score-args', 'boards-last', 'award', 'badges-none', 'scopes-none', 'items-none', 'fence-none',
                'score-main']
FLOOR = os.path.join(HERE, '..', 'src', 'main', 'java', 'io', 'github', 'activityrank', 'benchmarks',
                     'FloorScriptClient.java')


def composed(directory=LUA, modules=MODULES, badges=False, scopes=False):
    # as LuaScript.compose joins them; with badges, badge-core in place of badge-core-none; with
    # scopes, scope-core in place of scope-core-none (a DIR without a module: the working tree's)
    def text(m):
        m = 'badge-core' if badges and m == 'badge-core-none' else m
        m = 'scope-core' if scopes and m == 'scope-core-none' else m
        return inlined(directory, read(directory, m)) + '\n'
    return ''.join(text(m) for m in modules)


def read(directory, m):
    path = os.path.join(directory, m + '.lua')
    return open(path if os.path.exists(path) else os.path.join(LUA, m + '.lua')).read()


def inlined(directory, text):
    # as LuaScript.compose: each line '-- inline f.lua' becomes f's code (its heading comment left
    # out) at the line's indent
    def code(match):
        indent, fragment = match.group(1), read(directory, match.group(2)[:-4])
        body = re.sub(r'\A(?:--[^\n]*\n)*', '', fragment).rstrip()
        return re.sub(r'(?m)^(?=.)', indent, body)
    return re.sub(r'(?m)^([ \t]*)-- inline ([\w-]+\.lua)[ \t]*$', code, text)


def composed_full(directory=LUA, earliest=False, scopes=False):
    """The full score script (what a batch the lean loop cannot take runs), from DIR's modules;
    with scopes, as ScoreModules composes it for a scope kind (scopes, and no boards-last: its
    writes follow an award's boards)."""
    boards = 'boards-layout' if earliest else 'boards-plain'
    modules = [boards if m is None else m for m in FULL_MODULES]
    if scopes:
        modules[modules.index('scopes-none')] = 'scopes'
        modules.insert(modules.index('award') + 1, 'award-fields')
        modules.remove('boards-last')
    return composed(directory, modules, scopes=scopes)


# The least an award naming one scope id of a kind with the globals' periods (day and month) adds
# to the floor script, whatever the design: one ZINCRBY per scope board, one per board of scope
# ids, and the id the revoke takes back from kept in the award's own field (no command more). Its
# calls name per award, after the floor's arguments, the scope id, and after the records the
# award's four keys (scope boards of the day and month, the boards of scope ids of each).
SCOPE_FLOOR = """
local boards, count = tonumber(ARGV[2]), (#ARGV - 2) / 5
local n = 0
for i = 3, #ARGV, 5 do
  n = n + 1
  local record, member, field, points, id = KEYS[boards + n], ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 4]
  local created = redis.call('EXISTS', record) == 0
  if redis.call('HSETNX', record, field, points .. '|' .. id) == 1 then
    if created then redis.call('PEXPIRE', record, ARGV[1]) end
    for b = 1, boards do redis.call('ZINCRBY', KEYS[b], points, member) end
    local s = boards + count + (n - 1) * 4
    redis.call('ZINCRBY', KEYS[s + 1], points, member)
    redis.call('ZINCRBY', KEYS[s + 2], points, member)
    redis.call('ZINCRBY', KEYS[s + 3], points, id)
    redis.call('ZINCRBY', KEYS[s + 4], points, id)
  end
end
return n
"""

# a removal finding the scope boards a user is on: the user's scoped set (SADD per award), which a
# design may keep or replace by reading the boards of scope ids
SCOPE_FLOOR_SCOPED_SET = SCOPE_FLOOR.replace(
    "    redis.call('ZINCRBY', KEYS[s + 4], points, id)\n",
    "    redis.call('ZINCRBY', KEYS[s + 4], points, id)\n    redis.call('SADD', '{q}:scoped:' .. member, 'category:' .. id)\n")

SCOPE_IDS = 20  # the scope ids awards name, one each at random (ScopeCostBench's category ids)


# badge-core's arguments as BadgeScript writes them for BadgeCostBench's configuration: levels of
# the month board (key 2) and six badges, five of them decided by awards, none crossed by them; the
# numbers packed (levels' board, lowest), then the one spec's count thresholds packed
BADGE_HEADER = ['{p}:badges:', struct.pack('<2d', 2, 1000000),
                '0\n0,1000000,2000000,3000000,4000000,5000000\n'
                'praise:first:1000000;praise:many:2000000/3000000/4000000;praise:most:5000000\n'
                'rich:1000000;richer:2000000/3000000\n\n{p}:badge-holders:',
                struct.pack('<5d', 1000000, 2000000, 3000000, 4000000, 5000000)]


def badge_floor(script):
    """The floor script with the least badges of that configuration add to an award, whatever the design:
    the rule's counter raised (one HINCRBY); the level and the points badges are decided from the
    month board's score, which its ZINCRBY returns."""
    award = "    if redis.call('HSETNX', record, field, points) == 1 then\n"
    if award not in script:
        raise SystemExit('the floor script no longer awards as badge_floor expects: ' + FLOOR)
    return script.replace(award, award + "      redis.call('HINCRBY', '{q}:badges:' .. member, '#n:praise', 1)\n")


def floor_script():
    text = open(FLOOR).read().split('SCRIPT = """')[1].split('""";')[0]
    return '\n'.join(line.strip('\t') for line in text.splitlines())


def variants(score):
    early = "if ARGV[1] == 'lean' then return {} end\n"
    lean = score.index('-- module score-lean')
    loop = score.index('  local out, c = {}, 0\n')
    return {
        'arguments only': early + score,
        'modules before the lean loop': score[:lean] + early + score[lean:],
        'lean header': score[:loop] + early + score[loop:],
        'lean path': score,
    }


# The least an award with daily, weekly and monthly cap counters and the earliest tie-break on two
# boards must do: HSETNX of its field, one HINCRBY per counter (PEXPIRE of one it starts) and, per
# board, ZSCORE and ZADD of the new score with its time part. No caps that bind, no revokes.
EVERY_FEATURE_FLOOR = """
local n, part = 0, tonumber(ARGV[2])
for i = 3, #ARGV, 3 do
  local record, week, month = KEYS[3 + n * 3], KEYS[4 + n * 3], KEYS[5 + n * 3]
  n = n + 1
  local member, field, points = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if redis.call('HSETNX', record, field, points) == 1 then
    local p = tonumber(points)
    if redis.call('HINCRBY', record, '#cap', points) == p then redis.call('PEXPIRE', record, ARGV[1]) end
    if redis.call('HINCRBY', week, '#cap', points) == p then redis.call('PEXPIRE', week, ARGV[1]) end
    if redis.call('HINCRBY', month, '#cap', points) == p then redis.call('PEXPIRE', month, ARGV[1]) end
    for b = 1, 2 do
      local s = tonumber(redis.call('ZSCORE', KEYS[b], member)) or 0
      redis.call('ZADD', KEYS[b], string.format('%d', (math.floor(s / 4294967296) + p) * 4294967296 + part), member)
    end
  end
end
return n
"""


def joins_read_floor(challenges):
    """The floor script reading each awarded user's joined-challenges hash (HGETALL) before its boards:
    the least a design that keeps joins per user in Redis adds to the floor plus N ZINCRBYs, or None
    without challenges. It takes the floor's calls; the hashes are the lean calls' (replay.joined)."""
    if not challenges:
        return None
    script = floor_script()
    award = "    if redis.call('HSETNX', record, field, points) == 1 then\n"
    if award not in script:
        raise SystemExit('the floor script no longer awards as joins_read_floor expects: ' + FLOOR)
    return script.replace(award, award + "      redis.call('HGETALL', '{p}:challenges-of:' .. member)\n")


def offsets(awards):
    """The lean call's ARGV[7] for awards made at instants of their own: ms after the earliest."""
    spread = [random.randrange(50) for _ in range(awards)]
    return ','.join(str(ms - min(spread)) for ms in spread)


def calls(awards, count, challenges=0, caps=(), earliest=False, own=False, full=None, badges=False, scopes=None):
    """The lean calls, the floor script's and, with daily, weekly and monthly caps, the earliest
    tie-break and no challenges, EVERY_FEATURE_FLOOR's (else None): the same users and fields.
    With own, each award of a lean call carries its own instant, up to 49 ms after the call's
    earliest (as ingested and relayed batches do); with badges, the lean calls carry badge-core's
    arguments (BADGE_HEADER). Given a list as full, the same awards are appended to it as calls of
    the full script (as ScoreCallArgs writes them, no revoke searching older days). Given a list as
    scopes, records are named by day as RankKeys does (the scopes module finds its keys' base
    there), each award names one of SCOPE_IDS ids of one scope kind with the globals' periods, and
    triples are appended to it: the full call as ScopeArgs writes its tail, SCOPE_FLOOR's call, and
    the lean call with scope-core's header (ScopeArgs.lean)."""
    now, field = int(time.time() * 1000), 0
    lean, floor = [], []
    every = [] if set(caps) == {'day', 'week', 'month'} and earliest and not challenges else None
    # caps never bind (as the benchmark's): rule caps of the periods named
    cap = {period: ('100000' if period in caps else '') for period in ('day', 'week', 'month')}
    # as ScoreCallArgs: week and month hashes are named only for weekly or monthly caps
    per_command = 3 if set(caps) & {'week', 'month'} else 1
    # the earliest tie-break: the time part of an award made now on each board, and its largest score
    time_part, largest = ('1000', '2097151') if earliest else ('-1', '9007199254740991')
    for _ in range(count):
        keys = ['{p}:day', '{p}:month', '{p}:challenges', '{p}:challenges-open', '{p}:removed', '{p}:rules']
        # the header's numbers as ScoreCallArgs packs them: commands, registry, earliest, removal
        # markers, rules, first command key - 1, keys per command, open challenges, now, largest
        # points, record prefixes, specs
        numbers = struct.pack('<12d', awards, 3, now, 5, 6, 6, per_command, 4, now, int(largest), 0, 1)
        args = ['lean', numbers, '172800000', '1:-1:%s,2:-1:%s' % (time_part, time_part), str(now),
                offsets(awards) if own else '0', '604800000', '2678400000', '{p}:challenge:', '{p}:challenges-of:',
                '1' if earliest else '0',
                '2', '#cap:praise' if caps else '', cap['day'], '', '0', cap['week'], '', cap['month'], '',
                'praise'] + (BADGE_HEADER if badges else [])
        floor_keys = ['{q}:day', '{q}:month'] + ['{q}:challenge:c%d' % n for n in range(challenges)]
        floor_args = ['172800000', str(2 + challenges)]
        every_keys, every_args = ['{e}:day', '{e}:month'], ['172800000', time_part]
        # the full call: today's boards (no dense companion), the one day a revoke searches, the
        # spec as the lean call's, the week and month hashes, no older prefixes, the packed
        # numbers (open challenges, registry, now, largest, earliest, removal markers, rules),
        # challenges, when; then each command's spec and record index packed, member and field
        full_args = [str(awards), '172800000',
                     '1:-1:%s:%s:0,2:-1:%s:%s:0' % (largest, time_part, largest, time_part),
                     '1', '1:%s:%s:0,2:%s:%s:0' % (largest, time_part, largest, time_part),
                     '1'] + args[11:21] + ['604800000', '2678400000', '1', '1', '0', '0', '0',
                                           struct.pack('<7d', 4, 3, now, int(largest), now, 5, 6),
                                           '{p}:challenge:', '', '1' if earliest else '0', str(now), '0',
                                           '{p}:challenges-of:', b'']
        command_numbers = len(full_args) - 1
        for _ in range(awards):
            user, field = 'u%d' % random.randrange(10000), field + 1
            full_args[command_numbers] += struct.pack('<2d', 1, len(keys) + 1)
            full_args += [user, 'f%d' % field]
            keys.append(('{p}:rec:20261128:' if scopes is not None else '{p}:rec:') + user)
            if per_command == 3:
                keys += ['{p}:wsum:' + user, '{p}:msum:' + user]
            args += ['1', user, 'f%d' % field]
            floor_keys.append('{q}:rec:' + user)
            floor_args += [user, 'f%d' % field, '2', '0']
            every_keys += ['{e}:rec:' + user, '{e}:wsum:' + user, '{e}:msum:' + user]
            every_args += [user, 'f%d' % field, '2']
        lean.append((keys, args))
        if full is not None:
            full.append((keys, full_args))
        if scopes is not None:
            scopes.append(scoped(keys, full_args, floor_keys, floor_args, largest, time_part, args))
        floor.append((floor_keys, floor_args))
        if every is not None:
            every.append((every_keys, every_args))
    return lean, floor, every


def scoped(keys, full_args, floor_keys, floor_args, largest, time_part, lean_args):
    """The full call with ScopeArgs's tail, each award naming one scope id (keys shared once per
    call, as ScriptArgs.sharedKey), SCOPE_FLOOR's call of the same awards, and the lean call of
    them with scope-core's header (its keys before the records, its groups numbered per call)."""
    full_keys, args = list(keys), list(full_args)
    given, floor_args, floor_scope_keys = floor_args, list(floor_args[:2]), []
    shared, lean_keys, lean_shared, starts, groups, of = {}, list(keys[:6]), {}, {}, [], []

    def key_of(name, keys=full_keys, shared=shared):
        if name not in shared:
            keys.append(name)
            shared[name] = len(keys)
        return shared[name]
    key = key_of

    def group(sid, key):
        periods = [key('{p}:scope:category:%s:%s' % (sid, p)) for p in ('day:20261128', 'month:2026-11')]
        ids = [key('{p}:scopes:category:%s' % p) for p in ('day:20261128', 'month:2026-11')]
        return ('category|%s|0|dm|%d:-1:%s:0:%d,%d:-1:%s:0:%d'
                % (sid, periods[0], time_part, ids[0], periods[1], time_part, ids[1]))

    def lean_group(sid, at, texts):
        # scope-core's group: its numbers (where its texts start, one id, two boards of seven, none
        # read: both plain boards of a period today's boards have), then its texts (the record text,
        # one scoped-set member, one id)
        key = lambda name: key_of(name, lean_keys, lean_shared)
        numbers = [texts + 1, 1, 2, 0 if time_part == '-1' else 1]
        for p in ('day:20261128', 'month:2026-11'):
            numbers += [key('{p}:scope:category:%s:%s' % (sid, p)), -1, int(time_part),
                        key('{p}:scopes:category:%s' % p), 0, 1, 1 if time_part == '-1' else 0]
        return numbers, ['category=%s:dm' % sid, 'category:' + sid, sid]

    start = len(args) + 1
    tail = [largest, '1' if time_part != '-1' else '0', '0', '{p}:scoped:']
    sids = [('c%d' % random.randrange(SCOPE_IDS)) for _ in range(2, len(given), 4)]
    # the lean call's scope boards first, one after the other (its header names the first and last)
    first = len(lean_keys) + 1
    for sid in sids:
        for p in ('day:20261128', 'month:2026-11'):
            key_of('{p}:scope:category:%s:%s' % (sid, p), lean_keys, lean_shared)
    last = len(lean_keys)
    for sid in sids:
        for p in ('day:20261128', 'month:2026-11'):
            key_of('{p}:scopes:category:%s' % p, lean_keys, lean_shared)
    numbers, texts = [first, last, last + 1, len(lean_keys), 0 if time_part == '-1' else 1], []
    for a, sid in zip(range(2, len(given), 4), sids):
        member, field, points, revoke = given[a:a + 4]
        tail.append(group(sid, key))
        if sid not in starts:
            starts[sid] = len(sids) + 6 + len(groups)
            group_numbers, group_texts = lean_group(sid, len(groups), len(texts))
            groups += group_numbers
            texts += group_texts
        of.append(starts[sid])
        floor_args += [member, field, points, revoke, sid]
        floor_scope_keys += ['{q}:scope:category:%s:day' % sid, '{q}:scope:category:%s:month' % sid,
                             '{q}:scopes:category:day', '{q}:scopes:category:month']
    # the lean call: the header's first command key (its sixth number) counts the scope keys; the
    # header after the spec (lean calls with scopes carry no badge header here)
    numbers += of + groups
    header = ['{p}:scoped:', struct.pack('<%dd' % len(numbers), *numbers), str(len(texts))] + texts
    numbers = list(struct.unpack('<12d', lean_args[1]))
    numbers[5] = len(lean_keys)
    lean_args = [lean_args[0], struct.pack('<12d', *numbers)] + lean_args[2:]
    lean = (lean_keys + list(keys[6:]), lean_args[:21] + header + lean_args[21:])
    return (full_keys, args + tail + [str(start)]), (floor_keys + floor_scope_keys, floor_args), lean


class Client:
    def __init__(self, port):
        self.sock = socket.create_connection(('127.0.0.1', port))
        self.file = self.sock.makefile('rb')

    def call(self, *parts):
        out = [b'*%d\r\n' % len(parts)]
        for part in parts:
            part = part.encode() if isinstance(part, str) else part
            out.append(b'$%d\r\n%s\r\n' % (len(part), part))
        self.sock.sendall(b''.join(out))
        return self.read()

    def read(self):
        line = self.file.readline()
        kind, rest = line[:1], line[1:-2]
        if kind == b'-':
            raise RuntimeError(rest.decode())
        if kind == b':':
            return int(rest)
        if kind == b'$':
            n = int(rest)
            return None if n < 0 else self.file.read(n + 2)[:-2]
        if kind == b'*':
            return [self.read() for _ in range(int(rest))]
        return rest.decode()

    def evalsha_usec(self):
        stats = self.call('INFO', 'commandstats').decode()
        match = re.search(r'cmdstat_evalsha:calls=(\d+),usec=(\d+)', stats)
        return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def joined(client, now, challenges):
    """N challenges that run, joined by every user (entries as challenge-join.lua writes them)."""
    if not challenges:
        return
    start, end = now - 3600000, now + 86400000
    for n in range(challenges):
        client.call('ZADD', '{p}:challenges', str(end), 'c%d' % n)
    head = '%d:%d:%d:' % (start, end, end + 86400000)
    for user in range(10000):
        fields = []
        for n in range(challenges):
            fields += ['c%d' % n, head + '%d:' % (now + n)]
        client.call('HSET', '{p}:challenges-of:u%d' % user, *fields)


def load(client, script, setup):
    """An empty database with only this script loaded (its SHA), after the arm's setup."""
    client.call('FLUSHDB')
    client.call('SCRIPT', 'FLUSH')
    setup(client)
    return client.call('SCRIPT', 'LOAD', script)


def play(client, sha, batch):
    # a call that fails (a reply of text: its error, or a command's failure) would count less work
    # than the arm does: the replay stops instead
    for keys, args in batch:
        reply = client.call('EVALSHA', sha, str(len(keys)), *keys, *args)
        replies = reply if isinstance(reply, list) else [reply]
        if any(isinstance(r, (bytes, str)) for r in replies):
            raise SystemExit('a replayed call failed: %r' % (replies[:2],))


def run(client, script, batch, setup):
    sha = load(client, script, setup)
    calls_before, usec_before = client.evalsha_usec()
    play(client, sha, batch)
    calls_after, usec_after = client.evalsha_usec()
    return (usec_after - usec_before) / (calls_after - calls_before)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--port', type=int, default=6401)
    parser.add_argument('--awards', type=int, default=1, help='awards per call')
    parser.add_argument('--calls', type=int, default=20000)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--challenges', type=int, default=0, help='running challenges every user joined')
    parser.add_argument('--against', help='a directory of changed modules to compare, as one more arm')
    parser.add_argument('--caps', default='', help='rule caps that never bind, for example day,week,month')
    parser.add_argument('--earliest', action='store_true', help='boards with the earliest tie-break time part')
    parser.add_argument('--own', action='store_true', help='each award carries its own instant, as ingested ones')
    options = parser.parse_args()
    client = Client(options.port)
    if client.call('DBSIZE') != 0:
        raise SystemExit('database 0 of port %d is not empty: use a private server' % options.port)
    caps = tuple(c for c in options.caps.split(',') if c)
    lean, floor, every = calls(options.awards, options.calls, options.challenges, caps, options.earliest,
                                options.own)
    arms = {'floor script': (floor_script(), floor)}
    if every:
        arms['every-feature floor'] = (EVERY_FEATURE_FLOOR, every)
    if joins_read_floor(options.challenges):
        arms['floor, joins read'] = (joins_read_floor(options.challenges), floor)
    arms.update({name: (script, lean) for name, script in variants(composed()).items()})
    if options.against:
        arms['lean path, ' + os.path.basename(options.against.rstrip('/'))] = (composed(options.against), lean)
    now = int(time.time() * 1000)
    setup = lambda client: joined(client, now, options.challenges)
    figures = {name: [] for name in arms}
    for _ in range(options.rounds):
        for name, (script, batch) in arms.items():
            figures[name].append(run(client, script, batch, setup))
    client.call('FLUSHDB')
    client.call('SCRIPT', 'FLUSH')
    floor_median = statistics.median(figures['floor script'])
    print('%d award(s) per call, %d calls, %d rounds: server us per call (median, min-max), / floor'
          % (options.awards, options.calls, options.rounds))
    for name, values in figures.items():
        median = statistics.median(values)
        print('  %-30s %8.2f  (%.2f-%.2f)  %.2fx' % (name, median, min(values), max(values), median / floor_median))
    for name in figures:
        if name.startswith('lean path, '):
            # each round's ratio of the two arms run back to back, as the harness reads ratios
            ratios = [a / b for a, b in zip(figures['lean path'], figures[name])]
            print('  lean path / %s, per round: %.2fx (%.2f-%.2f)'
                  % (name[len('lean path, '):], statistics.median(ratios), min(ratios), max(ratios)))


if __name__ == '__main__':
    main()
