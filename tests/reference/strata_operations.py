# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference of docs/metrics.md section 4: the Kernels and Host ops tables, per name.

Written from the page only (see strata_reference.py for the rules of this reference). The range is the
whole profile, so nothing is clipped and every slice counts, zero-length ones too (A2).

Readings of the page (continuing strata_reference.py's and strata_ranks.py's)
A30 A slice is an X event or a B/E pair (A18); instants, async slices, counters and flows are not
    slices of a slice track and are in neither table.
A31 A slice's children are the slices whose parent is it in the nesting of its track (A6: containment
    with inclusive ends, outer first on equal starts; a slice that only partly overlaps another is not
    nested in it). Every slice of the track takes part, whatever its table: an annotation on a GPU
    stream (`gpu_user_annotation`) has the kernels it encloses as children. `children='host'` gives
    the other reading (only slices of the same table, host slices, are subtracted).
A32 Self time is the duration minus the children's durations as the page says, even where children
    overlap each other (then it can be negative); a device event's self time is its duration.
A33 Neuron's `active_time` rows are the slices whose category or name is `active_time`; they are left
    out of the Host ops table (none of the real profiles has them).
A34 Names are compared exactly (case as written); rows sort by self time, then total, then by name
    in code-point order; share_percent is null when the table's self times add up to 0.
A35 With several files a name's row gathers the slices of every file.
"""

import strata_reference as R


def is_active_time(s):
    """4 (A33): a Neuron `active_time` row, an engine state rather than an operation."""
    return s.cat == 'active_time' or s.name == 'active_time'


def children_time(profile, children):
    """4 (A31): per slice, the sum of the durations of the slices one level deeper inside it."""
    total = {}
    for s in profile.slices:
        p = s.parent
        if p is None or (children == 'host' and (s.kind or p.kind)):
            continue
        total[id(p)] = total.get(id(p), 0) + (s.end - s.start)
    return total


def self_time(s, child_total):
    """4 (A32): the slice's duration minus its children's; a device event has no children."""
    dur = s.end - s.start
    return dur if s.kind else dur - child_total.get(id(s), 0)


def table_rows(slices, child_total):
    """4: one row per name: count, total, self, min, max, then share of the table's self time."""
    rows = {}
    for s in slices:
        dur = s.end - s.start
        row = rows.get(s.name)
        if row is None:
            row = rows[s.name] = {'name': s.name, 'count': 0, 'total_ns': 0, 'self_ns': 0,
                                  'min_ns': dur, 'max_ns': dur}
        row['count'] += 1
        row['total_ns'] += dur
        row['self_ns'] += self_time(s, child_total)
        row['min_ns'] = min(row['min_ns'], dur)
        row['max_ns'] = max(row['max_ns'], dur)
    all_self = sum(r['self_ns'] for r in rows.values())
    for row in rows.values():
        row['share_percent'] = R.number(R.percent(row['self_ns'], all_self), True)
    return sorted(rows.values(), key=lambda r: (-r['self_ns'], -r['total_ns'], r['name']))


def operation_tables(profile, children='any'):
    """4: the Kernels table (device events of 1.1) and the Host ops table (every other slice of a
    slice track but Neuron's active_time rows)."""
    child_total = children_time(profile, children)
    kernels = [s for s in profile.slices if s.kind]
    host = [s for s in profile.slices if not s.kind and not is_active_time(s)]
    return {'operations': table_rows(host, child_total),
            'kernels': table_rows(kernels, child_total)}
