#!/usr/bin/env python3
"""startup_order -- the order the release link lays the program's code out in (docs/DECISIONS.md, "The code a
start touches is laid out together").

  startup_order.py BINARY OUTPUT

Runs BINARY under callgrind in a pseudo-terminal on a directory tree, a JSON document and a CSV table (the repository
and sample-data/), to its first screen and through a few move keys, and writes OUTPUT: one input section name
(`.text.SYMBOL`) for every function of BINARY that ran, for gold's --section-ordering-file. The release link puts
those sections side by side, so a start faults in a few hundred KiB of code instead of 9 MiB scattered over 20.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptyrun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = [
    (os.path.join(ROOT, 'Sources'), ['Down', 'Down', 'Up', 'Right', 'Down', 'Left', 'End', 'Home', '/', 'a', 'Escape']),
    (os.path.join(ROOT, 'sample-data', 'plant-maintenance.json'), ['Right', 'Down', 'Right', 'Left', 'Up', 'End']),
    (os.path.join(ROOT, 'sample-data', 'org-chart.csv'), ['Down', 'Right', 'Down', 'Left', 'PageDown']),
]


def functions_run(binary, path, keys, out):
    """The names (as linked) of the functions callgrind saw run in `binary` opening `path` and taking `keys`."""
    env = {'PATH': os.environ['PATH'], 'TERM': 'xterm-256color', 'LANG': 'C.UTF-8', 'HOME': tempfile.gettempdir()}
    session = ptyrun.Session(['valgrind', '--tool=callgrind', '--demangle=no', f'--callgrind-out-file={out}',
                              binary, path], 120, 40, env, None)
    session.settle(2.0, timeout=120)
    for key in keys:
        sent = session.send(key)
        session.settle(0.5, since=sent)
    session.send('q')
    session.settle(1.0)
    session.close()
    deadline = time.time() + 30
    while time.time() < deadline and not os.path.getsize(out):
        time.sleep(0.2)
    names = set()
    with open(out, errors='replace') as profile:
        for line in profile:
            match = re.match(r'c?fn=\(\d+\) (\S+)', line)
            if match:
                names.add(match.group(1))
    return names


def main():
    binary, output = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as scratch:
        plain = os.path.join(scratch, 'arbor')
        # valgrind cannot read the debug information Swift's release link writes; the symbol table is enough.
        subprocess.run(['strip', '--strip-debug', '-o', plain, binary], check=True)
        ran = set()
        for index, (path, keys) in enumerate(RUNS):
            ran |= functions_run(plain, path, keys, os.path.join(scratch, f'callgrind.{index}'))
        listed = subprocess.run(['nm', '--defined-only', plain], capture_output=True, text=True, check=True).stdout
    code = {fields[2] for fields in (line.split() for line in listed.splitlines())
            if len(fields) == 3 and fields[1] in 'tTwW'}
    chosen = sorted(ran & code)
    if len(chosen) < 500:
        sys.exit(f'startup_order: only {len(chosen)} functions seen running; is valgrind installed?')
    with open(output, 'w') as order:
        order.write('.text.startup\n')
        order.writelines(f'.text.{name}\n' for name in chosen)
    print(f'{len(chosen)} functions in {output}')


if __name__ == '__main__':
    main()
