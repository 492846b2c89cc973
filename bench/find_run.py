"""find_run -- finds over whole sources, typed as a person types them, beside `fzf --filter` on the same list.

Called by run.py; every figure from one run. Each session opens the source, waits for the state the user waits
for (the JSON tree indexed, the path list read whole, the directory's first column), presses F and types a
query a key at a time. For each key it times the frame that draws the key, the first frame with matches and
the frame that says the search is over (every item searched); the first query includes the walk of the
source, the last key refines a search whose items are already walked.
"""
import json, os, re, statistics, subprocess, sys, time


def probes(query):
    """ptyrun probes for typing a four-key `query` into the find prompt: each key drawn and its first matches;
    the first three keys typed as soon as their matches show (the walk that the first began still running),
    the third and the last waited for until every item is searched."""
    result = []
    for index, key in enumerate(query):
        typed = re.escape(query[:index + 1])
        result += [f'{key}=find: {typed}█', f"=found for '{typed}'"]
        if index >= 2:
            result.append(f"=found for '{typed}'[\\s\\S]*items searched · Enter")
    return result


def measure_find(measure, label, command, expect, query, runs, timeout, rest=None):
    """One session typing `query` (after `rest` seconds without a key, if given); the medians of each key's
    frames, and the session's peak memory."""
    keys = (f'Rest{rest} ' if rest else '') + 'F'
    metrics = {name: line['median'] for name, line in
               measure(label, command, expect, keys=keys, runs=runs, timeout=timeout, probes=probes(query)).items()}
    keys = []
    number = 0
    for index in range(len(query)):
        names = ['drawn', 'first'] + (['done'] if index >= 2 else [])
        key = {}
        for offset, name in enumerate(names):
            key[name] = metrics.get(f'probe_ms[{number}:{query[index] if offset == 0 else ""}]')
            number += 1
        keys.append(key)
    return {'keys': keys, 'rss_kb': metrics.get('rss_kb')}


def fzf_filter(shell, runs):
    """Wall time of a shell pipeline ending in `fzf --filter`, median of runs."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(['sh', '-c', shell], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def titles_list(data, tree_json):
    """The titles of the 1M-node tree, one a line: the same texts for fzf as Arbor searches."""
    path = os.path.join(data, 'titles-1m.txt')
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(tree_json):
        with open(tree_json, 'rb') as source:
            root = json.load(source)
        with open(path, 'w') as out:
            stack = [root]
            while stack:
                node = stack.pop()
                out.write(node['title'] + '\n')
                stack.extend(reversed(node.get('children', [])))
    return path


def run(measure, arbor, data, runs, smoke, installed):
    """Measures finds over the 1M-node JSON tree, the 1M-line path list and the 200k directory tree."""
    print('finds', file=sys.stderr)
    timeout = 60 if smoke else 180
    results = {}
    tree_json = os.path.join(data, 'tree-1m.json')
    paths = os.path.join(data, 'paths-1m.txt')
    tree = os.path.join(data, 'tree')
    query = 'd03d'
    results['json'] = measure_find(measure, 'find-json', [arbor, tree_json], r'a00_alpha[\s\S]*1 of', query, runs, timeout)
    # The same find once the screen has rested a second: the walk ahead of a find began a quarter of a second into it.
    results['json-rested'] = measure_find(measure, 'find-json-rested', [arbor, tree_json], r'a00_alpha[\s\S]*1 of', query,
                                          runs, timeout, rest=1.0)
    # What resting costs a session that never finds: the tree open and rested, its walk ahead done.
    rested = measure('open-json-rested', [arbor, tree_json], r'a00_alpha[\s\S]*1 of', keys='Rest1.0', runs=runs,
                     timeout=timeout)
    results['json-rested']['open_rss_kb'] = rested.get('rss_kb', {}).get('median')
    results['paths'] = measure_find(measure, 'find-paths', [arbor, paths], r'a00_alpha[\s\S]*(?m:\d+ of \d+ *$)', query,
                                    runs, timeout)
    results['fs'] = measure_find(measure, 'find-fs', [arbor, tree], r'a00_alpha[\s\S]*1 of', 'c07p', runs, timeout)
    if installed('fzf') and not smoke:
        titles = titles_list(data, tree_json)
        for key, listing, text in [('json', titles, query), ('paths', paths, query)]:
            results[key]['fzf'] = {q: fzf_filter(f"fzf --filter '{q}' < '{listing}'", runs) for q in [text[:3], text]}
        results['fs']['fzf'] = {q: fzf_filter(f"find '{tree}' | fzf --filter {q}", runs) for q in ['c07', 'c07p']}
    return results
