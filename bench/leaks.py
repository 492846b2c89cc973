#!/usr/bin/env python3
"""leaks -- Arbor under valgrind's memcheck for a short and a long scripted session; memory it loses must not
grow with use.

  leaks.py [SOURCE] [--keys N,M]

Each session opens SOURCE (default: the plant sample) in a 120x40 pty, presses N keys from a fixed cycle (moves,
enter and back, outline, header, a filter typed and cleared, help), quits with q, and reads valgrind's leak
summary. valgrind runs a copy of the release binary without its debug information (valgrind 3.19 cannot read
the DWARF 5 of Swift binaries).
"""
import os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import ptyrun

CYCLE = ['Down', 'Down', 'Right', 'Down', 'Left', 'Up', 'o', 'Down', 'Right', 'Left', 'o', 'i', 'Tab', 'i',
         '/', 'a', 'l', 'Backspace', 'Backspace', 'Esc', '?', 'q', 'End', 'Home', 'PgDn', 'PgUp']


def session(binary, source, keys):
    log = f'/tmp/arbor-leaks-{keys}.txt'
    env = {'PATH': os.environ['PATH'], 'TERM': 'xterm-256color', 'LANG': 'C.UTF-8', 'HOME': '/tmp'}
    command = ['valgrind', '--leak-check=full', '--show-leak-kinds=definite,indirect', f'--log-file={log}',
               binary, source]
    started = time.time()
    run = ptyrun.Session(command, 120, 40, env, None)
    if run.wait_for(re.compile(r'\d+ of \d+'), 120) is None:
        sys.exit('leaks: no first frame under valgrind')
    run.settle(1.0)
    for index in range(keys):
        key = CYCLE[index % len(CYCLE)]
        if key == 'q':  # closes the help overlay opened just before
            key = 'Esc'
        sent = run.send(key)
        run.settle(0.05, since=sent)
    run.send('q')
    for _ in range(600):
        if os.waitpid(run.pid, os.WNOHANG)[0]:
            break
        time.sleep(0.1)
    text = open(log).read()
    found = {}
    for kind in ['definitely lost', 'indirectly lost', 'possibly lost', 'still reachable']:
        match = re.search(kind + r': ([\d,]+) bytes in ([\d,]+) blocks', text)
        found[kind] = tuple(int(value.replace(',', '')) for value in match.groups()) if match else (0, 0)
    errors = re.search(r'ERROR SUMMARY: (\d+) errors', text)
    found['errors'] = int(errors.group(1)) if errors else -1
    found['seconds'] = round(time.time() - started, 1)
    return found


def main():
    source = next((arg for arg in sys.argv[1:] if not arg.startswith('--') and not re.match(r'^\d+,\d+$', arg)),
                  os.path.join(ROOT, 'sample-data/plant-maintenance.json'))
    counts = [int(n) for n in (sys.argv[sys.argv.index('--keys') + 1] if '--keys' in sys.argv else '100,1000').split(',')]
    binary = '/tmp/arbor-leaks-nodebug'
    subprocess.run(['strip', '--strip-debug', '-o', binary, os.path.join(ROOT, '.build/release/arbor')], check=True)
    results = {keys: session(binary, source, keys) for keys in counts}
    for keys, found in results.items():
        print(f'{keys} keys: ' + ', '.join(f'{kind} {value[0]} B in {value[1]} blocks' if isinstance(value, tuple)
                                         else f'{kind} {value}' for kind, value in found.items()))
    lost = [found['definitely lost'][0] + found['indirectly lost'][0] for found in results.values()]
    if lost[-1] > lost[0]:
        sys.exit(f'leaks: lost memory grows with use: {lost[0]} B after {counts[0]} keys, {lost[-1]} B after {counts[-1]}')
    print('lost memory does not grow with use')


if __name__ == '__main__':
    main()
