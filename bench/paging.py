#!/usr/bin/env python3
"""paging -- a long list paged through from its first row to its last and back, as a user holding PgDn then
PgUp would: the peak memory of the session and what is resident at its end, with the time each way.

    python3 bench/paging.py ARBOR DATA [--out docs/benchmarks.md] [--smoke]

Lists: the 1,000,000 children of one row of an SQLite adjacency table (DATA/wide-1m.sqlite from
bench/shapes.py) and of a JSON object tree's root (DATA/wide-1m.json). Keys go in bursts of a hundred; after
each burst the footer's position is read once the screen is still. A session that held every row it read would
end near half a gigabyte (about 490 bytes a row before rows far from the screen were let go).
"""
import os, re, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ptyrun, sections

ENV = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'TERM': 'xterm-256color', 'LANG': 'C.UTF-8',
       'LC_ALL': 'C.UTF-8', 'HOME': '/tmp'}
BURST = 100


def position(session, count):
    found = re.findall(rf'(\d+) of {count}\b', session.text())
    return int(found[-1]) if found else None


def sweep(session, key, count, goal, timeout):
    """Sends `key` in bursts until the footer's position is `goal`; returns the seconds it took."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        for _ in range(BURST):
            session.send(key)
        session.settle(0.05)
        if position(session, count) == goal:
            return time.perf_counter() - started
    return None


def page_through(label, command, enter, count, timeout=600):
    session = ptyrun.Session(command, 120, 40, ENV, None)
    try:
        if session.wait_for(re.compile(r'\d+ of \d+'), 60) is None:
            sys.exit(f'paging: {label}: no first frame:\n{session.text()}')
        for key in enter:
            session.send(key)
            session.settle(0.2)
        if position(session, count) != 1:
            sys.exit(f'paging: {label}: not on the long list:\n{session.text()}')
        opened = session.peak_rss_kb('VmRSS')
        down = sweep(session, 'PgDn', count, count, timeout)
        up = sweep(session, 'PgUp', count, 1, timeout) if down is not None else None
        result = {'label': label, 'down_s': down, 'up_s': up, 'opened_kb': opened,
                  'peak_kb': session.peak_rss_kb(), 'end_kb': session.peak_rss_kb('VmRSS')}
        print(result, file=sys.stderr)
        return result
    finally:
        session.close()


def render(results, count):
    lines = ['## Paging through a million rows', '',
             f'bench/paging.py, one session each, release build, 120 × 40: PgDn from the first of {count:,} children '
             'to the last, then PgUp back to the first, keys sent in bursts of a hundred (the screen drawn as they '
             'are answered). Memory is the resident set: once the list is open, the peak of the session, and at its end. '
             'The budget is for database tables (PostgreSQL: see its section); a file is held whole while it is open.',
             '', '| list | down / up | open | peak | end | budget |', '|---|---|---|---|---|---|']
    for r in results:
        mib = lambda kb: f'{kb / 1024:.1f} MiB'
        seconds = lambda s: '–' if s is None else f'{s:.1f} s'
        if r['budgeted']:
            verdict = 'peak ≤ 64 MiB: ' + ('met' if r['up_s'] is not None and r['peak_kb'] <= 64 * 1024 else 'missed')
        else:
            verdict = f"– (the file is held; the sweep adds {mib(r['peak_kb'] - r['opened_kb'])})"
        lines.append(f"| {r['label']} | {seconds(r['down_s'])} / {seconds(r['up_s'])} | {mib(r['opened_kb'])} | "
                     f"{mib(r['peak_kb'])} | {mib(r['end_kb'])} | {verdict} |")
    return lines


def main():
    arbor, data = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    count = 1_000_000 // (100 if '--smoke' in sys.argv else 1)
    results = [page_through('SQLite adjacency table, one row’s children', [arbor, os.path.join(data, 'wide-1m.sqlite'),
                            '--table', 'nodes'], ['Right'], count) | {'budgeted': True},
               page_through('JSON object tree, the root’s children', [arbor, os.path.join(data, 'wide-1m.json')], [], count)
               | {'budgeted': False}]
    sections.publish(out, 'Paging through a million rows', render(results, count))


if __name__ == '__main__':
    main()
