#!/usr/bin/env python3
"""PostgreSQL, measured from outside on a loopback server started for the run (scripts/pg-cluster.sh): a
10,000,000-row adjacency table (ten top rows, ten children each, seven levels) browsed from its first frame
(connection included) through enter and back; a node with 1,000,000 children: the first frame of the list
holding it and its child count there, its first screenful after Enter, End and Home; peak memory of those
sessions; `arbor query descendants` of a 1,111,110-node subtree: first line, whole answer and peak memory;
start-up of the binary without a PostgreSQL source, with libpq loaded into it (LD_PRELOAD) to show what
linking it would cost. psql, the client people use instead, is measured on the same questions (its cursor
mode, FETCH_COUNT, for the long answers).

    python3 bench/postgres.py ARBOR_BINARY DATA [--rows N] [--out docs/benchmarks.md]
"""
import json, os, re, resource, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paging, sections

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ROWS = int(sys.argv[sys.argv.index('--rows') + 1]) if '--rows' in sys.argv else 10_000_000
WIDE = min(1_000_000, ROWS // 10)


def start_cluster(data):
    folder = os.path.join(os.path.abspath(data), f'pg-{os.getpid()}')
    printed = subprocess.run([os.path.join(ROOT, 'scripts/pg-cluster.sh'), 'start', folder, str(os.getpid())],
                             check=True, capture_output=True, text=True).stdout.split()
    return folder, int(printed[1])


def psql(folder, port, sql):
    subprocess.run(['psql', '-X', '-h', folder, '-p', str(port), '-U', 'admin', '-d', 'arbor', '-v', 'ON_ERROR_STOP=1',
                    '-q', '-c', sql], check=True)


def load(folder, port):
    started = time.time()
    psql(folder, port, f"""
        CREATE TABLE nodes (id bigint, parent bigint, name text);
        INSERT INTO nodes SELECT i, CASE WHEN i <= 10 THEN NULL ELSE (i - 1) / 10 END, 'node ' || i
            FROM generate_series(1, {ROWS}) AS i;
        ALTER TABLE nodes ADD PRIMARY KEY (id);
        CREATE INDEX ON nodes (parent, id);
        CREATE TABLE wide (id bigint PRIMARY KEY, parent bigint, name text);
        INSERT INTO wide SELECT i, CASE WHEN i = 1 THEN NULL ELSE 1 END, 'child ' || i FROM generate_series(1, {WIDE + 1}) AS i;
        CREATE INDEX ON wide (parent, id);
        GRANT SELECT ON nodes, wide TO arbor;""")
    psql(folder, port, 'VACUUM ANALYZE')
    print(f'  loaded {ROWS:,} + {WIDE:,} rows in {time.time() - started:.0f} s', file=sys.stderr)


def measure(label, command, expect, keys='', probes=(), runs=5):
    args = [sys.executable, os.path.join(HERE, 'ptyrun.py'), '--label', label, '--expect', expect, '--runs', str(runs),
            '--warmup', '1', '--timeout', '60']
    if keys:
        args += ['--keys', keys]
    for probe in probes:
        args += ['--probe', probe]
    done = subprocess.run(args + ['--'] + command, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(f'postgres: {label} failed:\n{done.stderr[-2000:]}\n')
    return {line['metric']: line['median'] for line in map(json.loads, filter(lambda l: l.startswith('{'), done.stdout.splitlines()))} \
        | {'rss_max_kb': max([json.loads(l)['max'] for l in done.stdout.splitlines() if '"rss_kb"' in l] or [0])}


def streamed(command, env=None, runs=3):
    """The first line and the end of a command's output, and its peak memory (wait4), medians of `runs`."""
    first, whole, peaks, lines = [], [], [], 0
    for _ in range(runs):
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, env=env)
        seen = process.stdout.readline()
        first.append((time.perf_counter() - started) * 1000)
        count = 1 if seen else 0
        for _ in process.stdout:
            count += 1
        _, status, usage = os.wait4(process.pid, 0)
        whole.append((time.perf_counter() - started) * 1000)
        peaks.append(usage.ru_maxrss / 1024)
        lines = count
    return {'first_ms': statistics.median(first), 'whole_ms': statistics.median(whole), 'peak_mib': max(peaks), 'lines': lines}


def startup(arbor, sample, env=None, runs=200):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([arbor, 'print', sample], stdout=subprocess.DEVNULL, env=env, check=True)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def libpq_path():
    found = subprocess.run(['ldconfig', '-p'], capture_output=True, text=True).stdout
    match = re.search(r'libpq\.so\.5 .*=> (\S+)', found)
    return match.group(1) if match else None


def main():
    arbor, data = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    os.makedirs(data, exist_ok=True)
    folder, port = start_cluster(data)
    load(folder, port)
    uri = f'postgres://arbor:secret@127.0.0.1:{port}/arbor'
    conn = ['psql', uri, '-X', '-P', 'pager=off']
    r = {}
    r['big'] = measure('arbor 10M', [arbor, uri, '--table', 'nodes'], r'node 1\b[\s\S]*1 of 10', keys='Right Down*5 Left')
    r['big-psql'] = measure('psql 10M', conn + ['-c', 'SELECT * FROM nodes WHERE parent IS NULL ORDER BY id'], r'\(10 rows\)')
    r['wide'] = measure('arbor wide', [arbor, uri, '--table', 'wide'], r'child 1\b[\s\S]*1 of 1',
                        probes=('Enter=child 2\\b', f'=(?m)1 of {WIDE} *$', f'End=child {WIDE + 1}\\b', 'Home=child 2\\b'))
    # The long list paged through from its first child to its last and back, as a user holding PgDn then PgUp.
    r['wide-paged'] = paging.page_through('PostgreSQL', [arbor, uri, '--table', 'wide'], ['Enter'], WIDE)
    r['wide-top'] = measure('arbor wide counted', [arbor, uri, '--table', 'wide'], f'▷ {WIDE}\\b')
    r['wide-top-psql'] = measure('psql wide top', conn + ['-c', 'SELECT * FROM wide WHERE parent IS NULL ORDER BY id'], r'\(1 row\)')
    r['wide-top-count-psql'] = measure('psql wide counted', conn + [
        '-c', 'SELECT w.*, (SELECT count(*) FROM wide c WHERE c.parent = w.id) AS children FROM wide w WHERE parent IS NULL'],
        r'\(1 row\)')
    r['wide-psql'] = measure('psql wide', conn + ['-c', 'SELECT * FROM wide WHERE parent = 1 ORDER BY id LIMIT 40'],
                             r'child 40\b', runs=3)
    descend = [arbor, 'query', 'descendants', '1', uri, '--table', 'nodes', '--output', 'title']
    r['descendants'] = streamed(descend)
    r['descendants-psql'] = streamed(['psql', uri, '-X', '-A', '-t', '-v', 'FETCH_COUNT=1000', '-c',
                                      'WITH RECURSIVE d AS (SELECT id, name FROM nodes WHERE parent = 1 UNION ALL '
                                      'SELECT n.id, n.name FROM d JOIN nodes n ON n.parent = d.id) SELECT name FROM d'])
    sample = os.path.join(ROOT, 'sample-data', 'plant-maintenance.json')
    r['startup'] = startup(arbor, sample)
    preload = libpq_path()
    r['startup-libpq'] = startup(arbor, sample, env=dict(os.environ, LD_PRELOAD=preload)) if preload else None
    r['linked'] = 'libpq' in subprocess.run(['ldd', arbor], capture_output=True, text=True).stdout
    json.dump(r, sys.stderr, indent=1)
    lines = render(r)
    sections.publish(out, 'PostgreSQL', lines)


def ms(value):
    return '–' if value is None else f'{value:.1f} ms' if value < 10 else f'{value:.0f} ms'


def ratio(peer, ours):
    return '' if not peer or not ours else f' ({peer / ours:.1f}×)'


def paged_row(paged):
    """The memory row of the session that paged through the long list and back."""
    if paged.get('up_s') is None:
        return '| … paged through from the first child to the last and back: did not get there | – | – | ≤ 64 MiB |'
    return (f'| … paged through from the first child to the last and back (PgDn, then PgUp; {paged["down_s"]:.0f} s / '
            f'{paged["up_s"]:.0f} s): peak memory / at the end | {paged["peak_kb"] / 1024:.1f} MiB / '
            f'{paged["end_kb"] / 1024:.1f} MiB | – | peak ≤ 64 MiB |')


def render(r):
    big, wide, d, dp = r['big'], r['wide'], r['descendants'], r['descendants-psql']
    return ['## PostgreSQL', '',
            f'bench/postgres.py, one run, release build, a server on loopback started for the run (PostgreSQL '
            f'{subprocess.run(["psql", "--version"], capture_output=True, text=True).stdout.split()[2]}); medians. '
            f'psql is what people use instead: the first screen of psql is its whole answer to the same '
            f'question, its long answers read through a cursor (FETCH_COUNT). Ratios are to Arbor\'s figure.', '',
            '| | Arbor | psql | budget |', '|---|---|---|---|',
            f'| {ROWS:,}-row table: first frame, connection included | {ms(big.get("first_frame_ms"))} | '
            f'{ms(r["big-psql"].get("first_frame_ms"))}{ratio(r["big-psql"].get("first_frame_ms"), big.get("first_frame_ms"))} | ≤ 100 ms |',
            f'| … enter (→) / back (←) | {ms(big.get("key_ms[Right]"))} / {ms(big.get("key_ms[Left]"))} | – | ≤ 5 ms |',
            f'| … Down | {ms(big.get("key_ms[Down]"))} | – | |',
            f'| {WIDE:,} children: first frame of the list holding that node, connection included | {ms(wide.get("first_frame_ms"))} | '
            f'{ms(r["wide-top-psql"].get("first_frame_ms"))}{ratio(r["wide-top-psql"].get("first_frame_ms"), wide.get("first_frame_ms"))} | |',
            f'| … its child count on screen (counted in the background past 1,000) | {ms(r["wide-top"].get("first_frame_ms"))} | '
            f'{ms(r["wide-top-count-psql"].get("first_frame_ms"))} (with count(*)){ratio(r["wide-top-count-psql"].get("first_frame_ms"), r["wide-top"].get("first_frame_ms"))} | |',
            f'| … first screenful after Enter | {ms(wide.get("probe_ms[0:Enter]"))} | '
            f'{ms(r["wide-psql"].get("first_frame_ms"))} (LIMIT 40){ratio(r["wide-psql"].get("first_frame_ms"), wide.get("probe_ms[0:Enter]"))} | ≤ 50 ms |',
            f'| … its exact count in the footer (the first screen shows the planner\'s estimate) | {ms(wide.get("probe_ms[1:]"))} | – | |',
            f'| … End / Home | {ms(wide.get("probe_ms[2:End]"))} / {ms(wide.get("probe_ms[3:Home]"))} | – | ≤ 50 ms |',
            f'| peak memory, the {ROWS:,}-row session / the {WIDE:,}-children one (after End and Home) | '
            f'{big.get("rss_max_kb", 0) / 1024:.1f} MiB / {wide.get("rss_max_kb", 0) / 1024:.1f} MiB | – | ≤ 30 MiB |',
            paged_row(r['wide-paged']),
            f'| `query descendants` of {d["lines"]:,} nodes: first line | {ms(d["first_ms"])} | {ms(dp["first_ms"])}{ratio(dp["first_ms"], d["first_ms"])} | ≤ 100 ms |',
            f'| … every line | {ms(d["whole_ms"])} | {ms(dp["whole_ms"])}{ratio(dp["whole_ms"], d["whole_ms"])} | |',
            f'| … peak memory | {d["peak_mib"]:.1f} MiB | {dp["peak_mib"]:.1f} MiB | flat |', '',
            f'Start-up without a PostgreSQL source (`arbor print` of a small JSON file, median of 200): '
            f'{ms(r["startup"])}; with libpq loaded into the process as linking it would: {ms(r["startup-libpq"])}. '
            f'libpq among the binary\'s libraries (ldd): {"yes" if r["linked"] else "no"}.', '']


if __name__ == '__main__':
    main()
