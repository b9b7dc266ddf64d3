#!/usr/bin/env python3
"""Rewrites the import block of Java files to the project's one import order (config/checkstyle.xml,
CustomImportOrder): static imports first, a blank line, then every other import in one block; each
group sorted the way checkstyle sorts (name by name, split at dots, ASCII); duplicates dropped.

Deterministic and idempotent: a file already in order is left byte for byte as it is, and running it
twice changes nothing the second time. A file whose import block holds anything but imports and blank
lines (a comment, an annotation) is reported and left alone.

    config/fix-imports.py [--check] [PATH ...]      # default: every *.java under the repository

--check changes nothing and exits 1 when a file would change (for CI or a pre-commit hook).
"""
import os
import re
import sys

IMPORT = re.compile(r'^import\s+(static\s+)?([\w.]+(?:\.\*)?)\s*;\s*$')


def sort_key(name):
    # checkstyle's CustomImportOrder compares the dotted names part by part (ASCII), shorter first on a tie
    return name.split('.')


def rewrite(text):
    """The file's text with its imports in order, or None when the block holds something else."""
    lines = text.split('\n')
    first = next((i for i, line in enumerate(lines) if line.startswith('import ')), None)
    if first is None:
        return text
    last = max(i for i, line in enumerate(lines) if line.startswith('import '))
    statics, others = set(), set()
    for line in lines[first:last + 1]:
        if not line.strip():
            continue
        match = IMPORT.match(line)
        if not match:
            return None
        (statics if match.group(1) else others).add(match.group(2))
    block = ['import static %s;' % n for n in sorted(statics, key=sort_key)]
    if statics and others:
        block.append('')
    block += ['import %s;' % n for n in sorted(others, key=sort_key)]
    return '\n'.join(lines[:first] + block + lines[last + 1:])


def java_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in ('target', '.git', 'node_modules'))
            for name in sorted(files):
                if name.endswith('.java'):
                    yield os.path.join(root, name)


def main(argv):
    check = '--check' in argv
    paths = [a for a in argv if a != '--check']
    if not paths:
        paths = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    changed, skipped = [], []
    for path in java_files(paths):
        with open(path, encoding='utf-8', newline='') as f:
            text = f.read()
        fixed = rewrite(text)
        if fixed is None:
            skipped.append(path)
        elif fixed != text:
            changed.append(path)
            if not check:
                with open(path, 'w', encoding='utf-8', newline='') as f:
                    f.write(fixed)
    for path in skipped:
        print('left alone (the import block holds more than imports): ' + path, file=sys.stderr)
    for path in changed:
        print(('would reorder: ' if check else 'reordered: ') + path)
    return 1 if (check and changed) or skipped else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
