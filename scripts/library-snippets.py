#!/usr/bin/env python3
"""Checks that each Swift snippet of docs/library.md is taken from the example programs `make example` builds,
so that it compiles: its lines, less those holding "…" (a part left out), are lines of one Swift file under
docs/examples/TaskBoard/Sources, in the same order (other lines may come between them). The Package.swift
snippet is left out: it names a place to depend on. Exit status 1 names the first line of a snippet not found."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
document = (root / 'docs/library.md').read_text()
sources = {path.relative_to(root): [line.strip() for line in path.read_text().splitlines()]
           for path in sorted((root / 'docs/examples/TaskBoard/Sources').rglob('*.swift'))}


def matched(snippet, lines):
    """How many of the snippet's lines the file's lines hold in order."""
    count = 0
    for line in lines:
        if count < len(snippet) and line == snippet[count]:
            count += 1
    return count


checked = 0
failures = 0
for number, block in enumerate(re.findall(r'```swift\n(.*?)```', document, re.S), 1):
    snippet = [line.strip() for line in block.splitlines() if line.strip() and '…' not in line]
    if not snippet or snippet[0] == '// Package.swift':
        continue
    checked += 1
    best, count = max(((path, matched(snippet, lines)) for path, lines in sources.items()), key=lambda pair: pair[1])
    if count < len(snippet):
        failures += 1
        print(f'docs/library.md, Swift snippet {number}: "{snippet[count]}" is not in {best} after the lines before it')
print(f'docs/library.md: {checked - failures} of {checked} Swift snippets are taken from the example programs')
sys.exit(1 if failures else 0)
