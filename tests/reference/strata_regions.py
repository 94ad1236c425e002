# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference of docs/metrics.md section 5.1: the regions between collectives.

Written from the page only (see strata_reference.py for the rules of this reference). Times are on the
profile's clock (A21); compare.py turns the CLI's times (ns from the profile's start) onto it.

Readings of the page (continuing the other modules')
A36 The collectives are the instances of 3.1 that are kernels, instructions or MTIA events; with none,
    the outermost collective host ops (5.1 does not repeat 3.1's "in a GPU profile", so this fallback
    holds for any profile). A host op's type is the one its own name names (1.6), else Other.
A37 With several files every operation of 3.2 is a collective, also one found on a single rank (only
    `rank_collectives` requires two ranks), spanning from its earliest start to its latest end, with
    its combination of types.
A38 Merging is strict as in 3.2 (A24). A merged collective is named by its types as in A25 and its
    number, "AllReduce+AllGather #4"; a burst by the union of its collectives' types and the numbers
    of its first and last collective joined by an en dash ("AllReduce #3–#47").
A39 Bursts: the gaps, each at least 1 ns, sorted by length; the jump is the largest ratio between
    consecutive lengths; "at least two gaps are as long as the longer of its two lengths or longer"
    counts the sorted gaps from that longer length on; "every other ratio" is every ratio between
    consecutive lengths but the jump's own pair, and "at most the jump's square root" is r * r <= jump,
    compared exactly; when the largest ratio is shared, either pair fails that test, so nothing closes
    whichever is taken; when the largest ratio fails its conditions nothing is closed (a smaller ratio
    is not tried). A gap is closed when its length squared is below the product of the two lengths
    (shorter than their geometric mean, exactly).
A40 Configuration keys read: `bursts`, `min_gap_ns`, `min_duration_ns`, `include_edges`, `types`
    (type names, ignoring case). `match` and `tracks` are outside this reference: a configuration
    with them is refused, so it is never compared. With
    `include_edges`, the trace's start is the profile's origin (A22) and its end the latest end of an
    event that is not metadata.
"""

from fractions import Fraction

import strata_ranks
import strata_reference as R

ARROW = '\u2192'
EN_DASH = '\u2013'


def chosen_instances(profile, config):
    """5.1 (A36): the collectives as (event, its innermost collective host op), filtered by types."""
    comm = [(ev, ev.op) for ev in profile.device_events
            if ev.cls == 'communication' and ev.kind in ('kernel', 'mtia')]
    chosen = comm or [(op, op) for op in R.outermost_collective_ops(profile)]
    for key in ('match', 'tracks'):
        if config.get(key) is not None:
            raise ValueError('strata_regions: `%s` is not implemented (A40)' % key)
    if config.get('types'):
        wanted = {str(t).lower() for t in config['types']}
        chosen = [(ev, op) for ev, op in chosen if R.collective_type(ev, op, profile).lower() in wanted]
    return chosen


def collective_spans(profile, config):
    """5.1: (start, end, types) of each chosen collective, or with several files of each operation
    of 3.2 (A37)."""
    items = strata_ranks.instance_items(profile, chosen_instances(profile, config))
    if len(profile.paths) < 2:
        return [(start, end, types) for _, start, end, types in items]
    ops = strata_ranks.match_operations(strata_ranks.rank_intervals(profile, items))
    return [strata_ranks.operation_span(op) + (op['types'],) for op in ops]


def closed_gaps(gaps):
    """5.1 Bursts (A39): which gaps are closed, given the gap lengths in time order."""
    lengths = sorted(max(g, 1) for g in gaps)
    ratios = [Fraction(lengths[i + 1], lengths[i]) for i in range(len(lengths) - 1)]
    if not ratios:
        return [False] * len(gaps)
    best = max(range(len(ratios)), key=lambda i: ratios[i])
    jump = ratios[best]
    stands_out = all(r * r <= jump for i, r in enumerate(ratios) if i != best)
    if jump < 10 or len(lengths) - (best + 1) < 2 or not stands_out:
        return [False] * len(gaps)
    lo, hi = lengths[best], lengths[best + 1]
    return [max(g, 1) ** 2 < lo * hi for g in gaps]


def bursts(merged, config):
    """5.1: the merged collectives grouped into bursts, each [first number, last number, types,
    start, end]; a burst of one unless the burst rule closes the gaps around it."""
    gaps = [merged[i + 1][0] - merged[i][1] for i in range(len(merged) - 1)]
    use_bursts = config.get('min_gap_ns') is None and config.get('bursts', True) is not False
    closed = closed_gaps(gaps) if use_bursts else [False] * len(gaps)
    groups = []
    for number, (start, end, types) in enumerate(merged, 1):
        if groups and closed[number - 2]:
            g = groups[-1]
            g[1], g[4] = number, max(g[4], end)
            g[2] |= types
        else:
            groups.append([number, number, set(types), start, end])
    return groups


def burst_name(group):
    """5.1 (A38): "AllReduce #3" or "AllReduce #3–#47"."""
    first, last, types = group[0], group[1], group[2]
    label = strata_ranks.types_label(types)
    if first == last:
        return '%s #%d' % (label, first)
    return '%s #%d%s#%d' % (label, first, EN_DASH, last)


def trace_end(profile):
    """A40: the latest end of an event that is not metadata, on the profile clock."""
    ends = [s.end + profile.clock_offset(s.track[0]) for s in profile.slices]
    for fidx, events in enumerate(profile.events):
        ends.extend(R.to_ns(ev['ts']) + profile.clock_offset(fidx) for ev in events
                    if ev.get('ph') != 'M' and ev.get('ts') is not None)
    return max(ends) if ends else 0


def regions(profile, config=None):
    """5.1: the regions between collectives (or bursts), as [{name, start_ns, end_ns, method}] on the
    profile clock."""
    config = config or {}
    merged = strata_ranks.merge_overlapping(collective_spans(profile, config))
    groups = bursts(merged, config)
    bounds = [(burst_name(a), burst_name(b), a[4], b[3]) for a, b in zip(groups, groups[1:])]
    if config.get('include_edges') and groups:
        bounds.insert(0, ('Start', burst_name(groups[0]), profile.origin(), groups[0][3]))
        bounds.append((burst_name(groups[-1]), 'End', groups[-1][4], trace_end(profile)))
    out = []
    for left, right, start, end in bounds:
        if end <= start or end - start < config.get('min_gap_ns', 0):
            continue
        if end - start < config.get('min_duration_ns', 0):
            continue
        out.append({'name': '%s %s %s' % (left, ARROW, right), 'start_ns': start, 'end_ns': end,
                    'method': 'collectives'})
    return {'collectives': len(merged), 'bursts': len(groups), 'regions': out}
