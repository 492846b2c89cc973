"""report -- docs/benchmarks.md from the measurements of run.py."""
import datetime, os, platform, subprocess


def machine():
    cpu = ''
    try:
        with open('/proc/cpuinfo') as info:
            cpu = next((line.split(':', 1)[1].strip() for line in info if line.startswith('model name')), '')
    except OSError:
        pass
    memory = ''
    try:
        with open('/proc/meminfo') as info:
            memory = f'{int(info.readline().split()[1]) / 1048576:.0f} GiB'
    except OSError:
        pass
    return f'{platform.system()} {platform.release()}, {os.cpu_count()} cores ({cpu}), {memory}'


def value(results, scenario, label, metric, statistic='median'):
    try:
        return results[scenario][label][metric][statistic]
    except (KeyError, TypeError):
        return None


def show(number, unit):
    if number is None:
        return '–'
    if unit == 'MiB':
        return f'{number / 1024:.1f} MiB'
    return f'{number:.2f} ms' if number < 10 else f'{number:.0f} ms'


def cell(results, scenario, label, metric, unit, arbor):
    number = value(results, scenario, label, metric)
    if number is None:
        return '–'
    if label == 'arbor' or arbor is None or not number:
        return show(number, unit)
    ratio = arbor / number
    # Below a hundredth, two decimals would read ×0.00.
    return f'{show(number, unit)} (×{ratio:.2f})' if ratio >= 0.01 else f'{show(number, unit)} (×{ratio:.1g})'


def render(results, instructions, sizes, smoke, machine, finds=None):
    peers = [p for p in ['ranger', 'lf', 'nnn', 'vifm'] if p in results.get('root', {})]
    lines = ['# Benchmarks', '',
             f'Measured {datetime.date.today().isoformat()} by `make bench` on {machine}.',
             'Every figure is a median of several runs, taken from outside the program in a 120x40 pseudo-terminal',
             '(`bench/ptyrun.py`): time to the first frame that shows the expected items, time from a key to the',
             'last screen change it causes, and peak resident memory (VmHWM). Each peer cell carries Arbor\'s figure',
             'divided by the peer\'s, from the same run: under 1 means Arbor is faster or smaller. The root of the',
             '200k tree is measured in three rounds, each program in turn, and its figures are the medians of the',
             'rounds\' medians.', '']
    rows = [('first frame, root of the 200k tree', 'root', 'first_frame_ms', 'ms'),
            ('100,000-entry directory, sorted list shown', 'huge', 'first_frame_ms', 'ms'),
            ('Down, per key', 'root', 'key_ms[Down]', 'ms'),
            ('enter a directory (→)', 'root', 'key_ms[Right]', 'ms'),
            ('back (←)', 'root', 'key_ms[Left]', 'ms'),
            ('peak memory, root', 'root', 'rss_kb', 'MiB'),
            ('peak memory, 100k directory (listing complete)', 'huge', 'rss_kb', 'MiB')]
    lines += ['## Directory trees', '', '| workload | ' + ' | '.join(['arbor'] + peers) + ' |',
              '|---|---|' + '---|' * len(peers)]
    for title, scenario, metric, unit in rows:
        # Arbor's first frame of the huge directory is a part of it; beside the peers stands its sorted whole.
        mine = 'huge-sorted' if scenario == 'huge' else scenario
        arbor = value(results, mine, 'arbor', metric)
        lines.append(f'| {title} | {show(arbor, unit)} | ' + ' | '.join(cell(results, scenario, label, metric, unit, arbor)
                                                                   for label in peers) + ' |')
    lines += ['', 'Arbor\'s figures for the 100,000-entry directory are taken once its sorted list is shown (the peers show',
              'nothing before theirs); before that, its first 256 entries are on screen, in the order the directory',
              'gives them, after ' + show(value(results, 'huge', 'arbor', 'first_frame_ms'), 'ms') + '. Memory is the peak of that whole session.', '']
    lines += ['A directory of 1,000,000 entries: first entries on screen '
              + show(value(results, 'million', 'arbor', 'first_frame_ms'), 'ms') + ', a key while the rest is read and sorted '
              + show(value(results, 'million', 'arbor', 'key_ms[Down]'), 'ms') + ' (worst '
              + show(value(results, 'million', 'arbor', 'key_ms[Down]', 'max'), 'ms') + '), the sorted list '
              + show(value(results, 'million-sorted', 'arbor', 'first_frame_ms'), 'ms') + ' in '
              + show(value(results, 'million-sorted', 'arbor', 'rss_kb'), 'MiB') + '; nnn shows its sorted list after '
              + show(value(results, 'million', 'nnn', 'first_frame_ms'), 'ms') + ' in '
              + show(value(results, 'million', 'nnn', 'rss_kb'), 'MiB') + '.', '']
    lines += ['Outline: expanding a row (→) '
              + show(value(results, 'outline', 'arbor', 'key_ms[Right]'), 'ms') + ', collapsing (←) '
              + show(value(results, 'outline', 'arbor', 'key_ms[Left]'), 'ms') + ', Down '
              + show(value(results, 'outline', 'arbor', 'key_ms[Down]'), 'ms') + '.', '']
    lines += ['## Path lists', '', '| workload | arbor | fzf (first item) | fzf (all lines read) |', '|---|---|---|---|']
    for name, title in [('paths-200k', '200,000 paths'), ('paths-1m', '1,000,000 paths')]:
        arbor = value(results, name, 'arbor', 'first_frame_ms')
        lines.append(f'| {title}: first frame (Arbor: the first 256 KB shown) | {show(arbor, "ms")} | '
                     f'{cell(results, name, "fzf", "first_frame_ms", "ms", arbor)} | '
                     f'{cell(results, name, "fzf-all", "first_frame_ms", "ms", arbor)} |')
        whole = value(results, name + '-whole', 'arbor', 'first_frame_ms')
        lines.append(f'| {title}: all read, the whole tree shown | {show(whole, "ms")} | '
                     f'{cell(results, name, "fzf", "first_frame_ms", "ms", whole)} | '
                     f'{cell(results, name, "fzf-all", "first_frame_ms", "ms", whole)} |')
        memory = value(results, name, 'arbor', 'rss_kb')
        lines.append(f'| {title}: peak memory | {show(memory, "MiB")} | '
                     f'{cell(results, name, "fzf", "rss_kb", "MiB", memory)} | '
                     f'{cell(results, name, "fzf-all", "rss_kb", "MiB", memory)} |')
    size = sizes.get('tree-1m.json', 0)
    arbor_json = value(results, 'json-1m', 'arbor', 'first_frame_ms')
    json_memory = value(results, 'json-1m', 'arbor', 'rss_kb')
    lines += ['', f'## JSON: a 1,000,000-node tree ({size / 1e6:.0f} MB)', '',
              '| workload | arbor | visidata |', '|---|---|---|',
              f'| first frame (the whole tree indexed) | {show(arbor_json, "ms")} | '
              f'{cell(results, "json-1m", "visidata", "first_frame_ms", "ms", arbor_json)} |',
              f'| peak memory | {show(json_memory, "MiB")}'
              + (f' ({json_memory * 1024 / size:.2f}× the file)' if json_memory and size else '')
              + f' | {cell(results, "json-1m", "visidata", "rss_kb", "MiB", json_memory)} |',
              f'| Down / enter / back | {show(value(results, "json-1m", "arbor", "key_ms[Down]"), "ms")} / '
              f'{show(value(results, "json-1m", "arbor", "key_ms[Right]"), "ms")} / '
              f'{show(value(results, "json-1m", "arbor", "key_ms[Left]"), "ms")} | – |', '']
    lines += ['## SQLite: a 10,000,000-row adjacency table', '',
              f'First frame {show(value(results, "sqlite-10m", "arbor", "first_frame_ms"), "ms")}, '
              f'Down {show(value(results, "sqlite-10m", "arbor", "key_ms[Down]"), "ms")}, '
              f'enter {show(value(results, "sqlite-10m", "arbor", "key_ms[Right]"), "ms")}, '
              f'back {show(value(results, "sqlite-10m", "arbor", "key_ms[Left]"), "ms")}, '
              f'peak memory {show(value(results, "sqlite-10m", "arbor", "rss_kb"), "MiB")} '
              '(no peer browses an SQLite adjacency table as a tree).', '']
    import shapes_report
    lines += shapes_report.render(results, sizes, show, cell, value)
    small, large = instructions.get('tree-1k.json'), instructions.get('tree-1m.json')
    lines += budgets(results, sizes, small, large)
    lines += shapes_report.budgets(results, sizes, show, value)
    import find_report
    baselines = {'json': value(results, 'json-1m', 'arbor', 'rss_kb'), 'paths': value(results, 'paths-1m-whole', 'arbor', 'rss_kb'),
                 'fs': value(results, 'root', 'arbor', 'rss_kb')}
    lines += find_report.render(finds or {}, baselines, show)
    if small and large:
        lines += ['## Work per key', '',
                  f'Instructions per move key (callgrind, instrumentation on only while the keys are typed, once the program has '
                  f'gone idle after its first frame and the walk ahead of a find; 10 Down and 10 Up in turn; '
                  f'the two JSON trees have the same two top levels, so the screens the keys move over show the same kind of text): '
                  f'{small:,.0f} with 1,000 nodes, {large:,.0f} with 1,000,000 nodes '
                  f'(ratio {large / small:.2f}).', '']
    return '\n'.join(lines) + '\n'


def budgets(results, sizes, small, large):
    """The budgets of the performance issue, each with the figure of this run and whether it is met."""
    def get(scenario, label, metric):
        return value(results, scenario, label, metric)

    rows = []

    def check(title, figure, limit, unit='ms', note=''):
        if figure is None or limit is None:
            rows.append(f'| {title} | – | {show(limit, unit) if limit else "–"} | not measured |')
            return
        verdict = 'met' if figure <= limit else f'missed (×{figure / limit:.1f})'
        rows.append(f'| {title} | {show(figure, unit)} | {show(limit, unit)}{note} | {verdict} |')

    check('first frame, root of the 200k tree ≤ nnn', get('root', 'arbor', 'first_frame_ms'), get('root', 'nnn', 'first_frame_ms'))
    check('first frame, 100,000-entry directory (its first entries) ≤ 100 ms', get('huge', 'arbor', 'first_frame_ms'), 100)
    check('1,000,000-entry directory: first entries ≤ 50 ms', get('million', 'arbor', 'first_frame_ms'), 50)
    check('1,000,000-entry directory: sorted whole ≤ nnn', get('million-sorted', 'arbor', 'first_frame_ms'),
          get('million', 'nnn', 'first_frame_ms'))
    check('1,000,000-entry directory: keys ≤ 16 ms while it is read', get('million', 'arbor', 'key_ms[Down]'), 16)
    check('peak memory, root of the 200k tree ≤ 8 MiB', get('root', 'arbor', 'rss_kb'), 8 * 1024, 'MiB')
    check('Down ≤ 0.4 ms', get('root', 'arbor', 'key_ms[Down]'), 0.4)
    check('Down ≤ nnn', get('root', 'arbor', 'key_ms[Down]'), get('root', 'nnn', 'key_ms[Down]'))
    check('enter ≤ 1 ms', get('root', 'arbor', 'key_ms[Right]'), 1)
    check('back ≤ 1 ms', get('root', 'arbor', 'key_ms[Left]'), 1)
    check('1M-node JSON: first frame ≤ 400 ms', get('json-1m', 'arbor', 'first_frame_ms'), 400)
    size = sizes.get('tree-1m.json')
    check('1M-node JSON: peak memory ≤ 1.5× the file', get('json-1m', 'arbor', 'rss_kb'),
          size * 1.5 / 1024 if size else None, 'MiB')
    check('1M paths: first frame ≤ fzf\'s first item', get('paths-1m', 'arbor', 'first_frame_ms'),
          get('paths-1m', 'fzf', 'first_frame_ms'))
    check('1M paths: fully built ≤ 1 s', get('paths-1m-whole', 'arbor', 'first_frame_ms'), 1000)
    check('10M-row SQLite: first frame ≤ 100 ms', get('sqlite-10m', 'arbor', 'first_frame_ms'), 100)
    check('peak memory, 100k directory (sorted) ≤ vifm', get('huge-sorted', 'arbor', 'rss_kb'), get('huge', 'vifm', 'rss_kb'), 'MiB')
    if small and large:
        ratio = large / small
        rows.append(f'| instructions per move key, 1M vs 1k nodes within 20% | ×{ratio:.2f} | ×1.20 | '
                    + ('met' if ratio <= 1.2 else 'missed') + ' |')
    return ['## Budgets', '', '| budget | this run | limit | |', '|---|---|---|---|'] + rows + ['']
