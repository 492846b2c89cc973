"""crossing_run -- Arbor across boundaries: a whole multi-table SQLite database without flags, and a diff of two
directories of manifests that goes into the changed files, beside sqlite3 and diff -r in the same run.

Called by shapes_run.py; data made here (sqlite3's generate_series, Python for the manifests), nothing downloaded.
"""
import json, os, random, subprocess, sys


def database(data, smoke):
    """Four tables: 10,000,000 events and 5,000,000 log rows with a JSON payload (1 GB), users, a tree of places."""
    path = os.path.join(data, 'tables-1gb.sqlite' if not smoke else 'tables-small.sqlite')
    if os.path.exists(path):
        return path
    scale = 1000 if smoke else 1
    script = f"""
        CREATE TABLE events(kind TEXT, user INTEGER, value REAL, payload TEXT);
        INSERT INTO events SELECT 'k' || (value % 7), value % 5000, value * 0.5, 'event ' || value || ' of a long day'
            FROM generate_series(1, {10_000_000 // scale});
        CREATE TABLE logs(id INTEGER PRIMARY KEY, at TEXT, level TEXT, message TEXT, payload TEXT);
        INSERT INTO logs SELECT value, datetime(1700000000 + value, 'unixepoch'), 'info',
            'request ' || value || ' served in ' || (value % 977) || ' ms', '{{"user": ' || (value % 10007) || ', "ok": true}}'
            FROM generate_series(1, {5_000_000 // scale});
        CREATE TABLE users(name TEXT, email TEXT);
        INSERT INTO users SELECT 'user ' || value, 'u' || value || '@example.com' FROM generate_series(1, 5000);
        CREATE TABLE places(id INTEGER PRIMARY KEY, parent INTEGER, name TEXT);
        INSERT INTO places VALUES (1, NULL, 'world'), (2, 1, 'europe'), (3, 2, 'france');
        """
    subprocess.run(['sqlite3', path + '.tmp'], input=script, text=True, check=True)
    os.rename(path + '.tmp', path)
    return path


def manifests(data, smoke):
    """Two directories of 2,000 Deployments (half JSON, half YAML), 20 of them with another replica count."""
    count = 200 if smoke else 2000
    sides = [os.path.join(data, f'manifests-{count}-{side}') for side in 'ab']
    if all(os.path.isdir(side) for side in sides):
        return sides
    random.seed(7)
    changed = set(random.sample(range(count), 20))
    for index in range(count):
        team = f'team{index % 40}'
        name = f'svc-{index}'
        document = {'apiVersion': 'apps/v1', 'kind': 'Deployment', 'metadata': {'name': name, 'namespace': team},
                    'spec': {'replicas': 2, 'template': {'spec': {'containers': [
                        {'name': 'main', 'image': f'registry.example.com/{name}:1.{index % 17}.0',
                         'env': [{'name': f'VAR_{k}', 'value': f'value-{k}-{index}'} for k in range(8)]}]}}}}
        for number, side in enumerate(sides):
            if number == 1 and index in changed:
                document['spec']['replicas'] = 3
            os.makedirs(os.path.join(side, team), exist_ok=True)
            if index % 2 == 0:
                text = json.dumps(document, indent=2)
                suffix = 'json'
            else:
                # JSON is YAML; flow style keeps the generator small and the files real YAML to the parser.
                text = '\n'.join(f'{key}: {json.dumps(value)}' for key, value in document.items())
                suffix = 'yaml'
            with open(os.path.join(side, team, f'{name}.{suffix}'), 'w') as file:
                file.write(text + '\n')
    return sides


def tarball(data, smoke):
    """A gzip'd tar of a source tree: 200,000 files of 0.5-2.5 KB of words (240 MB compressed)."""
    count = 2000 if smoke else 200_000
    path = os.path.join(data, f'src-{count}.tar.gz')
    if os.path.exists(path):
        return path, count
    import gzip, io, tarfile
    rng = random.Random(3)
    words = [''.join(rng.choice('abcdefghijklmnopqrstuvwxyz_') for _ in range(rng.randint(3, 12))) for _ in range(5000)]
    with gzip.open(path + '.tmp', 'wb', compresslevel=1) as raw, tarfile.open(fileobj=raw, mode='w|') as archive:
        for index in range(count):
            body = (' '.join(rng.choice(words) for _ in range(rng.randint(100, 400))) + '\n').encode()
            info = tarfile.TarInfo(f'src/mod{index // 1000:03d}/sub{(index // 100) % 10}/file{index}.py')
            info.size, info.mtime = len(body), 1700000000
            archive.addfile(info, io.BytesIO(body))
    os.rename(path + '.tmp', path)
    return path, count


def zipped(data, smoke):
    """A zip of 100,000 small deflated members in 100 directories."""
    count = 1000 if smoke else 100_000
    path = os.path.join(data, f'members-{count}.zip')
    if not os.path.exists(path):
        import zipfile
        with zipfile.ZipFile(path + '.tmp', 'w', zipfile.ZIP_DEFLATED) as archive:
            for index in range(count):
                archive.writestr(f'pkg/m{index // 1000:03d}/f{index}.txt', 'x' * (index % 50))
        os.rename(path + '.tmp', path)
    return path, count


def member_zip(data, smoke):
    """A zip holding one 200 MB JSON document (deflated): an API listing of 650,000 records under `items`."""
    count = 6_500 if smoke else 650_000
    words = ['ready', 'pending', 'scaled', 'rolled', 'out', 'node', 'pod', 'image', 'pulled', 'started', 'probe',
             'failed', 'passed', 'restart', 'backoff', 'volume', 'mounted', 'secret', 'config', 'updated']
    path = os.path.join(data, f'member-{count}.zip')
    if not os.path.exists(path):
        import zipfile
        random.seed(11)
        with zipfile.ZipFile(path + '.tmp', 'w', zipfile.ZIP_DEFLATED) as archive, archive.open('big.json', 'w', force_zip64=True) as member:
            member.write(b'{"kind": "List", "items": [')
            for index in range(count):
                record = {'id': index, 'name': f'svc-{index}', 'namespace': f'team{index % 40}',
                          'labels': {'app': f'svc-{index}', 'tier': random.choice(['web', 'db', 'cache'])},
                          'status': {'replicas': index % 7, 'ready': index % 3 == 0, 'message': ' '.join(random.choices(words, k=random.randint(12, 30)))}}
                member.write((',' if index else '').encode() + json.dumps(record).encode())
            member.write(b'], "count": ' + str(count).encode() + b'}')
        os.rename(path + '.tmp', path)
    return path, count


def bomb_zip(data, smoke):
    """A zip bomb: one member of 10 GB of zeros (about 10 MB deflated)."""
    gigabytes = 0.1 if smoke else 10
    path = os.path.join(data, f'bomb-{gigabytes}g.zip')
    if not os.path.exists(path):
        import zipfile
        block = bytes(16 << 20)
        with zipfile.ZipFile(path + '.tmp', 'w', zipfile.ZIP_DEFLATED) as archive, \
                archive.open('zeros.json', 'w', force_zip64=True) as member:
            for _ in range(int(gigabytes * 1024 / 16)):
                member.write(block)
        os.rename(path + '.tmp', path)
    return path


def k8s_yaml(data, smoke):
    """A Kubernetes-style List of Deployments as `kubectl get -o yaml` prints it (100 MB), and the same as JSON."""
    count = 2_000 if smoke else 200_000
    path = os.path.join(data, f'deployments-{count}.yaml')
    twin = path[:-len('.yaml')] + '.json'
    if not os.path.exists(path):
        random.seed(5)
        with open(path + '.tmp', 'w') as yaml_file, open(twin, 'w') as json_file:
            yaml_file.write('apiVersion: v1\nkind: List\nitems:\n')
            items = []
            for index in range(count):
                item = {'apiVersion': 'apps/v1', 'kind': 'Deployment',
                        'metadata': {'name': f'svc-{index}', 'namespace': f'team{index % 40}',
                                     'labels': {'app': f'svc-{index}', 'tier': random.choice(['web', 'db', 'cache'])}},
                        'spec': {'replicas': index % 7, 'selector': {'matchLabels': {'app': f'svc-{index}'}},
                                 'template': {'spec': {'containers': [{'name': 'main', 'image': f'registry.example.com/svc-{index}:1.{index % 17}.0',
                                                                       'ports': [{'containerPort': 8080}],
                                                                       'env': [{'name': 'A', 'value': f'x{index}'}, {'name': 'B', 'value': f'y{index}'}]}]}}}}
                items.append(item)
                yaml_file.write(f"""- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: svc-{index}
    namespace: team{index % 40}
    labels:
      app: svc-{index}
      tier: {item['metadata']['labels']['tier']}
  spec:
    replicas: {index % 7}
    selector:
      matchLabels:
        app: svc-{index}
    template:
      spec:
        containers:
        - name: main
          image: registry.example.com/svc-{index}:1.{index % 17}.0
          ports:
          - containerPort: 8080
          env:
          - name: A
            value: "x{index}"
          - name: B
            value: "y{index}"
""")
            json.dump({'apiVersion': 'v1', 'kind': 'List', 'items': items}, json_file)
        os.rename(path + '.tmp', path)
    return path, twin, count


def k8s_flow_yaml(path):
    """The same list as people write it by hand or with templates: a flow sequence in each container."""
    flow = path[:-len('.yaml')] + '-flow.yaml'
    if not os.path.exists(flow):
        with open(path) as source, open(flow + '.tmp', 'w') as out:
            for line in source:
                if line == '          ports:\n':
                    out.write('          args: [--port, "8080", -v]\n')
                out.write(line)
        os.rename(flow + '.tmp', flow)
    return flow


def k8s_crlf_yaml(path):
    """The same list with CR LF line breaks, as a Windows checkout holds it."""
    crlf = path[:-len('.yaml')] + '-crlf.yaml'
    if not os.path.exists(crlf):
        with open(path, 'rb') as source, open(crlf + '.tmp', 'wb') as out:
            for line in source:
                out.write(line[:-1] + b'\r\n' if line.endswith(b'\n') else line)
        os.rename(crlf + '.tmp', crlf)
    return crlf


def records_yaml(path, head, record, count, tail=''):
    """Writes `head`, `record(i)` for each of `count` records (100,000 a write) and `tail` to `path`, unless it is
    there; the path."""
    if not os.path.exists(path):
        with open(path + '.tmp', 'w') as out:
            out.write(head)
            for start in range(0, count, 100_000):
                out.write(''.join(record(i) for i in range(start, min(count, start + 100_000))))
            out.write(tail)
        os.rename(path + '.tmp', path)
    return path


def k8s_yaml_1gb(path):
    """The list ten times over (2,000,000 Deployments, 1 GB): the list's items repeated under its one header."""
    big = path[:-len('.yaml')] + '-x10.yaml'
    if not os.path.exists(big):
        with open(path, 'rb') as source:
            header, body = source.read().split(b'items:\n', 1)
        with open(big + '.tmp', 'wb') as out:
            out.write(header + b'items:\n')
            for _ in range(10):
                out.write(body)
        os.rename(big + '.tmp', big)
    return big


def dense_yaml(data, smoke):
    """4,000,000 records of two keys (a mapping every 25 bytes): the densest shape a list of records takes."""
    count = 40_000 if smoke else 4_000_000
    return records_yaml(os.path.join(data, f'records-{count}.yaml'), 'items:\n', lambda i: f'- id: {i}\n  v: x{i}\n', count), count


WORDS = 'the quick brown fox jumps over a lazy dog while service configuration values are folded at eighty'.split()


def folded_text(i, count):
    """`count` words of a text made from `i`."""
    return ' '.join(WORDS[(i * 7 + k * k) % len(WORDS)] for k in range(count))


def folded_lines(text, width=70):
    """`text`'s words in lines of at most `width` columns, as a writer folds it."""
    lines = ['']
    for word in text.split(' '):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f'{lines[-1]} {word}' if lines[-1] else word
    return '\n    '.join(lines)


def folded_record(i):
    """A record as PyYAML writes it (`yaml.dump`): texts longer than 80 columns folded over lines, plain, in single
    quotes (a text ending in a blank) and in double quotes (a character it escapes)."""
    return (f'- name: record-{i}\n'
            f'  description: {folded_lines(folded_text(i, 30))}\n'
            f"  note: '{folded_lines(folded_text(i + 1, 24))} '\n"
            f'  owner: "Jos\\xE9 {folded_lines(folded_text(i + 2, 20))}"\n'
            f'  replicas: {i % 7}\n')


def folded_yaml(data, smoke):
    """180,000 records whose texts are folded over lines as PyYAML writes long ones (about 100 MB)."""
    count = 1_800 if smoke else 180_000
    return records_yaml(os.path.join(data, f'folded-{count}.yaml'), 'items:\n', folded_record, count), count


def one_scalar_yaml(data, smoke):
    """A ConfigMap holding one file of about 100 MB as a literal block scalar, between two small values, and the
    same document as JSON (one string of about 96 MB): a value of a file's size."""
    lines = 12_000 if smoke else 1_200_000
    path, twin = os.path.join(data, f'one-scalar-{lines}.yaml'), os.path.join(data, f'one-string-{lines}.json')
    if not os.path.exists(path):
        text = [folded_text(i, 12) for i in range(lines)]
        with open(path + '.tmp', 'w') as out:
            out.write('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  small: value\n  big.txt: |\n')
            out.writelines(f'    {line}\n' for line in text)
            out.write('  after: end\n')
        os.rename(path + '.tmp', path)
        with open(twin + '.tmp', 'w') as out:
            json.dump({'apiVersion': 'v1', 'kind': 'ConfigMap', 'metadata': {'name': 'big'},
                       'data': {'small': 'value', 'big.txt': ''.join(f'{line}\n' for line in text), 'after': 'end'}}, out)
        os.rename(twin + '.tmp', twin)
    return path, twin


def flow_lines_yaml(data, smoke):
    """700,000 flow mappings in a flow list over as many lines (44 MB), as JSON written as YAML is laid out: read
    by the block reader (through the parser's events before it took flow collections over lines)."""
    count = 7_000 if smoke else 700_000
    return records_yaml(os.path.join(data, f'flow-lines-{count}.yaml'), 'jobs: [\n',
                        lambda i: f'  {{name: job-{i}, base: image-x, when: on_success, n: {i}}},\n', count, '  ]\n'), count


def marked_lines_yaml(data, smoke):
    """700,000 flow mappings over as many lines, each with an alias of one anchor and a comment after its comma
    (49 MB): read by the block reader since it takes aliases and such comments (it was the parser's events' shape)."""
    count = 7_000 if smoke else 700_000
    return records_yaml(os.path.join(data, f'marked-lines-{count}.yaml'), 'base: &b image-x\njobs: [\n',
                        lambda i: f'  {{name: job-{i}, base: *b, when: on_success, n: {i}}},  # job {i}\n', count, '  ]\n'), count


def anchored_yaml(data, smoke):
    """300,000 services each merging an anchored mapping of defaults (`<<: *defaults`), as CI pipelines and compose
    files reuse theirs (45 MB): read by the block reader, the aliases copied into the JSON text."""
    count = 3_000 if smoke else 300_000
    head = ('defaults: &defaults\n  image: registry.example.com/app:1.2.3\n  resources: {cpu: 500m, memory: 1Gi}\n'
            '  restart: always\nitems:\n')
    return records_yaml(os.path.join(data, f'anchored-{count}.yaml'), head,
                        lambda i: f'- name: svc-{i}\n  <<: *defaults\n  labels:\n    app: app-{i}\n    tier: backend\n'
                                  '  ports: [80, 443]\n  env:\n    - name: MODE\n      value: production\n', count), count


def run(measure, record, floor, installed, arbor, data, runs, smoke):
    """Measures both shapes; `measure` and `record` are run.py's, `floor` shapes_run's."""
    print('across boundaries', file=sys.stderr)
    if installed('sqlite3'):
        db = database(data, smoke)
        # The smoke's tables are a thousandth of the size, and 3,000 pages typed into its debug build took 4 minutes:
        # it pages 100 times.
        record('sqlite-db', 'arbor', measure('arbor', [arbor, db], r'users[\s\S]*1 of', runs=runs,
                                             keys=f'Right Down*20 PageDown*{100 if smoke else 3000}', timeout=300))
        record('sqlite-db', 'sqlite3', floor('sqlite3', ['sqlite3', db, '.tables'], runs=runs))
    one, other = manifests(data, smoke)
    record('diff-dirs', 'arbor', measure('arbor', [arbor, 'diff', one, other], r'team\d+[\s\S]*~', runs=runs))
    record('diff-dirs', 'diff -r', floor('diff -r', ['sh', '-c', f"diff -r '{one}' '{other}' > /dev/null; [ $? -le 1 ]"], runs=runs))
    archive, count = tarball(data, smoke)
    directories = count // 1000
    record('tgz', 'arbor', measure('arbor', [arbor, archive], r'src\s', runs=runs, timeout=300))
    record('tgz-whole', 'arbor', measure('arbor', [arbor, archive], rf'src\s[^\n]*\b{directories}\b', runs=max(1, runs // 2), warmup=0, timeout=300))
    record('tgz-whole', 'tar -tzf', floor('tar -tzf', ['tar', '-tzf', archive], runs=max(1, runs // 2)))
    members, count = zipped(data, smoke)
    record('zip', 'arbor', measure('arbor', [arbor, members], r'pkg\s', runs=runs, timeout=120))
    record('zip-whole', 'arbor', measure('arbor', [arbor, members], rf'pkg\s[^\n]*\b{count // 1000}\b', runs=max(1, runs // 2), timeout=120))
    if installed('unzip'):
        record('zip-whole', 'unzip -l', floor('unzip -l', ['unzip', '-l', members], runs=runs))
    if installed('bsdtar'):
        record('zip-whole', 'bsdtar -tf', floor('bsdtar -tf', ['bsdtar', '-tf', members], runs=runs))
    zipped_document, records = member_zip(data, smoke)
    record('zip-member', 'arbor', measure('arbor', [arbor, zipped_document], r'big\.json', runs=runs, timeout=120,
                                          probes=(r'Right=┌ big\.json ─[\s\S]*items', rf'=items\s+▷ {records}\b')))
    if installed('unzip'):
        record('zip-member', 'unzip -p | wc -c', floor('unzip -p | wc -c', ['sh', '-c', f"unzip -p '{zipped_document}' | wc -c > /dev/null"], runs=runs))
    bomb = bomb_zip(data, smoke)
    # Listed, its start previewed, entered: a notice, within the ceiling, nothing written.
    record('zip-bomb', 'arbor', measure('arbor', [arbor, bomb], r'zeros\.json', runs=runs, timeout=60,
                                        probes=(r'Right=expanded from|--max-input',)))
    manifests_yaml, manifests_json, deployments = k8s_yaml(data, smoke)
    dense, records = dense_yaml(data, smoke)
    folded, folded_count = folded_yaml(data, smoke)
    flow_lines, jobs = flow_lines_yaml(data, smoke)
    marked_lines, marked_jobs = marked_lines_yaml(data, smoke)
    anchored, services = anchored_yaml(data, smoke)
    one_scalar, one_string = one_scalar_yaml(data, smoke)
    # Each shape's whole index: its list's count on screen.
    for scenario, path, expect in [('yaml-100mb', manifests_yaml, rf'items\s+▷ {deployments}\b'),
                                   ('yaml-flow-100mb', k8s_flow_yaml(manifests_yaml), rf'items\s+▷ {deployments}\b'),
                                   ('yaml-dense-100mb', dense, rf'items\s+▷ {records}\b'),
                                   ('yaml-crlf-100mb', k8s_crlf_yaml(manifests_yaml), rf'items\s+▷ {deployments}\b'),
                                   ('yaml-folded', folded, rf'items\s+▷ {folded_count}\b'),
                                   ('yaml-flow-lines', flow_lines, rf'jobs\s+▷ {jobs}\b'),
                                   ('yaml-marked-lines', marked_lines, rf'jobs\s+▷ {marked_jobs}\b'),
                                   ('yaml-anchored', anchored, rf'items\s+▷ {services}\b'),
                                   ('yaml-one-scalar', one_scalar, r'data\s+▷ 3\b'),
                                   ('json-one-string', one_string, r'data\s+▷ 3\b')]:
        record(scenario, 'file', {'size_kb': {'median': os.path.getsize(path) / 1024}})
        record(scenario, 'arbor', measure('arbor', [arbor, path], expect, runs=max(1, runs // 2), timeout=300))
    if not smoke:
        # The first screen is the file's first part, its list's count pending; the whole index shows the count.
        big_yaml = k8s_yaml_1gb(manifests_yaml)
        record('yaml-1gb', 'file', {'size_kb': {'median': os.path.getsize(big_yaml) / 1024}})
        record('yaml-1gb-first', 'arbor', measure('arbor', [arbor, big_yaml], r'items\s+▷', runs=3, warmup=1, timeout=300))
        record('yaml-1gb', 'arbor', measure('arbor', [arbor, big_yaml], rf'items\s+▷ {deployments * 10}\b', runs=3, warmup=1, timeout=300))
    record('yaml-100mb', 'arbor (the same as JSON)', measure('arbor', [arbor, manifests_json], rf'items\s+▷ {deployments}\b', runs=max(1, runs // 2), timeout=300))
    if not smoke:
        record('yaml-100mb', 'PyYAML CSafeLoader', floor('PyYAML CSafeLoader', ['python3', '-c',
               'import sys, yaml; yaml.load(open(sys.argv[1]), Loader=yaml.CSafeLoader)', manifests_yaml], runs=1))
