#!/usr/bin/env python3
"""preview -- the preview pane and preview commands, beside fzf where it does the same.

    python3 bench/preview.py ARBOR_BINARY DATA [--out docs/benchmarks.md]

- The built-in preview of a member of the 96 MB API document and of a 1 GB text file (its first screen): time
  from the key that focuses the item to the frame showing its preview.
- `--preview 'cat {}'` over a directory of 1,000 files: time from the key to the frame showing the next file's
  content, beside `fzf --preview 'cat {}'` on the same files; key latency (p95) while previews run; holding Down
  across the 1,000 files: how many previews started, and the processes left behind (from /proc).
"""
import os, re, statistics, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import Session
import sections

ENV = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8', FZF_DEFAULT_OPTS='')


def prepare(data):
    """The 1,000 files and the 1 GB text file, made once in DATA."""
    files = os.path.join(data, 'files-1k')
    if not os.path.isdir(files):
        os.makedirs(files)
        for number in range(1000):
            with open(os.path.join(files, f'file-{number:04d}.txt'), 'w') as out:
                out.write(f'content of file {number:04d}\n' + 'a line of text\n' * 40)
    big = os.path.join(data, 'text-1g')
    if not os.path.isdir(big):
        os.makedirs(big)
        with open(os.path.join(big, 'a-small.txt'), 'w') as out:
            out.write('small file\n')
        line = b'2026-11-24 12:00:00 INFO request served in 12 ms by worker 7 for /api/v1/items\n'
        block = line * (1 << 14)
        with open(os.path.join(big, 'b-huge.log'), 'wb') as out:
            while out.tell() < 1 << 30:
                out.write(block)
    return files, big


def key_to_frame(session, key, pattern, timeout=10):
    """Milliseconds from sending a key to the frame that matches `pattern` (None: the last frame it caused)."""
    session.settle(0.3)
    sent = session.send(key)
    if pattern is None:
        shown = session.settle(0.3, since=sent)
    else:
        shown = session.first_frame_matching(re.compile(pattern), sent, timeout)
    return None if shown is None else (shown - sent) * 1000


def built_in(arbor, path, steps, runs=7):
    """The built-in preview's delay after each of `steps` (key, pattern the pane then shows), median of runs."""
    times = []
    for _ in range(runs):
        session = Session([arbor, path, '--preview-window', 'right:50%'], 160, 40, ENV, None)
        try:
            if session.wait_for(re.compile(r'1 of'), 120) is None:
                return None
            for key, pattern in steps:
                delay = key_to_frame(session, key, pattern)
                if delay is not None:
                    times.append(delay)
        finally:
            session.close()
    return statistics.median(times) if times else None


def command_preview(command, keys=15, first=None, step_key='Down'):
    """Key to the frame showing the next file's content, for each of `keys` Downs (after `first`, a key that
    focuses the first file)."""
    session = Session(command, 160, 40, ENV, None)
    delays = []
    try:
        if first:
            session.wait_for(re.compile(r'1 of'), 60)
            session.send(first)
        if session.wait_for(re.compile(r'content of file 0000'), 60) is None:
            return None
        for step in range(1, keys + 1):
            delay = key_to_frame(session, step_key, rf'content of file {step:04d}')
            if delay is not None:
                delays.append(delay)
    finally:
        session.close()
    return statistics.median(delays) if delays else None


def held_down(arbor, files):
    """Down held across the 1,000 files (a key every 2 ms): key latency p95, previews started, processes left."""
    log = f'/tmp/arbor-previews-{os.getpid()}.log'
    if os.path.exists(log):
        os.remove(log)
    session = Session([arbor, files, '--preview', f'echo {{}} >> {log}; cat {{}}'], 160, 40, ENV, None)
    latencies = []
    try:
        session.wait_for(re.compile(r'1 of'), 60)
        session.send('Enter')
        session.wait_for(re.compile(r'content of file 0000'), 60)
        session.settle(0.3)
        for _ in range(1000):
            sent = session.send('Down')
            deadline = sent + 0.05
            while time.perf_counter() < deadline:
                answered = session.pump(0.01)
                if answered and answered[0] >= sent:
                    latencies.append((answered[0] - sent) * 1000)
                    break
            time.sleep(0.002)
        session.settle(1.0)
        children = [pid for pid in os.listdir('/proc') if pid.isdigit() and parent_of(pid) == session.pid]
    finally:
        session.close()
    started = sum(1 for _ in open(log)) if os.path.exists(log) else 0
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95)] if latencies else None
    return {'p95_ms': p95, 'started': started, 'left': len(children)}


def parent_of(pid):
    try:
        with open(f'/proc/{pid}/stat') as stat:
            return int(stat.read().rsplit(')', 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def main():
    arbor, data = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    files, big = prepare(data)
    api = os.path.join(data, 'api-100mb.json')
    member = built_in(arbor, api, [('Right', None), ('Down', None), ('Down', None)]) if os.path.exists(api) else None
    text = built_in(arbor, big, [('Enter', r'small file'), ('Down', r'INFO request served')])
    # Arbor opens on the directory itself: Enter puts the focus on the first file, where fzf starts.
    arbor_cat = command_preview([arbor, files, '--preview', 'cat {}'], first='Enter')
    # fzf lists from the bottom up: Up moves to the next file.
    fzf_cat = command_preview(['sh', '-c', f"cd {files} && ls | fzf --preview 'cat {{}}'"], step_key='Up') if os.path.exists('/usr/bin/fzf') else None
    held = held_down(arbor, files)
    def figure(value, unit='ms'):
        return '—' if value is None else f'{value:.1f} {unit}'
    ratio = f'{arbor_cat / fzf_cat:.2f}×' if arbor_cat and fzf_cat else '—'
    lines = [
        '## Previews and bound commands', '',
        'Medians of one run (`bench/preview.py`), a 160×40 pseudo-terminal, the release build; fzf in the same run.', '',
        '| what | Arbor | fzf | Arbor / fzf | budget |', '|---|---|---|---|---|',
        f'| built-in preview of a member of the 96 MB API document, key to frame | {figure(member)} | — | — | ≤ 16 ms |',
        f'| built-in preview of a 1 GB text file (its first screen), key to frame | {figure(text)} | — | — | ≤ 16 ms |',
        f"| `--preview 'cat {{}}'`, 1,000 files: key to the next file's content | {figure(arbor_cat)} | {figure(fzf_cat)} | {ratio} | ≤ 30 ms after the focus rests |",
        f'| keys while previews run (Down every 2 ms across 1,000 files), p95 | {figure(held["p95_ms"])} | — | — | ≤ 2 ms |',
        f'| previews started while Down was held across 1,000 files | {held["started"]} | — | — | few |',
        f'| preview processes left after it (children of Arbor in /proc) | {held["left"]} | — | — | none |',
        '',
        'Arbor runs a preview command at once for a single move, and once the focus has rested 20 ms when moves come',
        'less than 100 ms apart (a key held down); fzf starts one on every move and kills the last.',
        'The time taken by `execute` of an editor and back is',
        'the editor\'s own; that the screen, the focus and `stty -a` are the same before, inside and after is',
        'checked by the end-to-end tests (`PreviewEndToEndTests`).', '',
    ]
    sections.publish(out, 'Previews and bound commands', lines)


if __name__ == '__main__':
    main()
