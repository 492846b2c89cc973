"""find_report -- the find section of docs/benchmarks.md and its budgets, from find_run's results."""
from shapes_report import budget_row


def worst(keys, name):
    values = [key[name] for key in keys if key.get(name) is not None]
    return max(values) if values else None


def render(find, baselines, show):
    """Markdown lines: one row per source, then the budgets of the find issue."""
    if not find:
        return []
    lines = ['## Find over every item', '',
             'F, then the query typed a key at a time (`d03d`; `c07p` in the directory tree). *Key drawn*: the key '
             'to the frame that shows it; *first matches*: the key to the first frame listing matches; *all items*: '
             'the key to the frame saying every item was searched — for the third key this includes most of the walk '
             'of the whole source, which the first key began two frames before (the first query of the session); for '
             'the last key it refines a walked corpus. The first three keys are typed as soon as their first matches '
             'show, while the walk runs. `fzf --filter` '
             'reads the same list (the tree\'s titles one a line, the path list, `find` piped in) and prints every '
             'match. Memory: the peak of the session against the same source opened without a find.', '',
             '| source | key drawn (worst) | first matches (worst) | all items, 3rd key (with the walk) | fzf --filter | '
             'all items, last key | fzf --filter | peak memory |',
             '|---|---|---|---|---|---|---|---|']
    rows = []
    for key, title in [('json', '1,000,000-node JSON tree'), ('paths', '1,000,000-line path list'),
                       ('fs', '200k-entry directory tree (a walk)')]:
        result = find.get(key)
        if not result:
            continue
        keys = result['keys']
        fzf = result.get('fzf', {})
        queries = list(fzf.values())
        third = keys[2].get('done') if len(keys) > 2 else None
        last = keys[-1].get('done')
        base = baselines.get(key)
        memory = show(result['rss_kb'], 'MiB') if result.get('rss_kb') else '–'
        if base and result.get('rss_kb'):
            memory += f' (×{result["rss_kb"] / base:.2f})'
        def ratio(figure, peer):
            return f'{show(peer, "ms")} (×{figure / peer:.2f})' if figure and peer else '–'
        lines.append(f'| {title} | {show(worst(keys, "drawn"), "ms")} | {show(worst(keys, "first"), "ms")} | '
                     f'{show(third, "ms")} | {ratio(third, queries[0] if len(queries) > 1 else None)} | {show(last, "ms")} | '
                     f'{ratio(last, queries[-1] if queries else None)} | {memory} |')
        rows.append((key, title, keys, queries, third, last, result.get('rss_kb'), base))
    rested = find.get('json-rested')
    json_fzf = list(find.get('json', {}).get('fzf', {}).values())
    if rested:
        first = rested['keys'][2].get('done') if len(rested['keys']) > 2 else None
        base = baselines.get('json')
        opened = rested.get('open_rss_kb')
        lines += ['', 'Once the screen has rested a quarter of a second with the source read, a source held in memory '
                  'is walked ahead of a find (up to 2,000,000 items or 32 MiB of text). The JSON tree\'s session again, F typed after one '
                  f'second without a key: all matches of the first query (`d03`) {show(first, "ms")}'
                  + (f' against fzf --filter\'s {show(json_fzf[0], "ms")}' if len(json_fzf) > 1 else '')
                  + f'; the refined one {show(rested["keys"][-1].get("done"), "ms")}. What the walk ahead costs a session '
                  f'that never finds: the tree open and rested {show(opened, "MiB")}'
                  + (f' against {show(base, "MiB")} open (×{opened / base:.2f})' if opened and base else '') + '.']
    lines += ['', '### Budgets of finds', '', '| budget | this run | limit | |', '|---|---|---|---|']

    def check(name, figure, limit, unit='ms'):
        lines.append(budget_row(show, name, figure, limit, unit))

    if rested:
        check('1,000,000-node JSON tree: all matches, first query after the screen rested 1 s ≤ 100 ms', first, 100)
        check('1,000,000-node JSON tree: all matches, first query after the screen rested 1 s ≤ fzf --filter', first,
              json_fzf[0] if len(json_fzf) > 1 else None)

    for key, title, keys, queries, third, last, rss, base in rows:
        short = title.split(' (')[0]
        if key == 'fs':
            check(f'{short}: first matches ≤ 100 ms after the key', keys[0]['first'], 100)
            check(f'{short}: the whole walk ≤ find \\| fzf --filter', third, queries[0] if queries else None)
        else:
            check(f'{short}: first matches ≤ 50 ms after every key', worst(keys, 'first'), 50)
            check(f'{short}: all matches, first query with the walk ≤ fzf --filter', third,
                  queries[0] if len(queries) > 1 else None)
            check(f'{short}: all matches, refined query ≤ fzf --filter', last, queries[-1] if queries else None)
        check(f'{short}: a key drawn ≤ 16 ms while matching runs', worst(keys, 'drawn'), 16)
        if key != 'fs':
            check(f'{short}: peak memory ≤ 1.1× the source open', rss, base * 1.1 if base else None, 'MiB')
    return lines + ['']
