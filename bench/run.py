#!/usr/bin/env python3
"""run -- Arbor and the tools people would use instead, on the same generated data, in one run.

  run.py DATA [--smoke] [--runs N] [--out docs/benchmarks.md]

Every measurement goes through ptyrun.py (a pseudo-terminal, 120x40, timed from outside). Peers that are not
installed are skipped and said so. Writes the raw lines to DATA/results.jsonl and the report to --out.
"""
import json, os, platform, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ARBOR = os.environ.get('ARBOR', os.path.join(ROOT, '.build/release/arbor'))
TREE_PEERS = ['ranger', 'lf', 'nnn', 'vifm']
SMOKE = '--smoke' in sys.argv


def measure(label, command, expect, keys='', runs=5, warmup=1, cwd=None, timeout=None, home=None, probes=()):
    timeout = timeout or (20 if SMOKE else 120)
    args = [sys.executable, os.path.join(HERE, 'ptyrun.py'), '--label', label, '--expect', expect, '--runs', str(runs),
            '--warmup', str(warmup), '--timeout', str(timeout)]
    if keys:
        args += ['--keys', keys]
    if cwd:
        args += ['--cwd', cwd]
    if home:
        args += ['--home', home]
    for probe in probes:
        args += ['--probe', probe]
    started = time.time()
    done = subprocess.run(args + ['--'] + command, capture_output=True, text=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith('{')]
    if done.returncode or not lines:
        sys.stderr.write(f'run: {label} failed:\n{done.stderr[-2000:]}\n')
    print(f'  {label}: {time.time() - started:.1f} s', file=sys.stderr, flush=True)
    return {line['metric']: line for line in lines}


def measure_in_turn(sessions, rounds, runs):
    """Measures each (label, command, expect, options) in turn, `rounds` times over, so that a drift of the machine
    over the minutes of a run falls on every program alike; a metric's median is the median of its rounds'
    medians, its min and max those of all runs."""
    batches = {}
    for _ in range(rounds):
        for label, command, expect, options in sessions:
            for metric, line in measure(label, command, expect, runs=runs, **options).items():
                batches.setdefault(label, {}).setdefault(metric, []).append(line)
    combined = {}
    for label, metrics in batches.items():
        combined[label] = {metric: {'label': label, 'metric': metric, 'n': sum(line['n'] for line in lines),
                                    'median': round(statistics.median(line['median'] for line in lines), 2),
                                    'min': min(line['min'] for line in lines), 'max': max(line['max'] for line in lines)}
                           for metric, lines in metrics.items()}
    return combined


def installed(program):
    return shutil.which(program) is not None


def fresh_home(data, name):
    home = os.path.join(data, 'home', name)
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    return home


def cpu_ticks(pid):
    with open(f'/proc/{pid}/stat') as stat:
        fields = stat.read().rsplit(')', 1)[1].split()
    return int(fields[11]) + int(fields[12])


def wait_idle(pid, quiet=1.0, timeout=600):
    """Waits until a process has used no CPU for `quiet` seconds."""
    deadline = time.time() + timeout
    last = cpu_ticks(pid)
    while time.time() < deadline:
        time.sleep(quiet)
        now = cpu_ticks(pid)
        if now - last <= 1:
            return
        last = now


def callgrind_per_key(data, json_file, keys=40):
    """Instructions per move key: callgrind with instrumentation off until the first frame is up. The keys go
    down 10 and up 10 in turn, so that each one moves the focus in both trees (a Down past the last item would
    cost less, and the trees' top columns differ in length)."""
    if not installed('valgrind'):
        return None
    sys.path.insert(0, HERE)
    import ptyrun, re
    out = os.path.join(data, 'callgrind.out')
    binary = os.path.join(data, 'arbor-nodebug')  # valgrind 3.19 cannot read the DWARF 5 of Swift binaries
    subprocess.run(['strip', '--strip-debug', '-o', binary, ARBOR], check=True)
    env = {'PATH': os.environ['PATH'], 'TERM': 'xterm-256color', 'LANG': 'C.UTF-8', 'HOME': '/tmp'}
    session = ptyrun.Session(['valgrind', '--tool=callgrind', '--instr-atstart=no', f'--callgrind-out-file={out}',
                              binary, '--cells', 'single', json_file], 120, 40, env, None)
    try:
        if session.wait_for(re.compile(r'1 of \d'), 600) is None:
            return None
        session.settle(0.3)
        # The walk ahead of a find begins when the screen rests (slowly, under valgrind): it is background work
        # once a session, not the keys', so the keys are counted once the program has gone idle.
        wait_idle(session.pid)
        subprocess.run(['callgrind_control', '-i', 'on', str(session.pid)], capture_output=True)
        for index in range(keys):
            sent = session.send('Down' if index // 10 % 2 == 0 else 'Up')
            session.settle(0.15, since=sent)
        subprocess.run(['callgrind_control', '-i', 'off', str(session.pid)], capture_output=True)
        session.send('q')
        session.settle(1)
        for _ in range(600):
            if os.waitpid(session.pid, os.WNOHANG)[0]:
                break
            time.sleep(0.1)
    finally:
        try:
            os.close(session.fd)
        except OSError:
            pass
    counted = {}
    with open(out) as profile:
        for line in profile:
            if line.startswith(('summary:', 'totals:')):
                counted[line.split(':')[0]] = int(line.split()[1])
    total = max(counted.values(), default=0)
    return total / keys if total else None


def main():
    data = os.path.abspath(sys.argv[1])
    smoke = '--smoke' in sys.argv
    runs = int(sys.argv[sys.argv.index('--runs') + 1]) if '--runs' in sys.argv else (1 if smoke else 5)
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else os.path.join(ROOT, 'docs/benchmarks.md')
    with open(os.path.join(data, 'meta.json')) as file:
        meta = json.load(file)
    tree, huge = meta['tree'], meta['huge']
    root_expect = r'a00_alpha[\s\S]*a01_'
    huge_expect = r'n\d{6}_\w+\.txt[\s\S]*n\d{6}_'
    results = {}

    def record(scenario, label, metrics):
        results.setdefault(scenario, {})[label] = metrics

    print('root of the tree', file=sys.stderr)
    tree_keys = 'Down*20 Up*20 Right Left'  # back on the first directory, so that → enters a directory everywhere
    peers = [] if smoke else [p for p in TREE_PEERS if installed(p)]
    # The programs in turn, three rounds: the budgets against nnn are within a drift of the machine's minutes.
    sessions = [('arbor', [ARBOR, tree], root_expect, {'keys': tree_keys})]
    sessions += [(peer, [peer, tree], root_expect, {'keys': tree_keys, 'home': fresh_home(data, peer)}) for peer in peers]
    for label, metrics in measure_in_turn(sessions, 1 if smoke else 3, runs).items():
        record('root', label, metrics)
    record('outline', 'arbor', measure('arbor', [ARBOR, '--layout', 'outline', tree], root_expect, runs=runs,
                                       keys='Down Right Left Right Left'))
    print('the 100,000-entry directory', file=sys.stderr)
    record('huge', 'arbor', measure('arbor', [ARBOR, huge], huge_expect, runs=runs))
    record('huge-sorted', 'arbor', measure('arbor', [ARBOR, huge], r'n000000_alpha[\s\S]*n000001_', runs=runs))
    for peer in peers:
        record('huge', peer, measure(peer, [peer, huge], huge_expect, runs=max(1, runs // 2), home=fresh_home(data, peer)))
    print('the 1,000,000-entry directory', file=sys.stderr)
    million, million_expect = meta['million'], r'n\d{7}_\w+\.txt[\s\S]*n\d{7}_'
    # Keys typed as soon as the first entries show, while the whole is read and sorted.
    record('million', 'arbor', measure('arbor', [ARBOR, million], million_expect, runs=runs, keys='Down*5'))
    record('million-sorted', 'arbor', measure('arbor', [ARBOR, million], r'n0000000_alpha[\s\S]*n0000001_', runs=runs))
    if 'nnn' in peers:
        record('million', 'nnn', measure('nnn', ['nnn', million], million_expect, runs=max(1, runs // 2),
                                         home=fresh_home(data, 'nnn'), timeout=300))
    print('path lists', file=sys.stderr)
    for name in ['paths-200k', 'paths-1m']:
        path = os.path.join(data, name + '.txt')
        with open(path, 'rb') as file:
            count = sum(1 for _ in file)
        record(name, 'arbor', measure('arbor', [ARBOR, path], r'a00_alpha', runs=runs))
        # The footer says "reading…" until the whole list is built; then it ends with the position alone.
        record(name + '-whole', 'arbor', measure('arbor', [ARBOR, path], r'a00_alpha[\s\S]*(?m:\d+ of \d+ *$)', runs=runs))
        if installed('fzf') and not smoke:
            record(name, 'fzf', measure('fzf', ['sh', '-c', f"exec fzf < '{path}'"], r'(?m)^> a00', runs=runs))
            record(name, 'fzf-all', measure('fzf-all', ['sh', '-c', f"exec fzf < '{path}'"], rf'{count}/{count}', runs=runs))
    print('JSON', file=sys.stderr)
    json_file = os.path.join(data, 'tree-1m.json')
    record('json-1m', 'arbor', measure('arbor', [ARBOR, json_file], r'a00_alpha[\s\S]*1 of', runs=runs,
                                       keys='Down*5 Right Left'))
    if installed('vd') and not smoke:
        record('json-1m', 'visidata', measure('visidata', ['vd', json_file], r'folder 0', runs=1, warmup=0, timeout=300))
    print('SQLite', file=sys.stderr)
    database = os.path.join(data, 'nodes-10m.sqlite')
    record('sqlite-10m', 'arbor', measure('arbor', [ARBOR, database, '--table', 'nodes', '--parent', 'parent'],
                                          r'node 0 alpha[\s\S]*1 of', runs=runs, keys='Right Down*5 Left'))
    sys.path.insert(0, HERE)
    import shapes, shapes_run
    files = shapes.main(data, smoke)
    shapes_run.run(measure, record, installed, ARBOR, files, runs, smoke)
    import find_run
    finds = find_run.run(measure, ARBOR, data, runs, smoke, installed)
    instructions = {}
    if not smoke:
        print('instructions per Down (callgrind)', file=sys.stderr)
        for name in ['tree-1k.json', 'tree-1m.json']:
            instructions[name] = callgrind_per_key(data, os.path.join(data, name))
    with open(os.path.join(data, 'results.jsonl'), 'w') as file:
        json.dump({'results': results, 'instructions': instructions, 'finds': finds}, file)
    sys.path.insert(0, HERE)
    import report
    import sections
    sizes = {name: os.path.getsize(os.path.join(data, name)) for name in ['tree-1m.json', 'nodes-10m.sqlite']}
    sizes.update({name: os.path.getsize(path) for name, path in files.items()})
    text = report.render(results, instructions, sizes, smoke=smoke, machine=report.machine(), finds=finds)
    if not smoke:
        # The sections this run does not write (the other scripts', rows measured by hand) are kept, after its own.
        kept = sections.others(out, text)
        with open(out, 'w') as file:
            file.write(text.rstrip('\n') + '\n' + kept if kept else text)
    print(text)
    missing = [scenario for scenario, labels in results.items() if 'first_frame_ms' not in labels.get('arbor', {})]
    if missing:
        sys.exit(f'run: Arbor showed no first frame in: {", ".join(missing)}')


if __name__ == '__main__':
    main()
