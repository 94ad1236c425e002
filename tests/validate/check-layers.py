#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The includes of src/ follow the map the docs draw.

The arrows are read from the ```arrows blocks of src/model/README.md (the
model's rooms, named relative to src/model) and docs/architecture.md (the
rest of src, named relative to src; "model/X" names a room of the model).
A folder may include the headers of its own folder and of every folder it
reaches by following arrows. Besides:

- src/model includes no GTK, GDK, cairo or pango header, and src/render no
  gtk.h or adwaita.h;
- a *-private.h header is included only from its own folder, except
  model/trace/st-trace-private.h, which the import folders may include.

Prints each breach and exits 1; exits 0 when there is none.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
src = os.path.join(root, 'src')
breaches = []


def read_arrows(path, prefix):
    text = open(path, encoding='utf-8').read()
    arrows = {}
    for block in re.findall(r'```arrows\n(.*?)```', text, re.S):
        for line in block.strip().split('\n'):
            if '->' not in line:
                continue
            left, right = (part.strip() for part in line.split('->', 1))
            targets = [t.strip() for t in right.split(',')]
            targets = [t for t in targets if t and not t.startswith('(')]
            arrows[prefix + left] = [t if t.startswith('model/') or prefix == '' else prefix + t
                                     for t in targets]
    return arrows


arrows = {}
arrows.update(read_arrows(os.path.join(src, 'model', 'README.md'), 'model/'))
arrows.update(read_arrows(os.path.join(root, 'docs', 'architecture.md'), ''))


def expand(target):
    """'widgets/*' names every folder under widgets."""
    if target.endswith('/*'):
        base = target[:-2]
        return [f for f in arrows if f.startswith(base + '/')]
    return [target]


def reachable(folder):
    seen, todo = set(), [folder]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        for t in arrows.get(f, []):
            todo.extend(expand(t))
    return seen


headers = {}
folders = set()
for dirpath, _, names in os.walk(src):
    folder = os.path.relpath(dirpath, src)
    for name in names:
        if name.endswith(('.c', '.h')):
            folders.add(folder)
        if name.endswith('.h'):
            headers[name] = folder

for folder in sorted(folders):
    if folder not in arrows:
        breaches.append(f'src/{folder}: not on the map (no arrows line names it)')

system_forbidden = {
    'model': re.compile(r'#include <(gtk|gdk|adwaita|cairo|pango)'),
    'render': re.compile(r'#include <(gtk/gtk\.h|adwaita\.h)>'),
}
for folder in sorted(folders):
    allowed = reachable(folder)
    for name in sorted(os.listdir(os.path.join(src, folder))):
        if not name.endswith(('.c', '.h')):
            continue
        rel = f'src/{folder}/{name}'
        text = open(os.path.join(src, folder, name), encoding='utf-8').read()
        for layer, pattern in system_forbidden.items():
            if (folder == layer or folder.startswith(layer + '/')) and pattern.search(text):
                breaches.append(f'{rel}: includes {pattern.search(text).group(0)}')
        for header in re.findall(r'#include "([^"]+)"', text):
            if header == 'config.h' or header not in headers:
                continue
            owner = headers[header]
            if owner == folder:
                continue
            if header.endswith('-private.h'):
                if not (header == 'st-trace-private.h' and folder.startswith('model/import')):
                    breaches.append(f'{rel}: includes {header}, private to src/{owner}')
                continue
            if owner not in allowed:
                breaches.append(f'{rel}: includes {header} of src/{owner}, '
                                f'which src/{folder} may not use')

for b in breaches:
    print(b)
sys.exit(1 if breaches else 0)
