#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The shape of the sources, as docs/architecture.md promises it:

- no C source or header over 800 lines: a type that would be longer gives
  a responsibility away to a new type with its own header, rather than be
  cut into files that share its struct;
- no function over 60 lines (from its name's line to its closing brace:
  GNU style puts a function's braces in column 0);
- no folder of src/model with more than 12 C sources and headers;
- every folder of src/model is named, with its purpose, in src/model/README.md;
- at most one file of src/app and src/widgets starts threads (the job type,
  StJob): the pages, panes and charts run their work through it.

Prints each breach and exits 1; exits 0 when there is none.
"""
import os
import re
import sys

MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 60
MAX_MODEL_FOLDER_FILES = 12
MAX_THREAD_STARTERS = 1
STARTS_THREAD = re.compile(r'\bg_(task_run_in_thread(_sync)?|thread_new|thread_try_new|'
                           r'thread_pool_new(_full)?)\s*\(')

root = sys.argv[1] if len(sys.argv) > 1 else '.'
src = os.path.join(root, 'src')
breaches = []


def c_files(folder):
    for dirpath, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(('.c', '.h')):
                yield os.path.join(dirpath, name)


def functions(lines):
    """(name, first line, length) of each function body in column 0."""
    start = None
    for i, line in enumerate(lines):
        if line.startswith('{') and start is None:
            # the declarator: back to the line holding the function's name
            j = i - 1
            while j > 0 and not re.match(r'^[A-Za-z_]\w*\s*\(', lines[j]):
                j -= 1
            m = re.match(r'^([A-Za-z_]\w*)\s*\(', lines[j])
            start = (m.group(1) if m else '?', j)
        elif line.startswith('}') and start is not None:
            name, first = start
            # a struct's or an initialiser's brace closes with "} Name;" or "};"
            if line.rstrip() == '}':
                yield name, first + 1, i - first + 1
            start = None


for path in c_files(src):
    rel = os.path.relpath(path, root)
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    if len(lines) - 1 > MAX_FILE_LINES:
        breaches.append(f'{rel}: {len(lines) - 1} lines (at most {MAX_FILE_LINES})')
    if path.endswith('.c'):
        for name, first, length in functions(lines):
            if length > MAX_FUNCTION_LINES:
                breaches.append(f'{rel}:{first}: {name}() is {length} lines '
                                f'(at most {MAX_FUNCTION_LINES})')

model = os.path.join(src, 'model')
readme_path = os.path.join(model, 'README.md')
readme = open(readme_path, encoding='utf-8').read() if os.path.exists(readme_path) else ''
if not readme:
    breaches.append('src/model/README.md is missing')
for dirpath, _, names in os.walk(model):
    n = sum(1 for name in names if name.endswith(('.c', '.h')))
    rel = os.path.relpath(dirpath, model)
    if n > MAX_MODEL_FOLDER_FILES:
        breaches.append(f'src/model/{rel}: {n} C files (at most {MAX_MODEL_FOLDER_FILES})')
    if rel != '.' and readme and f'`{rel}/`' not in readme:
        breaches.append(f'src/model/README.md does not describe `{rel}/`')

starters = []
for folder in ('app', 'widgets'):
    for path in c_files(os.path.join(src, folder)):
        with open(path, encoding='utf-8') as f:
            if STARTS_THREAD.search(f.read()):
                starters.append(os.path.relpath(path, root))
if len(starters) > MAX_THREAD_STARTERS:
    breaches.append(f'{len(starters)} files of src/app and src/widgets start threads '
                    f'(at most {MAX_THREAD_STARTERS}: run the work through StJob): '
                    + ', '.join(starters))

for b in breaches:
    print(b)
sys.exit(1 if breaches else 0)
