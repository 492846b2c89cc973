#!/usr/bin/env python3
"""generate -- the benchmark's data, deterministic: the same files on every machine.

  generate.py OUT [--small]

OUT/tree/            a directory tree: 20 x 20 x 20 directories, files spread over them, 200,000 entries in
                     all with OUT/tree/.../h_huge holding 100,000 files (the deepest, last directory)
OUT/paths-200k.txt   the tree's relative paths, depth first, as `find` would list them
OUT/tree-1m.json     a 1,000,000-node JSON object tree (title, subtitle, body, children), about 180 MB
OUT/tree-1k.json     1,000 nodes under the same two top levels as tree-1m.json
OUT/paths-1m.txt     the 1,000,000-node tree's paths
OUT/nodes-10m.sqlite a 10,000,000-row adjacency table nodes(id, parent, title), indexed on parent
OUT/meta.json        names to expect on each first screen
--small writes every file at a hundredth of the size, for a smoke run.
"""
import json, os, random, sqlite3, sys

WORDS = ['alpha', 'beta', 'gamma', 'delta', 'notes', 'draft', 'budget', 'photos', 'music', 'archive',
         'café', 'Straße', 'Ωmega', 'Привет', '日本語', '報告書', '한국어']


class Shape:
    """A tree of `nodes` nodes: `depth` levels of `fanout` directories, files round-robin over them."""

    def __init__(self, nodes, fanout, depth, seed):
        rng = random.Random(seed)
        self.parent, self.title, self.is_dir = [-1], ['root'], [True]
        level = [0]
        for depth_index in range(depth):
            next_level = []
            for parent in level:
                for k in range(fanout):
                    next_level.append(self.add(parent, f'{"abcde"[depth_index]}{k:02d}_{WORDS[k % len(WORDS)]}', True))
            level = next_level
        directories = [i for i, d in enumerate(self.is_dir) if d]
        self.last_directory = level[-1]
        for i in range(nodes - len(self.title)):
            d = directories[i % len(directories)]
            self.add(d, f'f{i // len(directories):04d}_{rng.choice(WORDS)}.txt', False)
        self.children = [[] for _ in self.title]
        for i, p in enumerate(self.parent):
            if p >= 0:
                self.children[p].append(i)
        self.rng = rng

    def add(self, parent, title, is_dir):
        self.parent.append(parent)
        self.title.append(title)
        self.is_dir.append(is_dir)
        return len(self.title) - 1

    def walk(self):
        """(node, relative path) depth first, parents first; iterative."""
        stack = [(0, '')]
        while stack:
            node, path = stack.pop()
            yield node, path
            for child in reversed(self.children[node]):
                stack.append((child, f'{path}/{self.title[child]}' if path else self.title[child]))


def write_json(shape, name):
    rng = random.Random(7)
    dump = lambda text: json.dumps(text, ensure_ascii=False)
    with open(name, 'w', encoding='utf-8') as out:
        stack = [(0, 0)]
        while stack:
            node, index = stack.pop()
            if index == 0:
                body = ' '.join(rng.choice(WORDS) for _ in range(12))
                kind = 'folder' if shape.is_dir[node] else 'document'
                out.write('{"title": %s, "subtitle": %s, "body": %s, "children": ['
                          % (dump(shape.title[node]), dump(f'{kind} {node}'), dump(body)))
            kids = shape.children[node]
            if index < len(kids):
                if index:
                    out.write(', ')
                stack.append((node, index + 1))
                stack.append((kids[index], 0))
            else:
                out.write(']}')
        out.write('\n')


def write_paths(shape, name):
    with open(name, 'w', encoding='utf-8') as out:
        out.writelines(path + '\n' for node, path in shape.walk() if node)


def write_disk(shape, root, huge):
    huge_path = None
    for node, path in shape.walk():
        full = os.path.join(root, path) if path else root
        if shape.is_dir[node]:
            os.makedirs(full, exist_ok=True)
            if node == shape.last_directory:
                huge_path = os.path.join(path, 'h_huge')
        else:
            open(full, 'w').close()
    os.makedirs(os.path.join(root, huge_path), exist_ok=True)
    for k in range(huge):
        open(os.path.join(root, huge_path, f'n{k:06d}_{WORDS[k % 10]}.txt'), 'w').close()
    return huge_path


def write_sqlite(name, rows, fanout):
    if os.path.exists(name):
        os.remove(name)
    db = sqlite3.connect(name)
    db.execute('PRAGMA journal_mode = OFF')
    db.execute('PRAGMA synchronous = OFF')
    db.execute('CREATE TABLE nodes (id INTEGER PRIMARY KEY, parent INTEGER, title TEXT)')
    db.executemany('INSERT INTO nodes VALUES (?, ?, ?)',
                   ((i, None if i == 0 else (i - 1) // fanout, f'node {i} {WORDS[i % 10]}') for i in range(rows)))
    db.execute('CREATE INDEX nodes_parent ON nodes (parent, id)')
    db.commit()
    db.close()


def main():
    out = os.path.abspath(sys.argv[1])
    scale = 100 if '--small' in sys.argv else 1
    os.makedirs(out, exist_ok=True)
    meta_path = os.path.join(out, 'meta.json')
    wanted = {'version': 3, 'scale': scale}
    if os.path.exists(meta_path):
        with open(meta_path) as existing:
            meta = json.load(existing)
            if all(meta.get(k) == v for k, v in wanted.items()):
                print(f'generate: {out} is up to date')
                return
    tree = Shape(100_000 // scale, 20 if scale == 1 else 4, 3, seed=1)
    root = os.path.join(out, 'tree')
    if os.path.exists(root):
        os.system(f"rm -rf '{root}'")
    huge = write_disk(tree, root, 100_000 // scale)
    write_paths(tree, os.path.join(out, 'paths-200k.txt'))
    with open(os.path.join(out, 'paths-200k.txt'), 'a', encoding='utf-8') as paths:
        paths.writelines(f'{huge}/n{k:06d}_{WORDS[k % 10]}.txt\n' for k in range(100_000 // scale))
    million = Shape(1_000_000 // scale, 20 if scale == 1 else 4, 4 if scale == 1 else 3, seed=2)
    write_json(million, os.path.join(out, 'tree-1m.json'))
    write_paths(million, os.path.join(out, 'paths-1m.txt'))
    # The same two top levels as the million-node tree (names, kinds, fan-out), so that the screens the keys
    # move over show the same kind of text and only the size differs.
    write_json(Shape(1_000, 20 if scale == 1 else 4, 2, seed=2), os.path.join(out, 'tree-1k.json'))
    write_sqlite(os.path.join(out, 'nodes-10m.sqlite'), 10_000_000 // scale, 20)
    # A directory of a million empty files (ten thousand with --small), outside the tree.
    flat = os.path.join(out, 'dir-1m')
    if os.path.exists(flat):
        os.system(f"rm -rf '{flat}'")
    os.makedirs(flat)
    for k in range(1_000_000 // scale):
        os.close(os.open(os.path.join(flat, f'n{k:07d}_{WORDS[k % 10]}.txt'), os.O_CREAT | os.O_WRONLY, 0o644))
    first = tree.title[tree.children[0][0]]
    meta = dict(wanted, tree=root, huge=os.path.join(root, huge), million=flat, first_dir=first,
                first_in_first=tree.title[tree.children[tree.children[0][0]][0]],
                json_first=million.title[million.children[0][0]])
    with open(meta_path, 'w') as file:
        json.dump(meta, file, ensure_ascii=False, indent=1)
    print(json.dumps(meta, ensure_ascii=False))


if __name__ == '__main__':
    main()
