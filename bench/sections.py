"""Writing one section of docs/benchmarks.md, the others left as they are."""
import os


def write_section(out, title, lines):
    """Replaces the section headed `## {title}` of `out` with `lines` (or adds it at the end)."""
    text = open(out).read() if os.path.exists(out) else ''
    start = text.find('## ' + title)
    if start >= 0:
        following = text.find('\n## ', start + 1)
        text = text[:start] + (text[following + 1:] if following >= 0 else '')
    with open(out, 'w') as file:
        file.write(text.rstrip('\n') + '\n\n' + '\n'.join(lines))


def others(out, text):
    """The sections of `out` (each from its `## ` line) whose titles `text` does not have, in their order."""
    if not os.path.exists(out):
        return ''
    old = open(out).read()
    starts = [at for at in range(len(old)) if old.startswith('## ', at) and (at == 0 or old[at - 1] == '\n')]
    kept = []
    for index, start in enumerate(starts):
        title = old[start:old.find('\n', start)]
        if '\n' + title + '\n' not in '\n' + text:
            end = starts[index + 1] if index + 1 < len(starts) else len(old)
            kept.append('\n' + old[start:end].rstrip('\n') + '\n')
    return ''.join(kept)


# The head of the tables that set Arbor beside two peers and the budget.
PEER_TABLE = ['| what | Arbor | peer | peer | budget |', '|---|---|---|---|---|']


def publish(out, title, lines):
    """Prints a section and, when `out` is given, writes it there as section `## {title}`."""
    print('\n'.join(lines))
    if out:
        write_section(out, title, lines)
