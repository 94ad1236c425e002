# SPDX-License-Identifier: GPL-3.0-or-later
"""The comparisons of compare.py beyond the summary's metrics: docs/metrics.md 3.2, 4 and 5.1.

Each function takes a compare.Report, the reference's values and the CLI's JSON, and records one line
per difference. Times of 3.2 and 5.1 are compared as absolute times on the reference's profile clock
(reading A21 of strata_reference.py): the CLI prints them in ns from the profile's start, so the CLI's
`origin_ns` (from `strata-cli info --json --merge FILE...`) is added to them first.
"""

OPERATION_FIELDS = ('count', 'total_ns', 'self_ns', 'min_ns', 'max_ns', 'share_percent')
RANK_FIELDS = ('label', 'device_busy_percent', 'communication_time_ns', 'exposed_communication_ns',
               'collectives', 'slowest_count', 'slowest_late_ns')
OPERATION_ROW_FIELDS = ('ranks', 'start_ns', 'end_ns', 'slowest_file', 'slowest_label', 'late_ns')
TIME_FIELDS = ('start_ns', 'end_ns')
MISSING = object()
NAME_CHARS = 100


def short(name):
    """A row's name as printed in a difference line: long kernel signatures are cut."""
    name = str(name)
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1] + '\u2026'


def shift(value, origin):
    """A CLI time (ns from the profile's start) on the reference's clock; others unchanged."""
    return value + origin if isinstance(value, int) and not isinstance(value, bool) else value


def check_order(report, what, ref_names, cli_names):
    """The CLI lists the common rows in the reference's order (4: by self time, total, then name; 3.2: by
    earliest start): the first place where they part is one difference."""
    common = set(ref_names) & set(cli_names)
    a = [n for n in ref_names if n in common]
    b = [n for n in cli_names if n in common]
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            report.note(what + '.order', 'row %d: reference=%r cli=%r'
                        % (i + 1, short(x), short(y)))
            return


def compare_table(report, table, ref_rows, cli):
    """4: one table (`operations` = Host ops, or `kernels`) row by row, matched by name."""
    if not isinstance(cli.get(table), list):
        report.note(table, 'reference has %d row(s), cli=absent (no `%s` field)'
                    % (len(ref_rows), table))
        return
    cli_rows = {}
    for row in cli[table]:
        if isinstance(row, dict):
            cli_rows.setdefault(row.get('name'), row)
    lacking = [f for f in OPERATION_FIELDS
               if cli_rows and all(f not in r for r in cli_rows.values())]
    for field in lacking:
        report.note('%s.%s' % (table, field), 'cli=absent from all %d row(s)' % len(cli_rows))
    for row in ref_rows:
        other = cli_rows.get(row['name'])
        where = '%s[%s]' % (table, short(row['name']))
        if other is None:
            report.note(where, 'reference has this row (count %d, total_ns %d), cli=absent'
                        % (row['count'], row['total_ns']), group=table + '.missing')
            continue
        for field in OPERATION_FIELDS:
            if field not in lacking:
                report.check('%s.%s' % (where, field), field, row[field],
                             other.get(field, MISSING), group='%s.%s' % (table, field))
    ref_names = {r['name'] for r in ref_rows}
    for name, row in cli_rows.items():
        if name not in ref_names:
            report.note('%s[%s]' % (table, short(name)),
                        'reference=absent, cli has this row (count %s)' % row.get('count'),
                        group=table + '.extra')
    check_order(report, table, [r['name'] for r in ref_rows], [r.get('name') for r in cli[table]
                                                                  if isinstance(r, dict)])


def compare_operations(report, ref, cli):
    """4: the Host ops (`operations`) and `kernels` tables."""
    compare_table(report, 'operations', ref['operations'], cli)
    compare_table(report, 'kernels', ref['kernels'], cli)


def compare_rank_rows(report, ref_rows, cli):
    """3.2 / 7: the `ranks` rows, matched by file index."""
    if not isinstance(cli.get('ranks'), list):
        report.note('ranks', 'reference has %d row(s), cli=absent' % len(ref_rows))
        return
    cli_rows = {r.get('file'): r for r in cli['ranks'] if isinstance(r, dict)}
    for row in ref_rows:
        other = cli_rows.pop(row['file'], None)
        if other is None:
            report.note('ranks[%d]' % row['file'], 'reference has this rank, cli=absent')
            continue
        for field in RANK_FIELDS:
            report.check('ranks[%d].%s' % (row['file'], field), field, row[field],
                         other.get(field, MISSING))
    for fidx in cli_rows:
        report.note('ranks[%s]' % fidx, 'reference=absent, cli has this rank')


def compare_rank_collectives(report, ref_rows, cli, origin):
    """3.2 / 7: the `rank_collectives` operations, matched by label; CLI times + origin."""
    if not isinstance(cli.get('rank_collectives'), list):
        report.note('rank_collectives', 'reference has %d operation(s), cli=absent'
                    % len(ref_rows))
        return
    cli_rows = {}
    for row in cli['rank_collectives']:
        if isinstance(row, dict):
            cli_rows.setdefault(row.get('label'), row)
    for row in ref_rows:
        other = cli_rows.get(row['label'])
        where = 'rank_collectives[%s]' % row['label']
        if other is None:
            report.note(where, 'reference has this operation, cli=absent')
            continue
        for field in OPERATION_ROW_FIELDS:
            value = other.get(field, MISSING)
            if field in TIME_FIELDS:
                value = shift(value, origin)
            report.check('%s.%s' % (where, field), field, row[field], value)
    ref_labels = {r['label'] for r in ref_rows}
    for label in cli_rows:
        if label not in ref_labels:
            report.note('rank_collectives[%s]' % label, 'reference=absent, cli has it')
    check_order(report, 'rank_collectives', [r['label'] for r in ref_rows],
                [r.get('label') for r in cli['rank_collectives'] if isinstance(r, dict)])


def compare_ranks(report, ref, cli, origin):
    """3.2: with several files `ranks` and `rank_collectives`; with one, the CLI prints none."""
    if 'ranks' not in ref:
        for key in ('ranks', 'rank_collectives'):
            if cli.get(key):
                report.note(key, 'one file: reference=absent, cli has %d row(s)' % len(cli[key]))
        return
    compare_rank_rows(report, ref['ranks'], cli)
    compare_rank_collectives(report, ref['rank_collectives'], cli, origin)


def compare_regions(report, what, ref, cli, origin):
    """5.1: the regions of one configuration, matched by name; CLI times + origin."""
    if cli is None:
        return
    if not isinstance(cli.get('regions'), list):
        report.note(what, 'reference has %d region(s), cli=absent' % len(ref['regions']))
        return
    cli_rows = {}
    for row in cli['regions']:
        if isinstance(row, dict):
            cli_rows.setdefault(row.get('name'), row)
    if len(ref['regions']) != len(cli['regions']):
        report.note(what + '.count', 'reference=%d cli=%d' % (len(ref['regions']),
                                                            len(cli['regions'])))
    for row in ref['regions']:
        other = cli_rows.get(row['name'])
        where = '%s[%s]' % (what, row['name'])
        if other is None:
            report.note(where, 'reference has this region (%d..%d), cli=absent'
                        % (row['start_ns'] - origin, row['end_ns'] - origin),
                        group=what + '.missing')
            continue
        for field in TIME_FIELDS + ('method',):
            value = other.get(field, MISSING)
            report.check('%s.%s' % (where, field), field, row[field],
                         shift(value, origin) if field in TIME_FIELDS else value)
    ref_names = {r['name'] for r in ref['regions']}
    for name, row in cli_rows.items():
        if name not in ref_names:
            report.note('%s[%s]' % (what, name), 'reference=absent, cli has it (%s..%s)'
                        % (row.get('start_ns'), row.get('end_ns')), group=what + '.extra')
    check_order(report, what, [r['name'] for r in ref['regions']],
                [r.get('name') for r in cli['regions'] if isinstance(r, dict)])


def compare_rows_by_label(report, what, ref_rows, cli_rows, fields, origin=None):
    """Rows matched by label, field by field (times of `fields` in TIME_FIELDS shifted by origin)."""
    if not isinstance(cli_rows, list):
        report.note(what, 'reference has %d row(s), cli=absent' % len(ref_rows))
        return
    theirs = {r.get('label'): r for r in cli_rows if isinstance(r, dict)}
    for row in ref_rows:
        other = theirs.pop(row['label'], None)
        where = '%s[%s]' % (what, row['label'])
        if other is None:
            report.note(where, 'reference has this row, cli=absent', what)
            continue
        for field in fields:
            value = other.get(field, MISSING)
            if origin is not None and field in TIME_FIELDS:
                value = shift(value, origin)
            report.check('%s.%s' % (where, field), field, row[field], value, what)
    for label in theirs:
        report.note('%s[%s]' % (what, label), 'reference=absent, cli has this row', what)


STREAM_FIELDS = ('busy_ns', 'idle_ns', 'gaps', 'host_wait_ns', 'stream_wait_ns', 'other_ns',
                 'launches', 'launch_delay_p50_ns', 'launch_delay_p90_ns', 'launch_delay_p99_ns',
                 'launch_delay_max_ns', 'queue_max')
OVERLAP_FIELDS = ('communication_ns', 'overlapped_ns', 'overlap_percent')


def compare_streams(report, ref, cli, origin):
    """10 and 11: the streams by label, the overlap per device and rank by label, the bins in order
    (their bounds on the reference's clock), and the three metrics."""
    by_id = {m.get('id'): m.get('value') for m in cli.get('metrics', []) if isinstance(m, dict)}
    for mid, value in ref['metrics'].items():
        report.check(mid, mid, value, by_id.get(mid, MISSING))
    compare_rows_by_label(report, 'streams', ref['streams'], cli.get('streams'), STREAM_FIELDS)
    overlap = cli.get('overlap') if isinstance(cli.get('overlap'), dict) else {}
    compare_rows_by_label(report, 'overlap.devices', ref['overlap']['devices'],
                          overlap.get('devices'), OVERLAP_FIELDS)
    if 'ranks' in ref['overlap']:
        compare_rows_by_label(report, 'overlap.ranks', ref['overlap']['ranks'],
                              overlap.get('ranks'), OVERLAP_FIELDS)
    bins = overlap.get('bins')
    if not isinstance(bins, list) or len(bins) != len(ref['overlap']['bins']):
        report.note('overlap.bins', 'reference has %d bins, cli has %s'
                    % (len(ref['overlap']['bins']), len(bins) if isinstance(bins, list) else 0))
        return
    for k, (row, other) in enumerate(zip(ref['overlap']['bins'], bins)):
        for field in TIME_FIELDS + OVERLAP_FIELDS:
            value = other.get(field, MISSING) if isinstance(other, dict) else MISSING
            if field in TIME_FIELDS:
                value = shift(value, origin)
            report.check('overlap.bins[%d].%s' % (k, field), field, row[field], value,
                         'overlap.bins')
