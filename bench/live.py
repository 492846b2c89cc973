#!/usr/bin/env python3
"""Live changes, measured from outside: a file created in a shown directory until its name is on screen, a 10 MB
JSON file rewritten by rename until the new view, a burst of 10,000 files until the listing is exact (with the
latency of keys sent meanwhile), and the CPU ticks of an idle, watching Arbor over 10 s. The file manager peers
that follow a directory (nnn through inotify, lf r28 by polling with `set period 1`, ranger by checking the
directory's time when it draws) are measured the same way, in the same run; no peer reloads a JSON file.

    python3 bench/live.py ARBOR_BINARY [--out docs/benchmarks.md]
"""
import json, os, re, shutil, statistics, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import Session
import sections

ENV = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8')
PEERS = {
    'nnn': lambda folder: ['nnn', folder],
    'lf (set period 1)': lambda folder: ['lf', '-single', '-command', 'set period 1', folder],
    'ranger': lambda folder: ['ranger', folder],
}


def session(arbor, *arguments, cwd=None):
    return Session([arbor, *arguments], 120, 40, ENV, cwd)


def peer_session(command, home):
    return Session(command, 120, 40, dict(ENV, HOME=home), None)


def created(arbor, work, runs=20, start=None):
    folder = os.path.join(work, 'created')
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for i in range(50):
        open(os.path.join(folder, f'f{i:03}.txt'), 'w').close()
    s = start(folder) if start else session(arbor, folder)
    s.wait_for(re.compile('f000'), 10)
    s.settle(0.3)
    times = []
    for i in range(runs):
        name = f'aa-new-{i:02}'
        with open(os.path.join(folder, name), 'w') as f:
            f.write('x')
        closed = time.perf_counter()
        seen = s.first_frame_matching(re.compile(re.escape(name)), closed, 2)
        if seen is not None:
            times.append((seen - closed) * 1000)
        s.settle(0.1)
    s.close()
    return times


def rewritten(arbor, work, runs=5):
    path = os.path.join(work, 'big.json')
    items = [{'id': f'item-{i}', 'name': f'Item {i}', 'kind': 'row', 'body': 'x' * 60} for i in range(90_000)]
    with open(path, 'w') as f:
        json.dump(items, f)
    size = os.path.getsize(path)
    s = session(arbor, '--format', 'tree', path)
    s.wait_for(re.compile('Item 0'), 20)
    s.settle(0.3)
    times = []
    for run in range(runs):
        items[0]['name'] = f'Renamed {run}'
        temporary = path + '.tmp'
        with open(temporary, 'w') as f:
            json.dump(items, f)
        os.rename(temporary, path)
        renamed = time.perf_counter()
        seen = s.first_frame_matching(re.compile(f'Renamed {run}'), renamed, 5)
        if seen is not None:
            times.append((seen - renamed) * 1000)
        s.settle(0.2)
    s.close()
    return size, times


def burst(arbor, work, count=10_000, start=None):
    folder = os.path.join(work, 'burst')
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    open(os.path.join(folder, 'a-seed'), 'w').close()
    if start:
        open(os.path.join(folder, 'a-seed-2'), 'w').close()  # a peer's focus moves between the two seeds
    s = start(folder) if start else session(arbor, folder)
    s.wait_for(re.compile('a-seed'), 10)
    if not start:
        s.send('Right')
        s.wait_for(re.compile('1 of 1'), 5)
    s.settle(0.3)
    done = threading.Event()

    def make():
        for i in range(count):
            open(os.path.join(folder, f'n{i:05}'), 'w').close()
            if i % 100 == 99:
                time.sleep(0.01)
        done.set()

    threading.Thread(target=make).start()
    latencies = []
    key = 'Down'
    while not done.is_set():
        sent = s.send(key)
        answered = s.settle(0.002, since=sent, timeout=1)
        if answered is not None:
            latencies.append((answered - sent) * 1000)
        key = 'Up' if key == 'Down' else 'Down'
    exact = not start and s.wait_for(re.compile(f'of {count + 1}\\b'), 10) is not None
    s.close()
    return latencies, exact


def idle(arbor, work, start=None):
    s = start(work) if start else session(arbor, work)
    s.settle(1.0)
    with open(f'/proc/{s.pid}/stat') as f:
        before = sum(int(x) for x in f.read().rsplit(')', 1)[1].split()[11:13])
    time.sleep(10)
    with open(f'/proc/{s.pid}/stat') as f:
        after = sum(int(x) for x in f.read().rsplit(')', 1)[1].split()[11:13])
    s.close()
    return after - before


def measure_directory(start, work, arbor=None):
    """The directory measures for one program: created -> on screen, keys during a burst, idle ticks."""
    times = created(arbor, work, start=start)
    latencies, exact = burst(arbor, work, start=start)
    return {
        'created_median': statistics.median(times) if times else None,
        'created_max': max(times) if times else None,
        'seen': len(times),
        'keys_median': statistics.median(latencies) if latencies else None,
        'keys_p95': sorted(latencies)[int(len(latencies) * 0.95)] if latencies else None,
        'keys': len(latencies),
        'exact': exact,
        'idle_ticks': idle(arbor, work, start=start),
    }


def peers(work):
    """The same directory measures for each installed peer that follows a directory."""
    results = {}
    for name, command in PEERS.items():
        if not shutil.which(command('.')[0]):
            continue
        home = tempfile.mkdtemp(prefix='arbor-live-home-')
        results[name] = measure_directory(lambda folder: peer_session(command(folder), home), work)
        shutil.rmtree(home, ignore_errors=True)
    return results


def ms(value, digits=1):
    return '—' if value is None else f'{value:.{digits}f} ms'


def render(results, size, rewrites):
    """The section of docs/benchmarks.md: Arbor and each peer side by side, with the ratio to Arbor's figure."""
    names = list(results)
    arbor = results['Arbor']

    def row(label, key, budget, digits=1):
        cells = []
        for name in names:
            value = results[name][key]
            ratio = '' if name == 'Arbor' or value is None or not arbor[key] else f' ({value / arbor[key]:.{1 if value < 10 * arbor[key] else 0}f}×)'
            cells.append(ms(value, digits) + ratio)
        return f'| {label} | ' + ' | '.join(cells) + f' | {budget} |'

    lines = ['## Live changes', '',
             'bench/live.py, one run, release build; medians. A file created in a shown directory of 50 files until its',
             'name is on screen (20 files, timed from the `close()`); 10,000 files created in about a second in the',
             'shown directory while Down/Up are sent, each key timed until the screen settles; CPU ticks over 10 s',
             'idle with the directory shown. The peers follow a directory their own way: nnn through inotify, lf r28',
             'by polling (`set period 1`, its finest), ranger by the directory\'s time when it draws. Ratios are to',
             'Arbor\'s figure.', '',
             '| | ' + ' | '.join(names) + ' | budget |',
             '|---|' + '---|' * len(names) + '---|',
             row('file created → on screen', 'created_median', '≤ 50 ms'),
             row('… slowest of 20', 'created_max', ''),
             row('keys during a 10,000-file burst, median', 'keys_median', '', 2),
             row('keys during a 10,000-file burst, p95', 'keys_p95', '≤ 2 ms', 2),
             '| keys answered during the burst | ' + ' | '.join(str(results[n]['keys']) for n in names) + ' | |',
             '| idle 10 s, CPU ticks | ' + ' | '.join(str(results[n]['idle_ticks']) for n in names) + ' | 0 |',
             '',
             f'After the burst Arbor\'s listing was exact (its footer\'s count reached 10,001): {arbor["exact"]}.',
             f'A {size / 1e6:.1f} MB JSON array (90,000 objects) rewritten by rename → the new view drawn, focus kept: '
             f'median {ms(statistics.median(rewrites) if rewrites else None, 0)} over {len(rewrites)} of 5 (budget ≤ 200 ms);',
             'no peer reloads a JSON file it shows (jless, fx and jnv read it once).', '']
    return lines


def main():
    arbor = sys.argv[1]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    work = tempfile.mkdtemp(prefix='arbor-live-')
    try:
        results = {'Arbor': measure_directory(None, work, arbor)}
        size, rewrites = rewritten(arbor, work)
        results.update(peers(work))
        lines = render(results, size, rewrites)
        sections.publish(out, 'Live changes', lines)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
