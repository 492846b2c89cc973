#!/usr/bin/env python3
"""formats -- JSON Lines and XML at scale, beside the tools people read them with.

    python3 bench/formats.py ARBOR_BINARY DATA [--out docs/benchmarks.md]

- A 1 GB JSON Lines file of log events (made in DATA when missing): Arbor's first screen (the browser in a
  pseudo-terminal, from the start of the process to the frame showing the first event), the time until every
  line is indexed (`arbor query path '$.nothing'`, which reads and indexes the whole file) beside the same events
  as one JSON array (the JSON document index), and peak memory once the whole file is indexed; beside
  `jq -c . | wc -l` and VisiData (`vd -b`, given 300 s) on the same file.
- A 100 MB XML file shaped like an OpenStreetMap extract (nodes with attributes and tags, ways with node
  references): the first frame and peak memory, beside `xmllint --stream` and Python's `xml.etree`.
- `tail -f` of a growing JSON Lines file piped to Arbor: from the write of a line to the frame showing it
  (median of 10 lines).
"""
import os, random, re, statistics, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import Session
import sections

ENV = dict(os.environ, TERM='xterm-256color', LANG='C.UTF-8')
LEVELS = ['info', 'info', 'info', 'warn', 'error', 'debug']


def event(number, rng):
    return ('{"name":"event %d","level":"%s","ts":"2026-11-%02dT%02d:%02d:%02dZ","service":"svc-%d","latency_ms":%d,'
            '"user":{"id":%d,"region":"eu-%d"},"tags":["a%d","b%d"],"message":"request %d handled by worker %d after %d retries"}'
            % (number, LEVELS[number % 6], 1 + number % 28, number % 24, number % 60, number % 60, number % 40,
               rng.randrange(2000), rng.randrange(10**6), number % 5, number % 9, number % 7, number, number % 16, number % 3))


def write_jsonl(path, size):
    rng = random.Random(7)
    number = 0
    with open(path + '.part', 'w') as out:
        written = 0
        while written < size:
            lines = [event(number + i, rng) for i in range(10000)]
            number += len(lines)
            block = '\n'.join(lines) + '\n'
            out.write(block)
            written += len(block)
    os.rename(path + '.part', path)


def write_json_array(jsonl, path):
    """The same events as one JSON array: the document index's speed on the same bytes."""
    with open(jsonl) as source, open(path + '.part', 'w') as out:
        out.write('[')
        first = True
        for line in source:
            out.write(('' if first else ',') + line.rstrip('\n') + '\n')
            first = False
        out.write(']\n')
    os.rename(path + '.part', path)


def write_osm(path, size):
    rng = random.Random(11)
    with open(path + '.part', 'w') as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="arbor-bench">\n')
        written, node = 0, 0
        while written < size:
            parts = []
            for _ in range(2000):
                node += 1
                tags = ''.join(f'\n    <tag k="{k}" v="{v}{node % 97}"/>' for k, v in
                               (('highway', 'residential'), ('name', 'Street '), ('surface', 'asphalt'))[:rng.randrange(4)])
                parts.append(f'  <node id="{node}" lat="{rng.uniform(47, 55):.7f}" lon="{rng.uniform(5, 15):.7f}" version="{node % 9 + 1}" '
                             f'user="mapper{node % 500}" timestamp="2024-0{node % 9 + 1}-1{node % 9}T10:00:00Z">{tags}\n  </node>\n')
                if node % 10 == 0:
                    refs = ''.join(f'\n    <nd ref="{node - k}"/>' for k in range(8))
                    parts.append(f'  <way id="{node // 10}" version="2">{refs}\n    <tag k="highway" v="service"/>\n  </way>\n')
            block = ''.join(parts)
            out.write(block)
            written += len(block)
        out.write('</osm>\n')
    os.rename(path + '.part', path)


def timed(command, shell=False, timeout=None):
    """(seconds, peak KiB of the process tree's largest member) of a command run to its end; None past timeout."""
    start = time.monotonic()
    process = subprocess.Popen(command, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        _, _, usage = os.wait4(process.pid, 0) if timeout is None else wait_with_timeout(process, timeout)
    except TimeoutError:
        os.killpg(process.pid, 9)
        process.wait()
        return None, None
    elapsed = time.monotonic() - start
    children = __import__('resource').getrusage(__import__('resource').RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(usage.ru_maxrss, 0) or children


def wait_with_timeout(process, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            return pid, status, usage
        time.sleep(0.05)
    raise TimeoutError


def first_screen(arbor, path, pattern, complete=None, timeout=120):
    """(first frame s, complete s, peak KiB once complete) of the browser on `path`."""
    start = time.perf_counter()
    session = Session([arbor, path], 160, 40, ENV, None)
    try:
        first = session.first_frame_matching(re.compile(pattern), start, timeout)
        done = session.first_frame_matching(re.compile(complete), start, timeout, already=True) if complete else first
        session.settle(1.0, timeout=5)
        return (first and first - start), (done and done - start), session.peak_rss_kb()
    finally:
        session.close()


def tail_latency(arbor, data, lines=10):
    path = os.path.join(data, 'growing.jsonl')
    with open(path, 'w') as out:
        out.write('{"name":"start"}\n')
    session = Session(['sh', '-c', f'tail -f {path} | {arbor}'], 160, 40, ENV, None)
    times = []
    try:
        if session.wait_for(re.compile('start'), 30) is None:
            return None
        session.settle(0.3)
        for number in range(lines):
            with open(path, 'a') as out:
                written = time.perf_counter()
                out.write('{"name":"arrived %d"}\n' % number)
            shown = session.first_frame_matching(re.compile(f'arrived {number}\\b'), written, 5)
            if shown is not None:
                times.append((shown - written) * 1000)
            session.settle(0.1)
    finally:
        session.close()
    return statistics.median(times) if times else None


def main():
    arbor, data = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else None
    os.makedirs(data, exist_ok=True)
    jsonl = os.path.join(data, 'events-1gb.jsonl')
    if not os.path.exists(jsonl):
        write_jsonl(jsonl, 1 << 30)
    array = os.path.join(data, 'events-1gb.json')
    if not os.path.exists(array):
        write_json_array(jsonl, array)
    osm = os.path.join(data, 'osm-100mb.xml')
    if not os.path.exists(osm):
        write_osm(osm, 100 << 20)
    lines = sum(1 for _ in open(jsonl, 'rb'))
    size, xml_size = os.path.getsize(jsonl), os.path.getsize(osm)
    ms = lambda s: '—' if s is None else f'{s * 1000:.0f} ms'
    mib = lambda kb: '—' if not kb else f'{kb / 1024:.0f} MiB'
    of = lambda kb, total: '—' if not kb else f'{kb * 1024 / total:.2f}×'

    screens = [first_screen(arbor, jsonl, r'event 0\b', complete=f'▶ {lines:,}'.replace(',', r'[,.]?')) for _ in range(3)]
    first = statistics.median(s[0] for s in screens if s[0] is not None)
    complete = [s for s in screens if s[1] is not None]
    indexed = sorted(timed([arbor, 'query', 'path', '$.nothing', jsonl]) for _ in range(3))[1]
    document = sorted(timed([arbor, 'query', 'path', '$.nothing', array]) for _ in range(3))[1]
    jq = timed(f'jq -c . {jsonl} | wc -l', shell=True)
    vd = timed(['vd', '-b', '-f', 'jsonl', jsonl, '-o', os.devnull], timeout=300) if subprocess.run(
        ['sh', '-c', 'command -v vd'], stdout=subprocess.DEVNULL).returncode == 0 else (None, None)
    peak = statistics.median(s[2] for s in complete) if complete else None

    with open(osm, 'rb') as source:
        # The root's members: its attributes, then its child elements.
        top = sum(line.count(b'="') if line.startswith(b'<osm') else 1 for line in source
                  if line.startswith(b'<osm') or line.startswith(b'  <node') or line.startswith(b'  <way'))
    xml_screens = [first_screen(arbor, osm, r'osm', complete=f'▶ {top:,}'.replace(',', r'[,.]?')) for _ in range(3)]
    xml_first = statistics.median(s[0] for s in xml_screens if s[0] is not None)
    xml_peak = statistics.median(s[2] for s in xml_screens if s[2])
    xmllint = timed(['xmllint', '--stream', '--noout', osm]) if subprocess.run(
        ['sh', '-c', 'command -v xmllint'], stdout=subprocess.DEVNULL).returncode == 0 else (None, None)
    etree = timed([sys.executable, '-c', 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])', osm])
    tail = tail_latency(arbor, data)
    tiny = os.path.join(data, 'tiny.xml')
    with open(tiny, 'w') as written:
        written.write('<a x="1"><b>t</b></a>\n')
    base = first_screen(arbor, tiny, r'b')[2]

    rows = [
        f'| 1 GB JSON Lines ({lines:,} lines, {size / 1e9:.2f} GB): first screen | {ms(first)} | — | — | ≤ 100 ms |',
        f'| … every line indexed (`query path` over the whole file) | {ms(indexed[0])} | jq -c . \\| wc -l: {ms(jq[0])} | '
        f'VisiData: {"> 300 s" if vd[0] is None else ms(vd[0])} | ≥ the document index: {ms(document[0])} on the same events as one array '
        f'({document[0] / indexed[0]:.2f}× its speed) |',
        f'| … in the browser, the count complete | {ms(statistics.median(s[1] for s in complete) if complete else None)} | — | — | — |',
        f'| … peak memory, every line indexed | {mib(peak)} ({of(peak, size)}) | jq: {mib(jq[1])} | VisiData: {mib(vd[1])} | ≤ 1.5× the file |',
        f'| 100 MB XML (OSM-like, {xml_size / 1e6:.0f} MB): first frame (the peers show nothing before the end) | {ms(xml_first)} '
        f'| — | — | ≤ 500 ms |',
        f'| … every element indexed (the root\'s count complete) | {ms(statistics.median(s[1] for s in xml_screens if s[1] is not None))} '
        f'| xmllint --stream: {ms(xmllint[0])} | xml.etree: {ms(etree[0])} | — |',
        f'| … peak memory, every element indexed (Arbor on a 22-byte XML file: {mib(base)}) | {mib(xml_peak)} ({of(xml_peak, xml_size)}) '
        f'| {mib(xmllint[1])} | {mib(etree[1])} | ≤ 1.5× the file |',
        f'| `tail -f` of a growing JSON Lines file: a line written to its frame (median of 10) | '
        f'{"—" if tail is None else f"{tail:.0f} ms"} | — | — | ≤ 50 ms |',
    ]
    lines_out = [
        '## JSON Lines and XML', '',
        'One run of `bench/formats.py` on the release build: Arbor medians of 3, peers once, in the same run on the',
        'same files. The first screen is from the start of the process to the frame showing the first event or the',
        'root element; memory is the process\'s peak (VmHWM), taken once every line or element is indexed, the',
        'process\'s own memory at start included (shown for a 22-byte file).', '',
        *sections.PEER_TABLE,
        *rows, '',
    ]
    sections.publish(out, 'JSON Lines and XML', lines_out)


if __name__ == '__main__':
    main()
