# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference of docs/metrics.md section 3.2: operations across ranks and stragglers.

Written from the page only (see strata_reference.py for the rules of this reference). Times are on the
profile's clock (A21): each file's ts in ns, plus its baseTimeNanoseconds when the profile has several
files (`--align clock`, the default).

Readings of the page (continuing strata_reference.py's A1-A22)
A23 The instances of a rank are the profile's instances of 3.1 (its fallback to host ops decided for
    the whole profile) on that rank's file; each has the type of 1.6.
A24 "Merged where they overlap" is strict: an instance joins the current merged interval when it
    starts before that interval's end; two that only touch stay two (5.1 speaks of empty gaps, which
    only touching collectives can leave).
A25 A combination of types is written in 1.6's order (AllReduce, AllGather, ReduceScatter, AllToAll,
    Broadcast, SendRecv, Barrier, then Other) joined by `+`, as in "AllReduce+AllGather #2"; k counts
    a rank's merged intervals of that exact combination in time order, from 1.
A26 An operation's `start_ns` is its earliest start and `end_ns` its latest end over its ranks (the span
    5.1 gives it); `ranks` is the number of ranks it was found on. Operations with the same earliest
    start are listed by label.
A27 Without a straggler (late_ns < 1000) `late_ns` is still the last start minus the earliest start;
    only `slowest_file` and `slowest_label` are null.
A28 `slowest_late_ns` of a rank is the page's `slowest_total_ns`: the sum of the late_ns of the
    operations it straggled.
A29 A rank's `device_busy_percent`, `communication_time_ns` and `exposed_communication_ns` are the means
    of section 2 over that rank's devices that count (null without one).
"""

import strata_reference as R

TYPE_ORDER = tuple(t for t, _ in R.TYPE_WORDS) + ('Other',)
NO_STRAGGLER_NS = 1000  # 3.2: every rank within 1 us of the earliest start


def types_label(types):
    """3.2 (A25): a combination of collective types, written in 1.6's order joined by `+`."""
    return '+'.join(t for t in TYPE_ORDER if t in types)


def merge_overlapping(items):
    """3.2 and 5.1 (A24): merge (start, end, types) items where they overlap, keeping the union of
    their types; returns [start, end, set of types] sorted by start."""
    merged = []
    for start, end, types in sorted(items, key=lambda x: (x[0], x[1])):
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
            merged[-1][2] |= set(types)
        else:
            merged.append([start, end, set(types)])
    return merged


def instance_items(profile, instances):
    """3.1 instances as (file, start, end, {type}) on the profile clock (1.6 type, A23)."""
    items = []
    for ev, op in instances:
        fidx = ev.track[0]
        off = profile.clock_offset(fidx)
        items.append((fidx, ev.start + off, ev.end + off, {R.collective_type(ev, op, profile)}))
    return items


def rank_intervals(profile, items):
    """3.2: each rank's instances merged where they overlap (on any of its devices)."""
    per_rank = {fidx: [] for fidx in range(len(profile.paths))}
    for fidx, start, end, types in items:
        per_rank[fidx].append((start, end, types))
    return {fidx: merge_overlapping(v) for fidx, v in per_rank.items()}


def match_operations(per_rank):
    """3.2: the k-th merged interval of a combination of types on each rank is one operation.
    Returns [{'label', 'types', 'on': {file: (start, end)}}] in no particular order."""
    ops = {}
    for fidx, merged in sorted(per_rank.items()):
        seen = {}
        for start, end, types in merged:
            combo = types_label(types)
            seen[combo] = seen.get(combo, 0) + 1
            op = ops.setdefault((combo, seen[combo]), {
                'label': '%s #%d' % (combo, seen[combo]), 'types': set(types), 'on': {}})
            op['on'][fidx] = (start, end)
    return list(ops.values())


def straggler(op):
    """3.2: (file, late_ns) of the rank that started last (ties: ends last, then the first file);
    file is None when every rank started within 1 us of the earliest (A27)."""
    earliest = min(start for start, _ in op['on'].values())
    last = max(op['on'], key=lambda f: (op['on'][f][0], op['on'][f][1], -f))
    late = op['on'][last][0] - earliest
    return (None if late < NO_STRAGGLER_NS else last), late


def operation_span(op):
    """3.2 / 5.1 (A26): an operation spans from its earliest start to its latest end."""
    return (min(s for s, _ in op['on'].values()), max(e for _, e in op['on'].values()))


def rank_collectives(profile, ops):
    """3.2 / 7: the operations found on two or more ranks, by earliest start (A26)."""
    rows = []
    for op in ops:
        if len(op['on']) < 2:
            continue
        start, end = operation_span(op)
        slow, late = straggler(op)
        rows.append({'label': op['label'], 'ranks': len(op['on']), 'start_ns': start,
                     'end_ns': end, 'slowest_file': slow,
                     'slowest_label': None if slow is None else profile.rank_label(slow),
                     'late_ns': late})
    rows.sort(key=lambda r: (r['start_ns'], r['label']))
    return rows


def rank_rows(profile, per_rank, listed, device_rows):
    """3.2 / 7: per rank, its merged intervals, the operations it straggled and their late_ns, and
    the section-2 means over its devices (A28, A29)."""
    rows = []
    for fidx in range(len(profile.paths)):
        mine = [r for r in listed if r['slowest_file'] == fidx]
        devs = [d for d in device_rows if d['file'] == fidx]
        busy = R.mean([d['busy_percent'] for d in devs])
        rows.append({
            'file': fidx, 'label': profile.rank_label(fidx),
            'device_busy_percent': R.number(busy, True),
            'communication_time_ns': R.number(R.mean([d['communication_ns'] for d in devs])),
            'exposed_communication_ns': R.number(
                R.mean([d['exposed_communication_ns'] for d in devs])),
            'collectives': len(per_rank[fidx]), 'slowest_count': len(mine),
            'slowest_late_ns': sum(r['late_ns'] for r in mine)})
    return rows


def operations_of(profile, instances=None):
    """3.2: all operations of the profile (listed or not), from the 3.1 instances."""
    if instances is None:
        instances = R.collective_instances(profile)
    return match_operations(rank_intervals(profile, instance_items(profile, instances)))


def across_ranks(profile):
    """3.2 for a profile of several files: `ranks` and `rank_collectives` (absolute times)."""
    per_rank = rank_intervals(profile, instance_items(profile, R.collective_instances(profile)))
    listed = rank_collectives(profile, match_operations(per_rank))
    device_rows, _ = R.device_metrics(profile)
    return {'ranks': rank_rows(profile, per_rank, listed, device_rows),
            'rank_collectives': listed}
