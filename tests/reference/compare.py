#!/usr/bin/env python3
"""Compare `strata-cli summary --json FILE...` with the independent reference (strata_reference.py).

Usage: STRATA_CLI=path/to/strata-cli compare.py FILE...
Several FILEs are one profile of several ranks, as for the CLI. Compared:
- every metric id the reference prints against the CLI's `metrics[]` entry of the same id: null only
  equals null, integers must be equal, percents (ids ending in `_percent`) agree within 1e-6
  relative. A reference mean that is not an integer (reading A13 of the reference) accepts the two
  neighbouring integers;
- the `devices` rows, matched by label, field by field;
- the `collectives` groups, matched by (type ignoring case, size; unknown size as null), field by
  field (count, min_ns, median_ns, mean_ns, max_ns). Groups of unknown size share a key, so those are
  paired in order of (count, min, median, max).
A field or row the reference has and the CLI lacks is a difference. Each difference is one line
naming the files, the id and both values. Exit status: 0 all agree, 1 any difference.
"""

import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import strata_reference  # noqa: E402  (the reference lives beside this file)

GROUP_FIELDS = ('count', 'min_ns', 'median_ns', 'mean_ns', 'max_ns')
MISSING = object()


def run_cli(files):
    """The CLI's summary JSON for FILE... (STRATA_CLI names the program)."""
    cli = os.environ.get('STRATA_CLI')
    if not cli:
        raise SystemExit('compare.py: set STRATA_CLI to the strata-cli program')
    proc = subprocess.run([cli, 'summary', '--json', *files], capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        raise SystemExit('compare.py: %s exited %d: %s' % (cli, proc.returncode,
                                                          proc.stderr.strip()))
    return json.loads(proc.stdout)


def show(value):
    """A value as it is printed in a difference line."""
    return 'absent' if value is MISSING else json.dumps(value)


def same(key, ref, cli):
    """Whether the CLI's value agrees with the reference's for the field or metric `key`."""
    if ref is None or cli is None or cli is MISSING:
        return ref is None and cli is None
    if isinstance(cli, bool) or not isinstance(cli, (int, float)):
        return False
    if key.endswith('_percent'):
        scale = max(abs(ref), abs(cli))
        return scale == 0 or abs(ref - cli) <= 1e-6 * scale
    if float(ref).is_integer():
        return float(cli).is_integer() and int(cli) == int(ref)
    return cli in (math.floor(ref), math.ceil(ref), ref)


class Report:
    """Collects difference lines for one profile."""

    def __init__(self, name):
        self.name, self.lines = name, []

    def check(self, what, key, ref, cli):
        """Record a difference when the values disagree."""
        if not same(key, ref, cli):
            self.lines.append('%s: %s: reference=%s cli=%s' % (self.name, what, show(ref),
                                                               show(cli)))

    def note(self, what, text):
        """Record a structural difference (missing field, row or group)."""
        self.lines.append('%s: %s: %s' % (self.name, what, text))


def compare_metrics(report, ref, cli):
    """Every reference metric against the CLI's metrics[] entry of the same id."""
    by_id = {m.get('id'): m.get('value') for m in cli.get('metrics', []) if isinstance(m, dict)}
    for mid, value in ref['metrics'].items():
        if mid not in by_id:
            report.note(mid, 'reference=%s cli=absent (no metric of this id)' % show(value))
        else:
            report.check(mid, mid, value, by_id[mid])


def compare_devices(report, ref, cli):
    """The reference's device rows against the CLI's `devices`, matched by label."""
    if 'devices' not in cli:
        report.note('devices', 'reference has %d row(s) (%s), cli=absent (no `devices` field)'
                    % (len(ref['devices']), ', '.join(r['label'] for r in ref['devices'])))
        return
    cli_rows = {r.get('label'): r for r in cli['devices'] if isinstance(r, dict)}
    for row in ref['devices']:
        other = cli_rows.pop(row['label'], None)
        if other is None:
            report.note('devices[%s]' % row['label'], 'reference has this device, cli=absent')
            continue
        for key, value in row.items():
            if key != 'label':
                report.check('devices[%s].%s' % (row['label'], key), key, value,
                             other.get(key, MISSING))
    for label in cli_rows:
        report.note('devices[%s]' % label, 'reference=absent, cli has this device')


def group_key(group):
    """(type ignoring case, size or None) of a collective group."""
    size = group.get('size_bytes')
    return (str(group.get('type', '')).lower(), size if size else None)


def group_order(group):
    """The order in which groups sharing a key are paired."""
    return tuple(group.get(f) if isinstance(group.get(f), (int, float)) else -1
                 for f in ('count', 'min_ns', 'median_ns', 'max_ns'))


def compare_collectives(report, ref, cli):
    """The reference's collective groups against the CLI's, by (type, size)."""
    if 'collectives' not in cli:
        report.note('collectives', 'reference has %d group(s), cli=absent' % len(ref['collectives']))
        return
    mine, theirs = {}, {}
    for g in ref['collectives']:
        mine.setdefault(group_key(g), []).append(g)
    for g in cli['collectives']:
        if isinstance(g, dict):
            theirs.setdefault(group_key(g), []).append(g)
    for key in sorted(set(mine) | set(theirs), key=lambda k: (k[0], k[1] or 0)):
        a = sorted(mine.get(key, []), key=group_order)
        b = sorted(theirs.get(key, []), key=group_order)
        name = 'collectives[%s, %s]' % (key[0], 'size unknown' if key[1] is None else key[1])
        if len(a) != len(b):
            report.note(name, 'reference has %d group(s), cli has %d' % (len(a), len(b)))
        for i, (g, h) in enumerate(zip(a, b)):
            where = name if len(a) == 1 else '%s #%d (%s)' % (name, i + 1, g.get('call_site'))
            for field in GROUP_FIELDS:
                report.check('%s.%s' % (where, field), field, g[field], h.get(field, MISSING))


def main(argv):
    """Compare the CLI with the reference on one profile (FILE...); exit 1 on any difference."""
    files = argv[1:]
    if not files:
        print(__doc__.strip().split('\n\n')[0], file=sys.stderr)
        return 2
    report = Report('+'.join(os.path.basename(f) for f in files))
    ref = strata_reference.summarize(files)
    cli = run_cli(files)
    compare_metrics(report, ref, cli)
    compare_devices(report, ref, cli)
    compare_collectives(report, ref, cli)
    for line in report.lines:
        print(line)
    print('%s: %d difference(s); %d metrics, %d device row(s), %d collective group(s) checked'
          % (report.name, len(report.lines), len(ref['metrics']), len(ref['devices']),
             len(ref['collectives'])))
    return 1 if report.lines else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
