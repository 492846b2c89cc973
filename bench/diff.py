#!/usr/bin/env python3
"""diff -- arbor diff at scale, beside the tools that compare the same files.

    python3 bench/diff.py ARBOR_BINARY DATA [--out docs/benchmarks.md]

- Two versions of the 96 MB search-API document (api-100mb.json) with 100 scattered changes: 33 values changed,
  33 members added, 33 removed, one element inserted into the 20,000-element array (the second version made in
  DATA once, written line for line as the first so that unchanged statuses keep their bytes). Arbor's first
  screen of the tree of changes (the browser in a pseudo-terminal, from the start of the process to the frame
  showing the counts), its peak memory then, and `--output summary` run to its end; beside Python's deepdiff
  and GNU diff (a line diff of the text, not a structural one) on the same pair.
- Two versions of the 102 MB Kubernetes list as YAML (crossing_run's, as `kubectl get -o yaml` prints it) with 50
  replica counts changed, spread through it, and the same pair as JSON: the tree of changes on screen, its peak
  memory, and `--output summary` to its end.
- Two identical copies of the 1.1 GB events document: `arbor diff` to its exit status 0, beside `cmp`.
- Two 100,000-entry directories (1,000 folders of 100 small files) differing in ten entries: the tree of
  changes on screen, beside `diff -rq`.
"""
import json, os, random, re, shutil, statistics, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import Session
from formats import timed
import sections

ENV = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8')


def write_changed_api(source, path):
    """The API document with 100 changes, its untouched lines kept byte for byte."""
    rng = random.Random(5)
    lines = open(source, encoding='utf-8').read().split('\n')
    statuses = [i for i, line in enumerate(lines) if line.startswith('{"created_at"')]
    out = list(lines)
    for n, i in enumerate(sorted(rng.sample(statuses, 99))):
        text = lines[i]
        comma = ',' if text.endswith(',') else ''
        value = json.loads(text[:-1] if comma else text)
        if n % 3 == 0:
            value['retweet_count'] = value.get('retweet_count', 0) + 1
        elif n % 3 == 1:
            value['edited'] = True
        else:
            value.pop('truncated', None)
        out[i] = json.dumps(value, ensure_ascii=False) + comma
    at = statuses[len(statuses) // 2]
    inserted = json.loads(lines[at].rstrip(','))
    inserted['id'], inserted['text'] = 1, 'inserted'
    out.insert(at, json.dumps(inserted, ensure_ascii=False) + ',')
    with open(path + '.part', 'w', encoding='utf-8') as written:
        written.write('\n'.join(out))
    os.rename(path + '.part', path)


def write_changed_manifests(source, path, changes=50):
    """The Kubernetes list with `changes` replica counts changed, spread evenly through it, every other line
    kept byte for byte (the YAML list's lines, or the JSON list's `"replicas": N` members on its one line)."""
    with open(source) as f:
        text = f.read()
    places = [m.start(1) for m in re.finditer(r'replicas"?: (\d+)', text)]
    chosen = set(places[len(places) * k // changes + len(places) // (2 * changes)] for k in range(changes))
    parts, last = [], 0
    for place in sorted(chosen):
        end = place + len(re.match(r'\d+', text[place:]).group(0))
        parts += [text[last:place], str(int(text[place:end]) + 1000)]
        last = end
    parts.append(text[last:])
    with open(path + '.tmp', 'w') as f:
        f.write(''.join(parts))
    os.replace(path + '.tmp', path)


def write_directories(first, second):
    """1,000 folders of 100 files; the second a copy with 4 files rewritten, 3 removed and 3 added."""
    for root in (first, second):
        shutil.rmtree(root, ignore_errors=True)
    os.makedirs(first)
    for folder in range(1000):
        os.mkdir(os.path.join(first, f'd{folder:04}'))
        for file in range(100):
            with open(os.path.join(first, f'd{folder:04}', f'f{file:03}.txt'), 'w') as written:
                written.write(f'file {folder} {file}\n')
    shutil.copytree(first, second)
    for n in range(4):
        with open(os.path.join(second, f'd{n * 211:04}', 'f007.txt'), 'w') as written:
            written.write(f'rewritten {n}\n')
    for n in range(3):
        os.remove(os.path.join(second, f'd{n * 307 + 5:04}', 'f050.txt'))
        with open(os.path.join(second, f'd{n * 149 + 3:04}', f'new{n}.txt'), 'w') as written:
            written.write('new\n')


def first_screen(arbor, first, second, pattern, timeout=120):
    """(first frame s, peak KiB once shown) of `arbor diff` browsing the two."""
    start = time.perf_counter()
    session = Session([arbor, 'diff', first, second], 160, 40, ENV, None)
    try:
        shown = session.first_frame_matching(re.compile(pattern), start, timeout)
        session.settle(0.5, timeout=5)
        return (shown and shown - start), session.peak_rss_kb()
    finally:
        session.close()


def available(tool):
    return subprocess.run(['sh', '-c', f'command -v {tool}'], stdout=subprocess.DEVNULL).returncode == 0


def prepare(data):
    """Writes the second versions and the copies the comparisons read, where they are not there yet."""
    api = os.path.join(data, 'api-100mb.json')
    changed = os.path.join(data, 'api-100mb-changed.json')
    if not os.path.exists(changed):
        write_changed_api(api, changed)
    events = os.path.join(data, 'events-1gb.json')
    copy = os.path.join(data, 'events-1gb-copy.json')
    if not os.path.exists(copy) or os.path.getsize(copy) != os.path.getsize(events):
        shutil.copyfile(events, copy)
    first_dir, second_dir = os.path.join(data, 'dirs-100k-a'), os.path.join(data, 'dirs-100k-b')
    if not os.path.exists(second_dir):
        write_directories(first_dir, second_dir)
    for suffix in ('yaml', 'json'):
        first = os.path.join(data, f'deployments-200000.{suffix}')
        second = os.path.join(data, f'deployments-200000-changed.{suffix}')
        if os.path.exists(first) and not os.path.exists(second):
            write_changed_manifests(first, second)


def main():
    if sys.argv[1] == '--prepare':
        return prepare(sys.argv[2])
    arbor, data = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    # The files are made by a process of their own: a child forked from this one would count this one's peak
    # (the documents loaded to write their second versions) as its own (Linux keeps the high-water mark across exec).
    subprocess.run([sys.executable, os.path.abspath(__file__), '--prepare', data], check=True)
    api, changed = os.path.join(data, 'api-100mb.json'), os.path.join(data, 'api-100mb-changed.json')
    events, copy = os.path.join(data, 'events-1gb.json'), os.path.join(data, 'events-1gb-copy.json')
    first_dir, second_dir = os.path.join(data, 'dirs-100k-a'), os.path.join(data, 'dirs-100k-b')
    manifests = {}
    for suffix in ('yaml', 'json'):
        second = os.path.join(data, f'deployments-200000-changed.{suffix}')
        if os.path.exists(second):
            manifests[suffix] = (os.path.join(data, f'deployments-200000.{suffix}'), second)
    both = os.path.getsize(api) + os.path.getsize(changed)
    ms = lambda s: '—' if s is None else f'{s * 1000:.0f} ms'
    mib = lambda kb: '—' if not kb else f'{kb / 1024:.0f} MiB'

    screens = [first_screen(arbor, api, changed, r'\+34 −33 ~33') for _ in range(3)]
    screen = statistics.median(s[0] for s in screens if s[0] is not None)
    screen_peak = statistics.median(s[1] for s in screens if s[1])
    summary = sorted(timed([arbor, 'diff', '--output', 'summary', api, changed]) for _ in range(3))[1]
    deepdiff = timed([sys.executable, '-c', 'import json, sys; from deepdiff import DeepDiff; '
                      'DeepDiff(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))', api, changed], timeout=600) \
        if subprocess.run([sys.executable, '-c', 'import deepdiff'], stderr=subprocess.DEVNULL).returncode == 0 else (None, None)
    line_diff = timed(['diff', api, changed])
    same = sorted(timed([arbor, 'diff', '--output', 'summary', events, copy]) for _ in range(3))[1]
    status = subprocess.run([arbor, 'diff', '--output', 'summary', events, copy], stdout=subprocess.DEVNULL).returncode
    cmp = timed(['cmp', events, copy])
    dirs = [first_screen(arbor, first_dir, second_dir, r'\+3 −3 ~4') for _ in range(3)]
    dirs_screen = statistics.median(s[0] for s in dirs if s[0] is not None)
    dirs_peak = statistics.median(s[1] for s in dirs if s[1])
    diff_rq = timed(['diff', '-rq', first_dir, second_dir])
    lists = {}
    for suffix, (first, second) in manifests.items():
        list_screens = [first_screen(arbor, first, second, r'~50\b') for _ in range(3)]
        lists[suffix] = (statistics.median(s[0] for s in list_screens if s[0] is not None),
                         statistics.median(s[1] for s in list_screens if s[1]),
                         sorted(timed([arbor, 'diff', '--output', 'summary', first, second]) for _ in range(3))[1],
                         os.path.getsize(first) + os.path.getsize(second))

    rows = [
        f'| Two versions of the API document ({both / 2e6:.0f} MB each, 100 changes): first screen of the tree of changes '
        f'| {ms(screen)} | deepdiff: {"> 600 s" if deepdiff[0] is None and deepdiff[1] is None else ms(deepdiff[0])} '
        f'| diff (lines): {ms(line_diff[0])} | ≤ 1 s |',
        f'| … peak memory with the tree on screen | {mib(screen_peak)} ({screen_peak * 1024 / both:.2f}× the two files) '
        f'| {mib(deepdiff[1])} | {mib(line_diff[1])} | ≤ 2× the two files |',
        f'| … `--output summary` to its end | {ms(summary[0])}, {mib(summary[1])} | — | — | — |',
        f'| Two identical copies of the {os.path.getsize(events) / 1e9:.1f} GB events document: exit status {status} '
        f'| {ms(same[0])}, {mib(same[1])} | cmp: {ms(cmp[0])} | — | ≤ 2 s |',
        f'| Two 100,000-entry directories differing in ten entries: the tree of changes on screen | {ms(dirs_screen)}, '
        f'{mib(dirs_peak)} | diff -rq: {ms(diff_rq[0])}, {mib(diff_rq[1])} | — | ≤ 1 s |',
    ]
    if 'yaml' in lists:
        screen_yaml, peak_yaml, summary_yaml, both_yaml = lists['yaml']
        twin = lists.get('json')
        rows += [
            f'| Two versions of the Kubernetes list as YAML ({both_yaml / 2e6:.0f} MB each, 50 replica counts changed): '
            f'first screen of the tree of changes | {ms(screen_yaml)}, {mib(peak_yaml)} ({peak_yaml * 1024 / both_yaml:.2f}× the two files) '
            f'| the same as JSON: {ms(twin and twin[0])}, {mib(twin and twin[1])} | — | ≤ 1 s; ≤ 2× the two files |',
            f'| … `--output summary` to its end | {ms(summary_yaml[0])}, {mib(summary_yaml[1])} '
            f'| the same as JSON: {ms(twin and twin[2][0])}, {mib(twin and twin[2][1])} | — | — |',
        ]
    lines_out = [
        '## arbor diff', '',
        'One run of `bench/diff.py` on the release build: Arbor medians of 3, peers once, in the same run on the same',
        'files. The first screen is from the start of the process to the frame showing the root\'s counts of changes',
        '(the whole comparison done); memory is the process\'s peak (VmHWM) then. dyff, jd and difftastic do not',
        'install here; deepdiff compares the two documents as Python values (its load included); GNU diff compares',
        'lines of text, which is not the same job (one line of this file holds a whole status). Two copies with the',
        'same bytes are known equal from their bytes, a block at a time, without being indexed (docs/DECISIONS.md).', '',
        *sections.PEER_TABLE,
        *rows, '',
    ]
    sections.publish(out, 'arbor diff', lines_out)


if __name__ == '__main__':
    main()
