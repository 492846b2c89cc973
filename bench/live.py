#!/usr/bin/env python3
"""Live changes, measured from outside: a file created in a shown directory until its name is on screen, a 10 MB
JSON file rewritten by rename until the new view, a burst of 10,000 files until the listing is exact (with the
latency of keys sent meanwhile), and the CPU ticks of an idle, watching Arbor over 10 s.

    python3 bench/live.py ARBOR_BINARY [WORK_DIR]
"""
import json, os, re, shutil, statistics, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import Session

ENV = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8')


def session(arbor, *arguments, cwd=None):
    return Session([arbor, *arguments], 120, 40, ENV, cwd)


def created(arbor, work, runs=20):
    folder = os.path.join(work, 'created')
    os.makedirs(folder)
    for i in range(50):
        open(os.path.join(folder, f'f{i:03}.txt'), 'w').close()
    s = session(arbor, folder)
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


def burst(arbor, work, count=10_000):
    folder = os.path.join(work, 'burst')
    os.makedirs(folder)
    open(os.path.join(folder, 'a-seed'), 'w').close()
    s = session(arbor, folder)
    s.wait_for(re.compile('a-seed'), 10)
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
    exact = s.wait_for(re.compile(f'of {count + 1}\\b'), 10) is not None
    s.close()
    return latencies, exact


def idle(arbor, work):
    s = session(arbor, work)
    s.settle(1.0)
    with open(f'/proc/{s.pid}/stat') as f:
        before = sum(int(x) for x in f.read().rsplit(')', 1)[1].split()[11:13])
    time.sleep(10)
    with open(f'/proc/{s.pid}/stat') as f:
        after = sum(int(x) for x in f.read().rsplit(')', 1)[1].split()[11:13])
    s.close()
    return after - before


def main():
    arbor = sys.argv[1]
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix='arbor-live-')
    try:
        times = created(arbor, work)
        print(f'file created -> on screen: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms '
              f'({len(times)} of 20 seen; budget 50 ms)')
        size, times = rewritten(arbor, work)
        print(f'{size / 1e6:.1f} MB JSON rewritten by rename -> new view: median {statistics.median(times):.0f} ms '
              f'({len(times)} of 5 seen; budget 200 ms)')
        latencies, exact = burst(arbor, work)
        print(f'10,000 files created in a burst: keys answered in median {statistics.median(latencies):.2f} ms, '
              f'p95 {sorted(latencies)[int(len(latencies) * 0.95)]:.2f} ms ({len(latencies)} keys; budget 2 ms); '
              f'final listing exact: {exact}')
        print(f'idle, watching, 10 s: {idle(arbor, work)} CPU ticks (budget 0)')
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
