#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compare strata-cli with the independent reference (strata_reference.py and its modules).

Usage: STRATA_CLI=path/to/strata-cli compare.py [--kind KIND]... FILE...
Several FILEs are one profile of several ranks, as for the CLI. KIND (default summary; repeat it or
say `all` for every kind):
- summary (docs/metrics.md 2, 3.1; `strata-cli summary --json`): every metric id the reference prints
  against the CLI's `metrics[]` entry of the same id: null only equals null, integers must be equal,
  percents (ids ending in `_percent`) agree within 1e-6 relative. A reference mean that is not an
  integer (reading A13 of the reference) accepts the two neighbouring integers. The `devices` rows,
  matched by label, field by field. The `collectives` groups, matched by (type ignoring case, size;
  unknown size as null), field by field (count, min_ns, median_ns, mean_ns, max_ns, size_source,
  elements, element_bytes, call_site); groups sharing a key (of unknown size, or of one size from
  several call sites) are paired in order of (count, min, median, max).
- operations (4; summary --json --all-operations): the `operations` (Host ops) and `kernels`
  tables, rows matched by name, fields count, total_ns, self_ns, min_ns, max_ns, share_percent,
  and the order of the rows.
- ranks (3.2; summary --json): `ranks` matched by file index, `rank_collectives` by label (ranks,
  start_ns, end_ns, slowest_file, slowest_label, late_ns) and their order.
- streams (10, 11; summary --json): `streams` matched by label, field by field; `overlap` per device
  and per rank by label, its 50 bins in order; the metrics idle_host_wait_percent,
  idle_stream_wait_percent and communication_overlap_percent. The range is the CLI's (`range`, on
  the reference's clock through `origin_ns`), given to the reference (strata_streams.py).
- usage (12, 13; summary --json and summary --json --region of the middle third): `memory_peaks`
  rows matched by label over both ranges, and `flops` with its devices, operations, shapes and
  operators with no model (compare_usage.py, strata_usage.py, strata_shapes.py).
- regions (5.1; `strata-cli regions FILE... --method collectives --json`): with the default
  configuration and with {"version": 1, "method": "collectives", "bursts": false} (`--config`),
  the regions matched by name (start_ns, end_ns, method), their count and order.
Times of 3.2 and 5.1 are compared as absolute times: the CLI's (ns from the profile's start) plus
the `origin_ns` of `strata-cli info --json --merge FILE...`, against the reference's profile clock
(readings A21, A22); the two origins are printed side by side as a sanity line.
A field or row the reference has and the CLI lacks is a difference; a CLI command that fails is one.
Each difference is one line naming the files, the id and both values (after 10 lines of one kind of
difference, only their number). Exit status: 0 all agree, 1 any difference.
"""

import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
# pylint: disable=wrong-import-position  (the reference lives beside this file)
import compare_sections  # noqa: E402
import compare_usage  # noqa: E402
import strata_operations  # noqa: E402
import strata_ranks  # noqa: E402
import strata_reference  # noqa: E402
import strata_regions  # noqa: E402
import strata_streams  # noqa: E402

KINDS = ('summary', 'operations', 'ranks', 'regions', 'streams', 'usage')
NO_BURSTS = {'version': 1, 'method': 'collectives', 'bursts': False}
SHOWN_PER_GROUP = 10

GROUP_FIELDS = ('count', 'min_ns', 'median_ns', 'mean_ns', 'max_ns', 'size_source', 'elements',
                'element_bytes', 'call_site')
MISSING = compare_sections.MISSING


def run_cli(args, report, what):
    """The JSON the CLI prints for `strata-cli ARGS...` (STRATA_CLI names the program); a failure is
    a difference of `what` and gives None."""
    cli = os.environ.get('STRATA_CLI')
    if not cli:
        raise SystemExit('compare.py: set STRATA_CLI to the strata-cli program')
    proc = subprocess.run([cli, *args], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        report.note(what, 'cli exited %d: %s' % (proc.returncode, proc.stderr.strip()[:300]))
        return None
    try:
        return json.loads(proc.stdout)
    except ValueError as err:
        report.note(what, 'cli printed no JSON (%s)' % err)
        return None


def cli_origin(files, report):
    """The CLI's profile start: `origin_ns` of `strata-cli info --json --merge FILE...`."""
    info = run_cli(['info', '--json', '--merge', *files], report, 'origin_ns')
    origin = info.get('origin_ns') if isinstance(info, dict) else None
    if not isinstance(origin, int):
        report.note('origin_ns', 'cli=absent; region and operation times cannot be compared')
        return None
    return origin


def show(value):
    """A value as it is printed in a difference line."""
    return 'absent' if value is MISSING else json.dumps(value)


def same(key, ref, cli):
    """Whether the CLI's value agrees with the reference's for the field or metric `key`."""
    if ref is None or cli is None or cli is MISSING:
        return ref is None and cli is None
    if isinstance(ref, str):
        return cli == ref
    if isinstance(cli, bool) or not isinstance(cli, (int, float)):
        return False
    if key.endswith('_percent'):
        scale = max(abs(ref), abs(cli))
        return scale == 0 or abs(ref - cli) <= 1e-6 * scale
    if float(ref).is_integer():
        return float(cli).is_integer() and int(cli) == int(ref)
    return cli in (math.floor(ref), math.ceil(ref), ref)


class Report:
    """Collects difference lines for one profile (at most SHOWN_PER_GROUP shown per group)."""

    def __init__(self, name):
        self.name, self.lines, self.groups, self.count = name, [], {}, 0

    def check(self, what, key, ref, cli, group=None):
        """Record a difference when the values disagree."""
        if not same(key, ref, cli):
            self.note(what, 'reference=%s cli=%s' % (show(ref), show(cli)), group)

    def note(self, what, text, group=None):
        """Record a difference (values, a missing field, row or group, a failed command)."""
        self.count += 1
        if group is not None:
            self.groups[group] = self.groups.get(group, 0) + 1
            if self.groups[group] > SHOWN_PER_GROUP:
                return
        self.lines.append('%s: %s: %s' % (self.name, what, text))

    def finish(self):
        """The lines to print, with the number of differences left unshown per group."""
        hidden = ['%s: %s: %d more difference(s) of this kind not shown'
                  % (self.name, g, n - SHOWN_PER_GROUP)
                  for g, n in sorted(self.groups.items()) if n > SHOWN_PER_GROUP]
        return self.lines + hidden


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


def compare_summary(report, ref, cli):
    """2 and 3.1: metrics, device rows and collective groups."""
    compare_metrics(report, ref, cli)
    compare_devices(report, ref, cli)
    compare_collectives(report, ref, cli)
    return '%d metrics, %d device row(s), %d collective group(s)' % (
        len(ref['metrics']), len(ref['devices']), len(ref['collectives']))


def compare_regions(report, profile, files, origin):
    """5.1 with the default configuration and with bursts off."""
    counts = []
    for what, config in (('regions', {}), ('regions(bursts=false)', NO_BURSTS)):
        ref = strata_regions.regions(profile, config)
        with tempfile.TemporaryDirectory() as tmp:
            args = ['regions', *files, '--method', 'collectives', '--json']
            if config:
                path = os.path.join(tmp, 'config.json')
                with open(path, 'w', encoding='utf-8') as fh:
                    json.dump(config, fh)
                args += ['--config', path]
            cli = run_cli(args, report, what)
        compare_sections.compare_regions(report, what, ref, cli, origin)
        counts.append('%s: %d region(s) from %d collective(s) in %d burst(s)' % (
            what, len(ref['regions']), ref['collectives'], ref['bursts']))
    return '; '.join(counts)


def compare_streams(report, profile, summary, origin):
    """10 and 11 over the CLI's range, on the reference's clock."""
    rng = summary.get('range') if isinstance(summary.get('range'), dict) else {}
    start, end = rng.get('start_ns'), rng.get('end_ns')
    if not isinstance(start, int) or not isinstance(end, int):
        report.note('range', 'cli printed no range')
        return 'no range'
    ref = strata_streams.streams(profile, start + origin, end + origin)
    compare_sections.compare_streams(report, ref, summary, origin)
    return '%d stream(s), %d device(s) of overlap' % (len(ref['streams']),
                                                     len(ref['overlap']['devices']))


def run_kinds(report, files, kinds):
    """Compute the reference once and compare each KIND; returns what was checked."""
    profile = strata_reference.load(files)
    checked = []
    summary = None
    if {'summary', 'operations', 'ranks', 'streams', 'usage'} & set(kinds):
        summary = run_cli(['summary', '--json', '--all-operations', *files], report, 'summary')
    origin = (cli_origin(files, report)
              if {'ranks', 'regions', 'streams', 'usage'} & set(kinds) else None)
    if origin is not None:
        checked.append('origin_ns reference=%d cli=%d' % (profile.origin(), origin))
    if 'summary' in kinds and summary is not None:
        ref = strata_reference.summarize(files, profile=profile)
        checked.append(compare_summary(report, ref, summary))
    if 'operations' in kinds and summary is not None:
        ref = strata_operations.operation_tables(profile)
        compare_sections.compare_operations(report, ref, summary)
        checked.append('%d host op name(s), %d kernel name(s)' % (len(ref['operations']),
                                                                  len(ref['kernels'])))
    if 'ranks' in kinds and summary is not None and origin is not None:
        ref = strata_ranks.across_ranks(profile) if len(files) > 1 else {}
        compare_sections.compare_ranks(report, ref, summary, origin)
        checked.append('%d rank(s), %d operation(s) on two or more ranks' % (
            len(ref.get('ranks', [])), len(ref.get('rank_collectives', []))))
    if 'streams' in kinds and summary is not None and origin is not None:
        checked.append(compare_streams(report, profile, summary, origin))
    if 'regions' in kinds and origin is not None:
        checked.append(compare_regions(report, profile, files, origin))
    if 'usage' in kinds and summary is not None and origin is not None:
        checked.append(compare_usage.compare_usage(report, profile, files, summary, origin,
                                                   run_cli))
    return checked


def parse_args(argv):
    """(kinds, files) from the command line: --kind KIND (repeatable, or all), then FILE..."""
    kinds, files, args = [], [], list(argv)
    while args:
        arg = args.pop(0)
        if arg == '--kind' and args:
            kind = args.pop(0)
            if kind not in KINDS + ('all',):
                raise SystemExit('compare.py: unknown kind %r (%s or all)' % (kind, ', '.join(KINDS)))
            kinds.extend(KINDS if kind == 'all' else (kind,))
        else:
            files.append(arg)
    return kinds or ['summary'], files


def main(argv):
    """Compare the CLI with the reference on one profile (FILE...); exit 1 on any difference."""
    kinds, files = parse_args(argv[1:])
    if not files:
        print(__doc__.strip().split('\n\n')[0], file=sys.stderr)
        return 2
    report = Report('+'.join(os.path.basename(f) for f in files))
    checked = run_kinds(report, files, kinds)
    for line in report.finish():
        print(line)
    print('%s [%s]: %d difference(s); checked %s' % (report.name, ','.join(kinds), report.count,
                                                     '; '.join(checked)))
    return 1 if report.count else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
