#!/usr/bin/env python3
"""limits -- what no input may do: a document past 4 GiB, devices and random bytes, a command that never stops.

    python3 bench/limits.py ARBOR_BINARY DATA [--out docs/benchmarks.md]

- The 4.4 GB document (46 copies of the 96 MB search-API response in one array, made once in DATA): first frame and
  peak memory beside the 1 GB one's, in bytes per second and in times the file.
- `arbor /dev/zero`, `arbor /dev/urandom` and 300 MB of random bytes piped in: time to the message and exit 2, peak
  memory (outside a terminal: the refusal comes before the terminal is taken; timed with /usr/bin/time's start).
- `yes` as a children command with `--timeout 60`, under a ceiling of 1 GB and under the default one: time until
  the column says it stopped, and the peak memory of the session.
"""
import os, re, resource, statistics, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import Session
import sections, shapes

ENV = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8')


def document(arbor, path, runs=2):
    """First frame (the first screen with the whole file indexed) and peak memory, after a warm-up run."""
    frames, peaks = [], []
    for run in range(runs + 1):
        session = Session([arbor, path], 120, 40, ENV, None)
        try:
            # The tenth response listed: the whole file indexed (the first screen comes before, its counts pending).
            shown = session.wait_for(re.compile(r'\[9\][\s\S]*1 of'), 300)
            if shown is None:
                sys.stderr.write(f'limits: no first frame for {path}\n')
                return None
            first = shown - session.start
            session.settle(0.5)
            if run:
                frames.append(first * 1000)
                peaks.append(session.peak_rss_kb())
        finally:
            session.close()
    return {'first_frame_ms': statistics.median(frames), 'rss_kb': statistics.median(peaks), 'size': os.path.getsize(path)}


def refusal(command, stdin_file=None, runs=5):
    """Wall time to the exit, its status, the message and the peak memory of a run refused at once."""
    times, peaks, status, message = [], [], None, ''
    for _ in range(runs):
        # Peak memory from /usr/bin/time: a child forked from this (large) process would report the parent's.
        report = f'/tmp/arbor-limits-{os.getpid()}'
        started = time.perf_counter()
        child = subprocess.Popen(['/usr/bin/time', '-o', report, '-f', '%M'] + command,
                                 stdin=subprocess.PIPE if stdin_file else subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if stdin_file:
            def feed():
                try:
                    with open(stdin_file, 'rb') as source:
                        while chunk := source.read(1 << 16):
                            child.stdin.write(chunk)
                except (BrokenPipeError, ValueError):
                    pass
            threading.Thread(target=feed, daemon=True).start()
        _, code, _ = os.wait4(child.pid, 0)
        times.append((time.perf_counter() - started) * 1000)
        with open(report) as measured:
            peaks.append(int(measured.read().split()[-1]))
        os.remove(report)
        status = os.waitstatus_to_exitcode(code)
        message = child.stderr.read().decode(errors='replace').strip()
    return {'ms': statistics.median(times), 'rss_kb': max(peaks), 'status': status, 'message': message}


def endless(arbor, ceiling):
    """`yes` as the children command: time until the column says it stopped, peak memory of the session."""
    command = [arbor, '--children-cmd', 'yes {}', '--root', 'loop', '--timeout', '60']
    if ceiling:
        command += ['--max-input', ceiling]
    session = Session(command, 120, 40, ENV, None)
    try:
        said = session.wait_for(re.compile(r'its share of the memory ceiling|did not finish within'), 90)
        if said is None:
            sys.stderr.write('limits: the endless command was never said to have stopped\n')
            return None
        stopped = said - session.start
        session.settle(1)
        return {'ms': stopped * 1000, 'rss_kb': session.peak_rss_kb()}
    finally:
        session.close()


def physical_memory():
    return os.sysconf('SC_PHYS_PAGES') * os.sysconf('SC_PAGE_SIZE')


def main():
    arbor, data = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    huge = os.path.join(data, 'api-4gb.json')
    if not os.path.exists(huge):
        print('limits: writing api-4gb.json (46 responses, 4.4 GB)', file=sys.stderr, flush=True)
        shapes.write_api(huge, 20_000, copies=46)
    gb = document(arbor, os.path.join(data, 'api-1gb.json'))
    big = document(arbor, huge)
    noise = os.path.join(data, 'random-300mb.bin')
    if not os.path.exists(noise):
        with open(noise, 'wb') as out_file:
            for _ in range(300):
                out_file.write(os.urandom(1 << 20))
    refusals = [('`arbor /dev/zero`', refusal([arbor, '/dev/zero'])),
                ('`arbor /dev/urandom`', refusal([arbor, '/dev/urandom'])),
                ('300 MB of random bytes piped in', refusal([arbor], stdin_file=noise))]
    ceilings = [('1 GB (`--max-input 1G`)', 1 << 30, endless(arbor, '1G')),
                (f'the default, half of {physical_memory() / 2**30:.1f} GiB', physical_memory() // 2, endless(arbor, None))]

    def mib(kb):
        return f'{kb / 1024:.1f} MiB'

    lines = ['## Inputs that must not exhaust memory', '',
             'By `bench/limits.py`, one run. A document past 4 GiB is indexed with 64-bit offsets at the speed of the',
             '1 GB one; devices and binary streams are refused at once; a command that never stops is held to the',
             'ceiling (`--max-input`: a command\'s output takes at most a third of it).', '',
             '| document | size | first frame | bytes per second | peak memory | times the file |', '|---|---|---|---|---|---|']
    for title, result in [('ten API responses in one array', gb), ('46 API responses in one array', big)]:
        if result:
            rate = result['size'] / (result['first_frame_ms'] / 1000) / 1e9
            lines.append(f'| {title} | {result["size"] / 1e9:.2f} GB | {result["first_frame_ms"]:.0f} ms | {rate:.2f} GB/s | '
                         f'{mib(result["rss_kb"])} | {result["rss_kb"] * 1024 / result["size"]:.2f}× |')
    lines += ['', 'Budget: the 4.4 GB document at the bytes per second of the 1 GB one, peak memory ≤ 1.3× the file.',
              'jq and Python are not run on it: on the 1 GB file (above) they peak at about 7.1× and 6.3× the file, which',
              'for 4.4 GB is more memory than this machine has.', '',
              '| input | exit | time to the message | peak memory | message |', '|---|---|---|---|---|']
    for title, result in refusals:
        message = result['message'].replace('|', '\\|')
        lines.append(f'| {title} | {result["status"]} | {result["ms"]:.0f} ms | {mib(result["rss_kb"])} | {message} |')
    lines += ['', 'Budget: a message and exit 2 within 100 ms, memory ≤ 32 MiB (median of five runs, the slowest memory).', '',
              '| `--children-cmd \'yes {}\' --timeout 60`, ceiling | until the column says it stopped | peak memory | of the ceiling |',
              '|---|---|---|---|']
    for title, ceiling, result in ceilings:
        if result:
            lines.append(f'| {title} | {result["ms"]:.0f} ms | {mib(result["rss_kb"])} | '
                         f'{result["rss_kb"] * 1024 / ceiling * 100:.0f}% |')
    lines += ['', 'Budget: memory never above the ceiling, the column showing the lines kept and saying it stopped.', '']
    sections.publish(out, 'Inputs that must not exhaust memory', lines)


if __name__ == '__main__':
    main()
