# SPDX-License-Identifier: GPL-3.0-or-later
"""The comparison of compare.py's kind `usage`: docs/metrics.md 12 (memory_peaks) and 13 (flops).

Memory is compared over the whole profile and over its middle third (`summary --region`), the
reference computing each range on the profile clock; the CLI's times are shifted by its `origin_ns`
first (as compare_sections.py does). FLOPs over the whole profile, with every shape
of 13.6 (the CLI run with --all-operations, so that none is left out). Bytes and times are compared
exactly, FLOPs, bytes of shapes and their rates within 1e-9 relative, percents within 1e-6 relative.
"""

import json

import compare_sections
import strata_reference
import strata_usage

MISSING = compare_sections.MISSING
shift = compare_sections.shift


def close(ref, cli, tolerance):
    """Numbers within `tolerance` relative; None only equals None; the rest by equality."""
    if ref is None or cli is None or cli is MISSING:
        return ref is None and cli is None
    if isinstance(ref, bool) or isinstance(ref, str):
        return ref == cli
    if isinstance(cli, bool) or not isinstance(cli, (int, float)):
        return False
    scale = max(abs(float(ref)), abs(float(cli)))
    return scale == 0 or abs(float(ref) - float(cli)) <= tolerance * scale


def check(report, what, ref, cli, tolerance=0.0):
    """One difference line when the values disagree."""
    if not close(ref, cli, tolerance):
        report.note(what, 'reference=%s cli=%s' % (compare_sections.short(ref),
                                                    compare_sections.short(cli)))


def compare_memory(report, what, ref_rows, cli_rows, origin):
    """12: the rows of `memory_peaks`, matched by label; CLI times + origin."""
    if not isinstance(cli_rows, list):
        report.note(what, 'reference has %d row(s), cli=absent' % len(ref_rows))
        return
    by_label = {r.get('label'): r for r in cli_rows if isinstance(r, dict)}
    for row in ref_rows:
        other = by_label.pop(row['label'], None)
        where = '%s[%s]' % (what, row['label'])
        if other is None:
            report.note(where, 'reference has this device, cli=absent')
            continue
        for field in ('allocated_is_change', 'peak_allocated_bytes', 'peak_reserved_bytes'):
            check(report, '%s.%s' % (where, field), row[field], other.get(field, MISSING))
        for field in ('peak_allocated_ns', 'peak_reserved_ns'):
            check(report, '%s.%s' % (where, field), row[field],
                  shift(other.get(field, MISSING), origin))
        mine, theirs = row['allocation'], other.get('allocation')
        if (mine is None) != (theirs is None):
            report.note(where + '.allocation', 'reference=%s cli=%s' % (mine, theirs))
            continue
        for field in (mine or {}):
            value = theirs.get(field, MISSING)
            check(report, '%s.allocation.%s' % (where, field), mine[field],
                  shift(value, origin) if field.endswith('_ns') else value)
    for label in by_label:
        report.note('%s[%s]' % (what, label), 'reference=absent, cli has this device')


def compare_rows(report, what, ref_rows, cli_rows, fields):
    """Rows matched by `label` or `name`, `fields` as (name, tolerance)."""
    key = 'label' if ref_rows and 'label' in ref_rows[0] else 'name'
    by_key = {r.get(key): r for r in cli_rows or [] if isinstance(r, dict)}
    for row in ref_rows:
        other = by_key.pop(row[key], None)
        if other is None:
            report.note('%s[%s]' % (what, row[key]), 'reference has this row, cli=absent')
            continue
        for field, tolerance in fields:
            check(report, '%s[%s].%s' % (what, row[key], field), row[field],
                  other.get(field, MISSING), tolerance)
    for name in by_key:
        report.note('%s[%s]' % (what, name), 'reference=absent, cli has this row')


def compare_flops(report, ref, cli):
    """13: the `flops` object, its devices and operations."""
    if ref is None or not isinstance(cli, dict):
        if not (ref is None and cli is None):
            report.note('flops', 'reference=%s cli=%s' % ('null' if ref is None else 'present',
                                                          'absent' if cli is MISSING else
                                                          'null' if cli is None else 'present'))
        return
    for field, tolerance in (('ops', 0), ('host_timed_ops', 0), ('device_ns', 0), ('flops', 1e-9),
                             ('achieved_flops_per_second', 1e-9)):
        check(report, 'flops.' + field, ref[field], cli.get(field, MISSING), tolerance)
    compare_rows(report, 'flops.devices', ref['devices'], cli.get('devices'),
                 (('flops', 1e-9), ('device_time_ns', 0), ('peak_name', 0),
                  ('mfu_percent', 1e-6), ('peak_bytes_per_second', 1e-9),
                  ('ridge_flops_per_byte', 1e-9)))
    compare_rows(report, 'flops.operations', ref['operations'], cli.get('operations'),
                 (('count', 0), ('flops', 1e-9), ('device_ns', 0), ('peak_percent', 1e-6)))
    compare_shapes(report, ref['shapes'], cli.get('shapes'))
    compare_rows(report, 'flops.no_model', ref['no_model'], cli.get('no_model'), (('count', 0),))


SHAPE_FIELDS = (('count', 0), ('flops', 1e-9), ('bytes', 1e-9), ('device_ns', 0),
                ('achieved_flops_per_second', 1e-9), ('achieved_bytes_per_second', 1e-9),
                ('intensity', 1e-9), ('ridge', 1e-9), ('bound', 0), ('peak_percent', 1e-6),
                ('bandwidth_percent', 1e-6), ('roof_percent', 1e-6), ('host_timed', 0))


def shape_key(row):
    return (row.get('name'), json.dumps(row.get('input_dims')), row.get('dtype'),
            row.get('params'), row.get('assumed'))


def compare_shapes(report, ref_rows, cli_rows):
    """13.6: the rows of `shapes`, matched by name, Input Dims, type and what the model read."""
    if not isinstance(cli_rows, list):
        report.note('flops.shapes', 'reference has %d row(s), cli=absent' % len(ref_rows))
        return
    by_key = {shape_key(r): r for r in cli_rows if isinstance(r, dict)}
    for row in ref_rows:
        key = shape_key(row)
        other = by_key.pop(key, None)
        where = 'flops.shapes[%s %s %s]' % (row['name'], key[1], row['dtype'])
        if other is None:
            report.note(where, 'reference has this row, cli=absent')
            continue
        for field, tolerance in SHAPE_FIELDS:
            check(report, '%s.%s' % (where, field), row[field], other.get(field, MISSING),
                  tolerance)
    for key in by_key:
        report.note('flops.shapes[%s]' % (key,), 'reference=absent, cli has this row')


def compare_usage(report, profile, files, summary, origin, run_cli):
    """12 over the whole profile and its middle third, 13 over the whole profile."""
    end = summary.get('range', {}).get('end_ns')
    whole = strata_usage.memory_peaks(profile, origin, origin + end)
    compare_memory(report, 'memory_peaks', whole, summary.get('memory_peaks', MISSING), origin)
    third = (end // 3, 2 * end // 3)
    middle = run_cli(['summary', '--json', '--region', '%d:%d' % third, *files], report,
                     'summary --region')
    ref_middle = strata_usage.memory_peaks(profile, origin + third[0], origin + third[1])
    if middle is not None:
        compare_memory(report, 'memory_peaks(middle third)', ref_middle,
                       middle.get('memory_peaks', MISSING), origin)
    rows = strata_reference.summarize(files, profile=profile)['devices']
    flops = strata_usage.flops(profile, rows)
    compare_flops(report, flops, summary.get('flops', MISSING))
    return '%d memory device(s), %d in the middle third; %s' % (
        len(whole), len(ref_middle),
        'no FLOP op' if flops is None else '%d FLOP op(s) of %d name(s), %d shape(s)' % (
            flops['ops'], len(flops['operations']), len(flops['shapes'])))
