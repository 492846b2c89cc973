#!/usr/bin/env python3
"""shapes -- the data people bring, generated deterministically (nothing downloaded).

  shapes.py OUT [--small]

OUT/api-100mb.json   a search-API response: metadata and 20,000 status objects with nested users, entities
                     and media, about 100 MB
OUT/api-1gb.json     ten such responses in a top-level array, about 1 GB
OUT/line-1gb.json    one response of 200,000 statuses as one minified line, non-ASCII as \\u escapes, about 1 GB
OUT/map-1gb.json     one top-level object of 200,000 statuses keyed by id, one a line, about 1 GB
OUT/deep-1gb.json    1,000 objects nested one in the next, each holding 200 statuses, about 1 GB
OUT/flat-1m.json     a top-level array of 1,000,000 flat objects, about 100 MB
OUT/table-1m.csv     a 1,000,000-row adjacency table id,parent,name,type,owner,created (fan-out 20)
OUT/wide-1m.json     an object tree whose root has 1,000,000 children
OUT/wide-1m.txt      a path list of 1,000,000 files in one directory
OUT/wide-1m.sqlite   an adjacency table nodes(id, parent, title): one root with 1,000,000 children
--small writes every file at a hundredth of the size (the 1 GB ones at a thousandth).
"""
import json, os, random, sqlite3, sys

WORDS = ['alpha', 'beta', 'gamma', 'delta', 'notes', 'draft', 'budget', 'photos', 'music', 'archive',
         'café', 'Straße', 'Ωmega', 'Привет', '日本語', '報告書', '한국어']


def sentence(rng, words):
    return ' '.join(rng.choice(WORDS) for _ in range(words))


def url(rng):
    return f'https://example.com/{rng.choice(WORDS)}/{rng.randrange(10**9)}'


def status(rng, index, nested=True):
    """One status as a search API returns it: text, entities, a user with its own entities, media, and for
    most statuses the status it retweets or quotes, in full."""
    user_id = rng.randrange(10**12)
    hashtags = [{'text': rng.choice(WORDS), 'indices': [i * 8, i * 8 + 6]} for i in range(rng.randrange(4))]
    mentions = [{'screen_name': f'user{rng.randrange(10**6)}', 'name': sentence(rng, 2), 'id': rng.randrange(10**12),
                 'id_str': str(rng.randrange(10**12)), 'indices': [3, 15]} for _ in range(rng.randrange(3))]
    urls = [{'url': url(rng), 'expanded_url': url(rng), 'display_url': f'example.com/{rng.choice(WORDS)}',
             'indices': [40, 63]} for _ in range(rng.randrange(3))]
    media = [{'id': rng.randrange(10**15), 'id_str': str(rng.randrange(10**15)), 'indices': [64, 87],
              'media_url_https': url(rng), 'url': url(rng), 'display_url': 'pic.example.com/x', 'type': 'photo',
              'sizes': {size: {'w': w, 'h': w * 3 // 4, 'resize': 'fit'} for size, w in
                        [('thumb', 150), ('small', 680), ('medium', 1200), ('large', 2048)]}}
             for _ in range(rng.randrange(2))]
    return {
        'created_at': f'Mon Sep {1 + index % 28:02d} 12:{index % 60:02d}:00 +0000 2024',
        'id': 10**17 + index, 'id_str': str(10**17 + index),
        'text': sentence(rng, 20), 'truncated': False,
        'entities': {'hashtags': hashtags, 'symbols': [], 'user_mentions': mentions, 'urls': urls, 'media': media},
        'metadata': {'iso_language_code': 'en', 'result_type': 'recent'},
        'source': '<a href="https://example.com/app" rel="nofollow">Example App</a>',
        'in_reply_to_status_id': None, 'in_reply_to_user_id': None, 'in_reply_to_screen_name': None,
        'user': {
            'id': user_id, 'id_str': str(user_id), 'name': sentence(rng, 2), 'screen_name': f'user{user_id % 10**6}',
            'location': rng.choice(WORDS), 'description': sentence(rng, 15), 'url': url(rng),
            'entities': {'url': {'urls': [{'url': url(rng), 'expanded_url': url(rng), 'indices': [0, 23]}]},
                         'description': {'urls': []}},
            'protected': False, 'followers_count': rng.randrange(10**6), 'friends_count': rng.randrange(10**4),
            'listed_count': rng.randrange(1000), 'created_at': 'Tue Mar 03 08:00:00 +0000 2015',
            'favourites_count': rng.randrange(10**5), 'utc_offset': None, 'time_zone': None,
            'geo_enabled': rng.random() < 0.5, 'verified': False, 'statuses_count': rng.randrange(10**5),
            'lang': None, 'profile_background_color': 'C0DEED',
            'profile_image_url_https': url(rng), 'profile_banner_url': url(rng),
            'profile_link_color': '1DA1F2', 'profile_sidebar_border_color': 'C0DEED',
            'profile_text_color': '333333', 'profile_use_background_image': True,
            'has_extended_profile': False, 'default_profile': True, 'following': None, 'follow_request_sent': None,
            'notifications': None, 'translator_type': 'none',
        },
        'geo': None, 'coordinates': None, 'place': None, 'contributors': None, 'is_quote_status': False,
        'retweet_count': rng.randrange(1000), 'favorite_count': rng.randrange(5000),
        'favorited': False, 'retweeted': False, 'possibly_sensitive': False, 'lang': 'en',
        **({'retweeted_status': status(rng, index + 10**6, nested=False)} if nested and index % 5 < 3 else {}),
        **({'quoted_status': status(rng, index + 2 * 10**6, nested=False)} if nested and index % 5 == 3 else {}),
    }


def write_api(name, statuses, copies=1):
    """The response (and `copies` of it in a top-level array), each status on a line of its own."""
    rng = random.Random(11)
    parts = [json.dumps(status(rng, i), ensure_ascii=False) for i in range(statuses)]
    body = ('{"statuses": [\n' + ',\n'.join(parts) + '\n],\n"search_metadata": '
            + json.dumps({'completed_in': 0.087, 'max_id': 10**17 + statuses, 'query': 'arbor', 'count': statuses,
                          'next_results': '?max_id=1&q=arbor', 'refresh_url': '?since_id=1&q=arbor'}) + '}')
    with open(name, 'w', encoding='utf-8') as out:
        if copies == 1:
            out.write(body + '\n')
            return
        out.write('[\n')
        for copy in range(copies):
            out.write(body + (',\n' if copy + 1 < copies else '\n'))
        out.write(']\n')


def api_statuses(count):
    """The statuses of write_api's response, as values."""
    rng = random.Random(11)
    return [status(rng, i) for i in range(count)]


def write_line(name, statuses, copies):
    """One response whose array holds `copies` times `statuses` statuses, minified on one line, ASCII only."""
    block = ','.join(json.dumps(item, ensure_ascii=True, separators=(',', ':')) for item in api_statuses(statuses))
    metadata = json.dumps({'completed_in': 0.087, 'count': statuses * copies, 'query': 'caf\u00e9'}, separators=(',', ':'))
    with open(name, 'w', encoding='ascii') as out:
        out.write('{"statuses":[')
        for copy in range(copies):
            out.write(block + (',' if copy + 1 < copies else ''))
        out.write('],"search_metadata":' + metadata + '}')


def write_map(name, statuses, copies):
    """One top-level object of statuses keyed by a unique id, a member a line."""
    lines = [json.dumps(item, ensure_ascii=False) for item in api_statuses(statuses)]
    with open(name, 'w', encoding='utf-8') as out:
        out.write('{\n')
        for copy in range(copies):
            last = copy + 1 == copies
            out.write(',\n'.join(f'"s{copy:03d}-{i:06d}": {line}' for i, line in enumerate(lines)) + ('\n' if last else ',\n'))
        out.write('}\n')


def write_deep(name, statuses, levels):
    """`levels` objects nested one in the next under `inner`, each holding `statuses` statuses."""
    block = ',\n'.join(json.dumps(item, ensure_ascii=False) for item in api_statuses(statuses))
    with open(name, 'w', encoding='utf-8') as out:
        for level in range(levels):
            out.write(f'{{"level": {level}, "statuses": [\n{block}\n]' + (', "inner": ' if level + 1 < levels else ''))
        out.write('}' * levels + '\n')


def write_flat(name, count):
    rng = random.Random(12)
    cities = ['Hamburg', 'Berlin', 'München', 'Köln', 'Zürich', 'Wien', 'Paris', 'Tokyo']
    with open(name, 'w', encoding='utf-8') as out:
        out.write('[\n')
        for i in range(count):
            out.write(json.dumps({'id': i, 'name': f'person {i}', 'email': f'p{i}@example.com',
                                  'age': rng.randrange(18, 90), 'active': rng.random() < 0.5,
                                  'score': round(rng.random() * 100, 2), 'city': rng.choice(cities)},
                                 ensure_ascii=False) + (',\n' if i + 1 < count else '\n'))
        out.write(']\n')


def write_table(name, rows):
    rng = random.Random(13)
    kinds = ['site', 'building', 'line', 'machine', 'component', 'sensor']
    with open(name, 'w', encoding='utf-8') as out:
        out.write('id,parent,name,type,owner,created,description\n')
        for i in range(rows):
            parent = '' if i == 0 else f'N{(i - 1) // 20:07d}'
            out.write(f'N{i:07d},{parent},unit {i} {rng.choice(WORDS)},{kinds[min(5, len(str(i)) - 1)]},'
                      f'owner{rng.randrange(500)},2024-{1 + i % 12:02d}-{1 + i % 28:02d},"{sentence(rng, 8)}"\n')


def write_wide_json(name, children):
    with open(name, 'w', encoding='utf-8') as out:
        out.write('{"title": "root", "subtitle": "folder", "children": [\n')
        out.write(',\n'.join(f'{{"title": "child {i:07d}", "subtitle": "document {i}"}}' for i in range(children)))
        out.write('\n]}\n')


def write_wide_paths(name, children):
    with open(name, 'w', encoding='utf-8') as out:
        out.writelines(f'wide/f{i:07d}.txt\n' for i in range(children))


def write_wide_sqlite(name, children):
    db = sqlite3.connect(name)
    db.execute('PRAGMA journal_mode = OFF')
    db.execute('CREATE TABLE nodes (id INTEGER PRIMARY KEY, parent INTEGER, title TEXT)')
    db.execute("INSERT INTO nodes VALUES (0, NULL, 'root')")
    db.executemany('INSERT INTO nodes VALUES (?, 0, ?)', ((i, f'node {i}') for i in range(1, children + 1)))
    db.execute('CREATE INDEX nodes_parent ON nodes (parent, id)')
    db.commit()
    db.close()


def main(out, small):
    scale = 100 if small else 1
    os.makedirs(out, exist_ok=True)
    files = {
        'api-100mb.json': lambda path: write_api(path, 20_000 // scale),
        'api-1gb.json': lambda path: write_api(path, 20_000 // scale // (10 if small else 1), copies=10),
        'line-1gb.json': lambda path: write_line(path, 20_000 // scale // (10 if small else 1), copies=10),
        'map-1gb.json': lambda path: write_map(path, 20_000 // scale // (10 if small else 1), copies=10),
        'deep-1gb.json': lambda path: write_deep(path, 200 // (10 if small else 1), levels=1000 // (10 if small else 1)),
        'flat-1m.json': lambda path: write_flat(path, 1_000_000 // scale),
        'table-1m.csv': lambda path: write_table(path, 1_000_000 // scale),
        'wide-1m.json': lambda path: write_wide_json(path, 1_000_000 // scale),
        'wide-1m.txt': lambda path: write_wide_paths(path, 1_000_000 // scale),
        'wide-1m.sqlite': lambda path: write_wide_sqlite(path, 1_000_000 // scale),
    }
    for name, write in files.items():
        path = os.path.join(out, name)
        if not os.path.exists(path):
            if os.path.exists(path + '.part'):
                os.remove(path + '.part')
            write(path + '.part')
            os.replace(path + '.part', path)
    return {name: os.path.join(out, name) for name in files}


if __name__ == '__main__':
    print(json.dumps(main(os.path.abspath(sys.argv[1]), '--small' in sys.argv), indent=1))
