#!/usr/bin/env python3
"""startup_order -- the order the release link lays the program's code out in (docs/DECISIONS.md, "The code a
start touches is laid out together").

  startup_order.py BINARY MAP OUTPUT

Runs BINARY under callgrind in a pseudo-terminal on a directory tree, a JSON document and a CSV table (the repository
and sample-data/), to its first screen and through a few move keys, and writes OUTPUT: the name of every input
section of code (`.text.NAME`) in which an instruction ran, for gold's --section-ordering-file; those that ran
for the move keys of a session already on screen come first. MAP is the link map
of BINARY (`-Map`): it says which input section each address came from, so the local functions that have no
symbol (`.L` closures, outlined copies, object destroyers) are found as well as the named ones. The release link
puts those sections side by side, so a start faults in a few hundred KiB of code instead of megabytes scattered
over the binary.
"""
import bisect
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptyrun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The keys a session repeats most, once the screen is up: the code they run is laid out first, side by side, so a
# key after a rest (its code out of the caches) reads it from the fewest pages.
MOVES = ['Down', 'Down', 'Down', 'Up', 'Up', 'Right', 'Down', 'Left', 'Down', 'Up']
RUNS = [
    (os.path.join(ROOT, 'Sources'), ['Down', 'Down', 'Up', 'Right', 'Down', 'Left', 'End', 'Home', '/', 'a', 'Escape']),
    (os.path.join(ROOT, 'sample-data', 'plant-maintenance.json'), ['Right', 'Down', 'Right', 'Left', 'Up', 'End']),
    (os.path.join(ROOT, 'sample-data', 'org-chart.csv'), ['Down', 'Right', 'Down', 'Left', 'PageDown']),
]


def code_sections(map_path):
    """The input sections of code in the link map, as sorted starts and (end, name) pairs."""
    sections = []
    pending = None
    placed = re.compile(r'^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+\S')
    with open(map_path, errors='replace') as link_map:
        for line in link_map:
            named = re.match(r'^ (\.text\.\S+)(.*)$', line)
            if named:
                pending = named.group(1)
                rest = placed.match(' ' + named.group(2)) if named.group(2).strip() else None
                if not rest:
                    continue
            else:
                rest = placed.match(line) if pending else None
                if not rest:
                    pending = None
                    continue
            start, size = int(rest.group(1), 16), int(rest.group(2), 16)
            if start and size:
                sections.append((start, start + size, pending))
            pending = None
    sections.sort()
    return [start for start, _, _ in sections], [(end, name) for _, end, name in sections]


def addresses_run(binary, path, keys, out, keys_only=False):
    """The addresses of the instructions callgrind saw run in `binary` opening `path` and taking `keys`; with
    `keys_only`, those run from the first key on."""
    env = {'PATH': os.environ['PATH'], 'TERM': 'xterm-256color', 'LANG': 'C.UTF-8', 'HOME': tempfile.gettempdir()}
    session = ptyrun.Session(['valgrind', '--tool=callgrind', '--dump-instr=yes', f'--callgrind-out-file={out}',
                              f'--instr-atstart={"no" if keys_only else "yes"}', binary, path], 120, 40, env, None)
    session.settle(2.0, timeout=120)
    if keys_only:
        subprocess.run(['callgrind_control', '-i', 'on', str(session.pid)], capture_output=True, check=True)
    for key in keys:
        sent = session.send(key)
        session.settle(0.5, since=sent)
    session.send('q')
    session.settle(1.0)
    session.close()
    deadline = time.time() + 30
    while time.time() < deadline and not os.path.getsize(out):
        time.sleep(0.2)
    return instruction_addresses(out)


def instruction_addresses(profile_path):
    """Every instruction address a callgrind profile (`--dump-instr=yes`) gives a cost or a call to."""
    addresses = set()
    current = 0
    with open(profile_path, errors='replace') as profile:
        for line in profile:
            first = line[:1]
            if first not in '0+-*':
                continue
            position = line.split(None, 1)[0]
            if position.startswith('0x'):
                current = int(position, 16)
            elif first in '+-':
                step = position[1:]
                step = int(step, 16) if step.startswith('0x') else int(step)
                current += step if first == '+' else -step
            elif first != '*' or position != '*':
                continue
            addresses.add(current)
    return addresses


def main():
    binary, map_path, output = sys.argv[1], sys.argv[2], sys.argv[3]
    starts, ends = code_sections(map_path)
    if len(starts) < 1000:
        sys.exit(f'startup_order: only {len(starts)} sections of code in {map_path}; was it linked with -Map?')
    with tempfile.TemporaryDirectory() as scratch:
        plain = os.path.join(scratch, 'arbor')
        # valgrind cannot read the debug information Swift's release link writes; the symbol table is enough.
        subprocess.run(['strip', '--strip-debug', '-o', plain, binary], check=True)
        ran = set()
        for index, (path, keys) in enumerate(RUNS):
            ran |= addresses_run(plain, path, keys, os.path.join(scratch, f'callgrind.{index}'))
        moving = addresses_run(plain, RUNS[0][0], MOVES, os.path.join(scratch, 'callgrind.moves'), keys_only=True)

    def sections(addresses):
        found = set()
        for address in addresses:
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0 and address < ends[index][0]:
                found.add(ends[index][1])
        return found
    chosen = sections(ran)
    keyed = sections(moving)
    if len(chosen) < 500:
        sys.exit(f'startup_order: only {len(chosen)} sections seen running; is valgrind installed?')
    # Which paths of the concurrency runtime a run takes depends on timing (a task suspends or does not): a
    # section the last order listed and this run missed stays while the program has it. Dropping eleven of them
    # once put six more windows of 64 KiB of code in every start's memory.
    present = {name for _, name in ends}
    if os.path.exists(output):
        with open(output) as previous:
            chosen |= {line.strip() for line in previous} & present
    with open(output, 'w') as order:
        order.write('.text.startup\n')
        order.writelines(f'{name}\n' for name in sorted(keyed))
        order.writelines(f'{name}\n' for name in sorted(chosen - keyed))
    print(f'{len(chosen)} sections in {output}')


if __name__ == '__main__':
    main()
