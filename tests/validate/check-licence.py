#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every source of the project says its licence: COPYING holds the GPL's
text, and each C file, script, build file and template names it in an SPDX
line near its top (the first three lines), as meson.build declares it.

    check-licence.py SOURCE_ROOT

Prints each file without the line and exits 1; exits 0 when there is none.
"""
import os
import sys

TAG = 'SPDX-License-Identifier: GPL-3.0-or-later'
SUFFIXES = ('.c', '.h', '.py', '.sh', '.ui', '.css', '.mjs')
NAMES = ('meson.build', 'meson_options.txt', 'Makefile', 'run-fuzz', 'install-deps')
SKIP = (os.path.join('tests', 'data'), os.path.join('tests', 'fuzz', 'corpus'))

root = sys.argv[1] if len(sys.argv) > 1 else '.'
missing = []

if 'GNU GENERAL PUBLIC LICENSE' not in open(os.path.join(root, 'COPYING'), encoding='utf-8').read(400):
    missing.append('COPYING: not the GPL text')
for top in ('src', 'tests', 'ui', 'data', 'build-aux', '.ci', 'Makefile', 'meson.build'):
    start = os.path.join(root, top)
    walk = [(root, [], [top])] if os.path.isfile(start) else os.walk(start)
    for dirpath, dirs, names in walk:
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir.startswith(SKIP):
            continue
        for name in names:
            if not (name.endswith(SUFFIXES) or name in NAMES or rel_dir == '.ci'):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding='utf-8', errors='replace') as f:
                head = [f.readline() for _ in range(3)]
            if not any(TAG in line for line in head):
                missing.append(os.path.relpath(path, root))

for m in sorted(missing):
    print(f'{m}: no "{TAG}" line in its first three lines')
sys.exit(1 if missing else 0)
