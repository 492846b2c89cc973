"""shapes_run -- Arbor on the shapes people bring (bench/shapes.py), beside the tools and floors for each.

Called by run.py; every figure from one run. Memory is the peak of the whole session, so it is taken at the
state the user waits for (the whole file indexed, the long column open, the directory sorted).
"""
import os, resource, statistics, subprocess, sys, time


def floor(label, command, runs):
    """A command run to its end outside a terminal (jq, Python): wall time and its own peak memory."""
    times, peaks = [], []
    for _ in range(runs):
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        times.append((time.perf_counter() - started) * 1000)
        peaks.append(usage.ru_maxrss)
        if status:
            sys.stderr.write(f'shapes: {label} failed with status {status}\n')
            return {}
    print(f'  {label}: {sum(times) / 1000:.1f} s', file=sys.stderr, flush=True)
    return {'first_frame_ms': {'median': statistics.median(times)}, 'rss_kb': {'median': statistics.median(peaks)}}


def run(measure, record, installed, arbor, files, runs, smoke):
    """Measures every shape; `measure` and `record` are run.py's."""
    json_floors = [] if smoke else [
        ('jq', lambda path: ['jq', 'length', path]),
        ('python', lambda path: [sys.executable, '-c', 'import json, sys; json.load(open(sys.argv[1], "rb"))', path]),
    ]
    print('shapes people bring', file=sys.stderr)
    api = files['api-100mb.json']
    scale = 100 if smoke else 1
    # A large document's first screen comes before its whole index, its open lists' counts pending: the first
    # frame compared with the peers is the one with the whole file indexed (every count shown).
    record('api', 'arbor', measure('arbor', [arbor, api], rf'statuses[^\n]*\b{20_000 // scale}\b[\s\S]*1 of', runs=runs,
                                   keys='Right Down Right'))
    for label, command in json_floors:
        if installed(command(api)[0]):
            record('api', label, floor(label, command(api), runs=max(1, runs // 2)))
    big = files['api-1gb.json']
    # Five runs: the whole index takes half a second, and one slow run of two moved the median by a fifth.
    record('api-1gb', 'arbor', measure('arbor', [arbor, big], r'\[9\][\s\S]*1 of', runs=1 if smoke else 5, warmup=1,
                                       keys='Right', timeout=180))
    # Right on the first response while the rest is indexed: from the key to its members on screen.
    record('api-1gb-first', 'arbor', measure('arbor', [arbor, big], r'\[0\][\s\S]*1 of', runs=1 if smoke else 3, warmup=1,
                                             probes=(r'Right=┌ \[0\] ─',), timeout=180))
    # The same file one level down a directory: Right on it, from the key to its members on screen.
    into = os.path.join(os.path.dirname(big), 'into-dir')
    os.makedirs(into, exist_ok=True)
    if not os.path.lexists(os.path.join(into, 'api-1gb.json')):
        os.symlink(big, os.path.join(into, 'api-1gb.json'))
    record('into-1gb', 'arbor', measure('arbor', [arbor, into], r'api-1gb\.json[\s\S]*1 of', runs=1 if smoke else 3, warmup=1,
                                        probes=(r'Right=┌ api-1gb\.json ─[\s\S]*\[0\]',), timeout=180))
    for label, command in json_floors:
        if installed(command(big)[0]):
            record('api-1gb', label, floor(label, command(big), runs=1))
    # The same statuses in other shapes of 1 GB: one minified line, one object of 200,000 members, 1,000 levels.
    count = 200_000 // (1000 if smoke else 1)
    for scenario, name, expect in [('line-1gb', 'line-1gb.json', rf'statuses +▷ {count}\b'),
                                   ('map-1gb', 'map-1gb.json', rf'▶ {count}\b'),
                                   ('deep-1gb', 'deep-1gb.json', r'▶ 3\b[\s\S]*inner +▷ 3\b')]:
        record(scenario, 'arbor', measure('arbor', [arbor, files[name]], expect, runs=1 if smoke else 5, warmup=1, timeout=180))
        for label, command in json_floors:
            if installed(command(files[name])[0]):
                record(scenario, label, floor(label, command(files[name]), runs=1))
    flat = files['flat-1m.json']
    record('flat', 'arbor', measure('arbor', [arbor, flat], rf'\b{1_000_000 // scale}\b[\s\S]*\[0\][\s\S]*1 of', runs=runs,
                                    keys='End PgUp Home'))
    record('flat-first', 'arbor', measure('arbor', [arbor, flat], r'\[0\][\s\S]*1 of', runs=runs))
    record('flat-tree', 'arbor', measure('arbor', [arbor, '--format', 'tree', flat], r'person 0[\s\S]*1 of', runs=runs,
                                         keys='End PgUp Home'))
    for label, command in json_floors:
        if installed(command(flat)[0]):
            record('flat', label, floor(label, command(flat), runs=max(1, runs // 2)))
    table = files['table-1m.csv']
    # The whole table read: the second row's count shown (the first rows come before, their counts pending).
    record('csv', 'arbor', measure('arbor', [arbor, table], r'unit 0[\s\S]*unit 1 [^\n]*\b20\b[\s\S]*1 of', runs=runs,
                                   keys='End Right'))
    record('csv-first', 'arbor', measure('arbor', [arbor, table], r'unit 0[\s\S]*1 of', runs=runs))
    if installed('python3') and not smoke:
        record('csv', 'python', floor('python', [sys.executable, '-c', 'import csv, sys\nfor row in csv.reader(open(sys.argv[1])): pass',
                                                 table], runs=max(1, runs // 2)))
    if installed('vd') and not smoke:
        record('flat', 'visidata', measure('visidata', ['vd', flat], r'person 0\b', runs=1, warmup=0, timeout=300))
        record('csv', 'visidata', measure('visidata', ['vd', table], r'unit 0 ', runs=1, warmup=0, timeout=300))
    wide = files['wide-1m.json']
    count = 1_000_000 // (100 if smoke else 1)
    record('wide-json', 'arbor', measure('arbor', [arbor, wide], rf'child 0000000[\s\S]*1 of {count}',
                                         runs=runs, keys='End PgUp Home'))
    # The same list as outline rows: a move past the screen fills its placeholder rows.
    record('wide-outline', 'arbor', measure('arbor', [arbor, '--layout', 'outline', wide], r'child 0000000[\s\S]*1 of',
                                            runs=runs, keys='End PgUp Home'))
    # The same file as a document: the root's members first, then Enter on `children` opens the long column.
    record('wide-doc', 'arbor', measure('arbor', [arbor, '--format', 'document', wide], rf'children[^\n]*\b{count}\b[\s\S]*1 of',
                                        runs=runs))
    record('wide-doc-enter', 'arbor', measure('arbor', [arbor, '--format', 'document', wide], rf'children[^\n]*\b{count}\b[\s\S]*1 of',
                                              runs=runs, keys='Down Down Right End PgUp'))
    record('wide-paths', 'arbor', measure('arbor', [arbor, files['wide-1m.txt']], rf'f0000000\.txt[\s\S]*(?m: of {count} *$)',
                                          runs=runs, keys='End PgUp Home'))
    record('wide-sqlite', 'arbor', measure('arbor', [arbor, files['wide-1m.sqlite'], '--table', 'nodes'],
                                           r'root[\s\S]*1 of 1', runs=runs, keys='Right End PgUp Home'))
    import crossing_run
    crossing_run.run(measure, record, floor, installed, arbor, os.path.dirname(big), runs, smoke)
