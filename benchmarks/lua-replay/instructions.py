#!/usr/bin/env python3
"""Server instructions per award of the composed score script's lean path against the floor script.

The same calls as replay.py (which reads wall-clock time from INFO commandstats), counted in
instructions instead: a redis-server of its own runs under valgrind's callgrind, and the
counts between two dumps are the instructions Redis executed for one arm's calls, the Lua
interpreter, the commands and the conversions between them included. The count does not move
with the machine's load, so a change of a few percent shows in one run; it does not see cache
misses, so read it beside replay.py's times, not instead of them.

    python3 benchmarks/lua-replay/instructions.py --caps day,week,month --earliest [DIR ...]

Each DIR holds changed modules (the working tree's for those it lacks), one arm each. The first
--warm calls of an arm fill the keyspace and are not counted. With --caps day,week,month
--earliest one more arm, the every-feature floor, does only the commands no design of those
features can skip; with --challenges N, one more floor arm reads each user's joined challenges;
with --badges (BadgeCostBench's levels and six badges, none crossed) the lean path with them and
the floor with the one command they need. With --full, the same awards also go through the full
score script (the path of a batch the lean loop cannot take: streaks, items, dense ranks, revokes
of older days), one arm more per DIR. With --scopes, each award names one scope id of a kind with the
globals' periods: the lean path with it (scope-core, what ScoreScript runs for such an award) and,
with --full, the full script with it (what a stream's batch or one with a revoke runs), beside the
lean path of the same awards without it (records named by day in all), and the floor with the
commands no design can skip for it (replay.SCOPE_FLOOR; and with the user's scoped set). Needs
valgrind and redis-server.
"""
import argparse, glob, os, random, shutil, socket, subprocess, tempfile, time

import replay

class Callgrind:
    """A redis-server under callgrind on a free port, stopped on exit."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix='lua-instructions-')
        with socket.socket() as probe:
            probe.bind(('127.0.0.1', 0))
            self.port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            ['valgrind', '--tool=callgrind', '--callgrind-out-file=' + os.path.join(self.dir, 'cg.out'),
             'redis-server', '--port', str(self.port), '--save', '', '--appendonly', 'no', '--dir', self.dir,
             '--hz', '1', '--activerehashing', 'no'],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                self.client = replay.Client(self.port)
                self.client.call('PING')
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit('redis-server under valgrind did not answer on port %d' % self.port)

    def since_last_dump(self):
        """Instructions executed since the previous dump."""
        subprocess.run(['callgrind_control', '-d', str(self.process.pid)], capture_output=True, check=True)
        newest = max(glob.glob(os.path.join(self.dir, 'cg.out*')), key=os.path.getmtime)
        with open(newest) as dump:
            for line in dump:
                if line.startswith(('summary:', 'totals:')):
                    return int(line.split()[1])
        raise SystemExit('no totals in ' + newest)

    def close(self):
        self.process.terminate()
        self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def count(server, script, batch, warm, setup):
    sha = replay.load(server.client, script, setup)
    replay.play(server.client, sha, batch[:warm])
    server.since_last_dump()
    replay.play(server.client, sha, batch[warm:])
    return server.since_last_dump()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--awards', type=int, default=14, help='awards per call')
    parser.add_argument('--calls', type=int, default=1000, help='calls per arm, the warm ones included')
    parser.add_argument('--warm', type=int, default=800, help='calls per arm that are not counted')
    parser.add_argument('--challenges', type=int, default=0, help='running challenges every user joined')
    parser.add_argument('--caps', default='', help='rule caps that never bind, for example day,week,month')
    parser.add_argument('--earliest', action='store_true', help='boards with the earliest tie-break time part')
    parser.add_argument('--own', action='store_true', help='each award carries its own instant, as ingested ones')
    parser.add_argument('--badges', action='store_true',
                        help='levels and six badges, none crossed (BadgeCostBench): the lean path with them against '
                             'without, and the floor plus the one command they need (badge_floor)')
    parser.add_argument('--full', action='store_true', help='the same awards through the full script too')
    parser.add_argument('--scopes', action='store_true',
                        help='each award names one scope id: the full script with scopes against the lean path '
                             'without, and the floor plus the commands one scope kind needs')
    parser.add_argument('dirs', nargs='*', help='directories of changed modules, one arm each')
    options = parser.parse_args()
    random.seed(7)  # the same users and fields in every run
    caps = tuple(c for c in options.caps.split(',') if c)
    full = [] if options.full else None
    scoped = [] if options.scopes else None
    lean, floor, every = replay.calls(options.awards, options.calls, options.challenges, caps,
                                        options.earliest, options.own, full, scopes=scoped)
    badged = options.badges and replay.calls(options.awards, options.calls, options.challenges, caps,
                                             options.earliest, options.own, badges=True)[0]
    counted = options.awards * (options.calls - options.warm)
    now = int(time.time() * 1000)
    setup = lambda client: replay.joined(client, now, options.challenges)
    server = Callgrind()
    try:
        base = count(server, replay.floor_script(), floor, options.warm, setup)
        print('%d award(s) per call, %d calls counted: server instructions per award, / floor'
              % (options.awards, options.calls - options.warm))
        print('  %-30s %9.0f' % ('floor script', base / counted))
        if every:
            total = count(server, replay.EVERY_FEATURE_FLOOR, every, options.warm, setup)
            print('  %-30s %9.0f  %.2fx' % ('every-feature floor', total / counted, total / base))
        if badged:
            total = count(server, replay.badge_floor(replay.floor_script()), floor, options.warm, setup)
            print('  %-30s %9.0f  %.2fx' % ('floor, badge counter', total / counted, total / base))
        if replay.joins_read_floor(options.challenges):
            total = count(server, replay.joins_read_floor(options.challenges), floor, options.warm, setup)
            print('  %-30s %9.0f  %.2fx' % ('floor, joins read', total / counted, total / base))
        if scoped:
            for name, script in (('floor, one scope kind', replay.SCOPE_FLOOR),
                                 ('floor, scope kind, scoped set', replay.SCOPE_FLOOR_SCOPED_SET)):
                total = count(server, script, [f for _, f, _ in scoped], options.warm, setup)
                print('  %-30s %9.0f  %.2fx' % (name, total / counted, total / base))
        arms = [('lean path', replay.composed())]
        arms += [('lean path, ' + os.path.basename(d.rstrip('/')), replay.composed(d)) for d in options.dirs]
        if badged:
            arms += [('lean path, badges', replay.composed(badges=True))]
            arms += [('lean path, badges, ' + os.path.basename(d.rstrip('/')), replay.composed(d, badges=True))
                     for d in options.dirs]
        arms = [(name, script, badged if 'badges' in name.split(', ') else lean) for name, script in arms]
        if options.full:
            arms.append(('full script', replay.composed_full(earliest=options.earliest), full))
            arms += [('full script, ' + os.path.basename(d.rstrip('/')),
                      replay.composed_full(d, options.earliest), full) for d in options.dirs]
        if scoped:
            arms.append(('lean path, scopes', replay.composed(scopes=True), [c for _, _, c in scoped]))
        if scoped and options.full:
            arms.append(('full script, scopes', replay.composed_full(earliest=options.earliest, scopes=True),
                         [c for c, _, _ in scoped]))
            arms += [('full script, scopes, ' + os.path.basename(d.rstrip('/')),
                      replay.composed_full(d, options.earliest, scopes=True), [c for c, _, _ in scoped])
                     for d in options.dirs]
        for name, script, batch in arms:
            total = count(server, script, batch, options.warm, setup)
            print('  %-30s %9.0f  %.2fx' % (name, total / counted, total / base))
    finally:
        server.close()


if __name__ == '__main__':
    main()
