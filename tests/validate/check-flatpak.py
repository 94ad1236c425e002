#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Flatpak manifest has what flatpak-builder needs, a sandbox no wider
than Strata needs, and builds Strata with every dependency that meson.build
asks for: each is in the GNOME runtime or built by a module of the manifest.
Usage: check-flatpak.py SOURCE_ROOT"""
import json
import os
import re
import sys

top = sys.argv[1]
manifest_path = os.path.join(top, 'flatpak', 'io.github.strata.Strata.json')
errors = []

with open(manifest_path, encoding='utf-8') as f:
    m = json.load(f)

for key in ('app-id', 'runtime', 'runtime-version', 'sdk', 'command', 'modules'):
    if key not in m:
        errors.append(f'the manifest lacks "{key}"')
if m.get('app-id') != 'io.github.strata.Strata':
    errors.append('app-id is not io.github.strata.Strata (the desktop file, metainfo and icons use it)')
if m.get('runtime') != 'org.gnome.Platform' or m.get('sdk') != 'org.gnome.Sdk':
    errors.append('runtime and sdk are not org.gnome.Platform and org.gnome.Sdk')
version = str(m.get('runtime-version', ''))
if not re.fullmatch(r'\d+', version) or int(version) < 46:
    errors.append(f'runtime-version {version!r} is not a current GNOME release (46 or later)')
if m.get('command') != 'strata':
    errors.append('command is not strata')

# The sandbox: a window (Wayland, X11 as a fallback, DRI for GL), files
# through the document portal. No network, no home or host access.
allowed = {'--socket=wayland', '--socket=fallback-x11', '--share=ipc', '--device=dri'}
for arg in m.get('finish-args', []):
    if arg not in allowed:
        errors.append(f'finish-args has {arg}, wider than Strata needs')
for needed in ('--socket=wayland', '--socket=fallback-x11', '--share=ipc'):
    if needed not in m.get('finish-args', []):
        errors.append(f'finish-args lacks {needed}')

modules = m.get('modules', [])
names = set()
for mod in modules:
    if isinstance(mod, str):
        errors.append(f'module {mod} is an external file; keep the manifest self-contained')
        continue
    for key in ('name', 'buildsystem', 'sources'):
        if key not in mod:
            errors.append(f'module {mod.get("name", "?")} lacks "{key}"')
    names.add(mod.get('name'))
last = modules[-1] if modules else {}
if not isinstance(last, dict) or last.get('name') != 'strata' or last.get('buildsystem') != 'meson':
    errors.append('the last module is not strata built with meson')

# pkg-config names the GNOME runtime (46 and later) provides, and the
# manifest module that provides any other. sqlite3 comes with the
# freedesktop base the GNOME runtime is built on (3.45 and later there).
runtime = {'glib-2.0', 'gio-2.0', 'gio-unix-2.0', 'gobject-2.0', 'gmodule-2.0', 'gtk4',
           'libadwaita-1', 'json-glib-1.0', 'zlib', 'cairo', 'pangocairo', 'pango',
           'gdk-pixbuf-2.0', 'graphene-1.0', 'libxml-2.0', 'sqlite3', 'libzstd'}
builtin = {'threads'}  # meson's own
module_for = {'libisal': 'isa-l', 'snappy': 'snappy'}

deps = set()
for root, dirs, files in os.walk(top):
    dirs[:] = [d for d in dirs if not d.startswith('.') and d not in ('subprojects', 'build')]
    if 'meson.build' in files:
        with open(os.path.join(root, 'meson.build'), encoding='utf-8') as f:
            text = f.read()
        # one that may be absent (required: false) is not needed to build
        deps.update(name for name, args in
                    re.findall(r"\bdependency\(\s*'([^']+)'([^)]*)\)", text)
                    if not re.search(r'required:\s*false', args))
        # a library found without pkg-config (snappy installs no .pc upstream)
        deps.update(name for name, args in
                    re.findall(r"\bfind_library\(\s*'([^']+)'([^)]*)\)", text)
                    if not re.search(r'required:\s*false', args))
if not {'gtk4', 'json-glib-1.0'} <= deps:
    errors.append(f'meson.build was not read: found only {sorted(deps)}')
for dep in sorted(deps):
    if dep in builtin or dep in runtime:
        continue
    if module_for.get(dep) not in names:
        errors.append(f'meson.build needs {dep}, which is neither in the GNOME runtime nor a module of the manifest')

for e in errors:
    print(f'{manifest_path}: {e}')
sys.exit(1 if errors else 0)
