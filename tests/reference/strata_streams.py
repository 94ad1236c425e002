#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference for docs/metrics.md 10 (idle time and launches) and 11 (overlap).

Written from docs/metrics.md only, on top of strata_reference.py's reading of the profile (its slices,
device tracks, launch calls and classes, sections 1.1 and 1.2), never from the implementation. For a
range [start, end) on the profile clock it gives `streams` (10.2 to 10.4), `overlap` (11) and the
metrics `idle_host_wait_percent`, `idle_stream_wait_percent`, `communication_overlap_percent`.

Readings chosen where the page is ambiguous
S1  A stream's track name is its thread_name (the first M record), else "stream <tid>" for a GPU
    stream track (A23) or "Thread <tid>" for a tid that is a number (A20), else the tid as written
    (10.1); the label strips spaces from both ends of it.
S2  "Events" of 10.1 are the device events of 1.1 on the track (any class), end > start.
S3  Times of a file of a profile of several are on the profile clock (its clock offset added), so the
    bins of 11 are the profile's; a single file keeps its ts.
S4  The next event of a gap: among the events starting at t1, one with the earliest launch call start;
    ties between launch calls starting together do not change the kind (they differ at most in the
    launching thread, and then only when a synchronisation call or wait sits on one of them).
"""

import math

import strata_reference as ref

SYNC_NAMES = {
    'cudaDeviceSynchronize', 'cudaStreamSynchronize', 'cudaEventSynchronize', 'cuCtxSynchronize',
    'cuStreamSynchronize', 'cuEventSynchronize', 'hipDeviceSynchronize', 'hipStreamSynchronize',
    'hipEventSynchronize',
    # calls that block the host until the device is done: copies and .item()
    'cudaMemcpy', 'cudaMemcpy2D', 'cudaMemcpy3D', 'cuMemcpy', 'cuMemcpyDtoH', 'cuMemcpyDtoH_v2',
    'cuMemcpyHtoD', 'cuMemcpyHtoD_v2', 'hipMemcpy', 'hipMemcpy2D', 'hipMemcpyDtoH', 'hipMemcpyHtoD',
    'hipMemcpyWithStream', 'aten::item', 'aten::_local_scalar_dense',
}
WAIT_CALL_NAMES = {'cudaStreamWaitEvent', 'cuStreamWaitEvent', 'hipStreamWaitEvent'}
N_BINS = 50


def thread_names(profile):
    """S1: thread_name per track."""
    names = {}
    for fidx, events in enumerate(profile.events):
        for ev in events:
            if (ev.get('ph') == 'M' and ev.get('name') == 'thread_name'
                    and isinstance(ev.get('args'), dict) and 'name' in ev['args']):
                names.setdefault(ref.track_of(fidx, ev), str(ev['args']['name']))
    return names


class Clock:
    """S3: a slice's times on the profile clock."""

    def __init__(self, profile):
        self.offset = [profile.clock_offset(f) for f in range(len(profile.paths))]

    def start(self, s):
        """The slice's start."""
        return s.start + self.offset[s.track[0]]

    def end(self, s):
        """The slice's end."""
        return s.end + self.offset[s.track[0]]


class Syncs:
    """10.2: synchronisation calls and stream-wait calls per host track, stream-wait records per device
    track, and which files record the device side."""

    def __init__(self, profile, clock):
        self.sync, self.wait_calls, self.records, self.files = {}, {}, {}, set()
        for s in profile.slices:
            if profile.is_device_track(s.track):
                if s.cat == 'cuda_sync':
                    self.files.add(s.track[0])
                    if s.name == 'Stream Wait Event':
                        self.records.setdefault(s.track, []).append(clock.start(s))
            elif s.name in SYNC_NAMES:
                self.sync.setdefault(s.track, []).append((clock.start(s), clock.end(s)))
            elif s.name in WAIT_CALL_NAMES:
                self.wait_calls.setdefault(s.track, []).append(clock.start(s))

    def blocked(self, thread, t0, launch_start):
        """Rule 2: a synchronisation call on `thread` running when the gap opened, ended by then."""
        return any(a <= t0 < b <= launch_start for a, b in self.sync.get(thread, []))

    def waited(self, stream, thread, p, launch_start):
        """Rule 4: a stream wait enqueued at w with p < w <= the launch call's start."""
        times = (self.records.get(stream, []) if stream[0] in self.files
                 else self.wait_calls.get(thread, []))
        return any(p < w <= launch_start for w in times)


def gap_kind(syncs, stream, t0, nxt, p, clock):
    """10.2: the first rule of the table that applies."""
    if nxt.launch is None:
        return 'other'
    launch = clock.start(nxt.launch)
    if launch >= t0:
        return 'stream_wait' if syncs.blocked(nxt.launch.track, t0, launch) else 'host_wait'
    if p is not None and syncs.waited(stream, nxt.launch.track, p, launch):
        return 'stream_wait'
    return 'other'


def runs_and_gaps(events, syncs, stream, clock):
    """10.1 and 10.2 over the whole profile: [(start, end)] runs and [(t0, t1, kind)] gaps."""
    timed = [e for e in events if clock.end(e) > clock.start(e)]
    timed.sort(key=lambda e: (clock.start(e), math.inf if e.launch is None
                              else clock.start(e.launch)))
    runs, gaps, p = [], [], None
    for e in timed:
        start, end = clock.start(e), clock.end(e)
        if runs and start <= runs[-1][1]:
            runs[-1][1] = max(runs[-1][1], end)
        else:
            if runs:
                gaps.append((runs[-1][1], start, gap_kind(syncs, stream, runs[-1][1], e, p, clock)))
            runs.append([start, end])
            p = None
        if e.launch is not None:
            p = clock.start(e.launch) if p is None else max(p, clock.start(e.launch))
    return runs, gaps


def inside(a, b, start, end):
    """The length of [a, b) ∩ [start, end)."""
    return max(0, min(b, end) - max(a, start))


def nearest_rank(values, p):
    """10.3: the value at rank ⌈p/100 × n⌉ (from 1) of the sorted values."""
    return values[max(1, -(-p * len(values) // 100)) - 1]


def queue_max(events, clock, start, end):
    """10.4: the largest queue length at a time in [start, end)."""
    changes = {}
    for e in events:
        if e.launch is None or clock.end(e) <= clock.start(e.launch):
            continue
        changes[clock.start(e.launch)] = changes.get(clock.start(e.launch), 0) + 1
        changes[clock.end(e)] = changes.get(clock.end(e), 0) - 1
    times = sorted(changes)
    value, i = 0, 0
    while i < len(times) and times[i] <= start:  # the value held at the range's start
        value += changes[times[i]]
        i += 1
    best = value
    for t in times[i:]:
        if t >= end:
            break
        value += changes[t]
        best = max(best, value)
    return best


def stream_row(profile, track, events, syncs, clock, start, end, names):
    """10.2 to 10.4 for one stream over [start, end); None when it is not listed."""
    runs, gaps = runs_and_gaps(events, syncs, track, clock)
    busy = sum(inside(a, b, start, end) for a, b in runs)
    kinds = {'host_wait': 0, 'stream_wait': 0, 'other': 0}
    n_gaps = 0
    for a, b, kind in gaps:
        part = inside(a, b, start, end)
        if part > 0:
            kinds[kind] += part
            n_gaps += 1
    idle = sum(kinds.values())
    if busy == 0 and idle == 0:
        return None
    has_launches = profile.has_launches
    delays = sorted(clock.start(e) - clock.start(e.launch) for e in events
                    if e.launch is not None and start <= clock.start(e) < end)
    tid = track[2]
    default = 'stream %s' if track in profile.gpu_streams else 'Thread %s'
    name = names.get(track, default % tid if isinstance(tid, int) else str(tid)).strip()
    row = {
        'label': '%s / %s' % (profile.label(track[:2]), name),
        'busy_ns': busy, 'idle_ns': idle, 'gaps': n_gaps,
        'host_wait_ns': kinds['host_wait'] if has_launches else None,
        'stream_wait_ns': kinds['stream_wait'] if has_launches else None,
        'other_ns': kinds['other'] if has_launches else None,
        'launches': len(delays),
        'launch_delay_p50_ns': nearest_rank(delays, 50) if delays else None,
        'launch_delay_p90_ns': nearest_rank(delays, 90) if delays else None,
        'launch_delay_p99_ns': nearest_rank(delays, 99) if delays else None,
        'launch_delay_max_ns': delays[-1] if delays else None,
        'queue_max': queue_max(events, clock, start, end) if has_launches else None,
    }
    return row


def clipped_union(intervals, start, end):
    """The union of intervals clipped to [start, end)."""
    return ref.union([(max(a, start), min(b, end)) for a, b in intervals
                      if min(b, end) > max(a, start)])


def intersect(a, b):
    """The intersection of two merged interval lists, as a list."""
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def percent(part, whole):
    """100 × part / whole as a float, None when whole is 0."""
    return float(ref.Fraction(100 * part, whole)) if whole else None


def overlap(profile, clock, start, end):
    """11: per device (that counts), per rank with several files, and the 50 bins."""
    per_device = {}
    for e in profile.device_events:
        if clock.end(e) > start and clock.start(e) < end or (
                clock.end(e) == clock.start(e) and start <= clock.start(e) < end):
            per_device.setdefault(e.track[:2], []).append(e)
    bounds = [start + k * (end - start) // N_BINS for k in range(N_BINS + 1)]
    bins = [[0, 0] for _ in range(N_BINS)]
    devices, ranks = [], {}
    for proc in sorted(per_device, key=lambda p: (p[0], str(p[1]))):
        evs = per_device[proc]
        comm = clipped_union([(clock.start(e), clock.end(e)) for e in evs
                              if e.cls == 'communication'], start, end)
        comp = clipped_union([(clock.start(e), clock.end(e)) for e in evs
                              if e.cls == 'compute'], start, end)
        both = intersect(comm, comp)
        c, o = ref.length(comm), ref.length(both)
        devices.append({'label': profile.label(proc), 'communication_ns': c, 'overlapped_ns': o,
                        'overlap_percent': percent(o, c)})
        rank = ranks.setdefault(proc[0], [0, 0])
        rank[0] += c
        rank[1] += o
        for k in range(N_BINS):
            bins[k][0] += sum(inside(a, b, bounds[k], bounds[k + 1]) for a, b in comm)
            bins[k][1] += sum(inside(a, b, bounds[k], bounds[k + 1]) for a, b in both)
    out = {'devices': devices,
           'bins': [{'start_ns': bounds[k], 'end_ns': bounds[k + 1], 'communication_ns': c,
                     'overlapped_ns': o, 'overlap_percent': percent(o, c)}
                    for k, (c, o) in enumerate(bins)]}
    if len(profile.paths) > 1:
        out['ranks'] = [{'label': profile.rank_label(f), 'communication_ns': c, 'overlapped_ns': o,
                         'overlap_percent': percent(o, c)}
                        for f, (c, o) in sorted(ranks.items())]
    return out


def streams(profile, start, end):
    """10 and 11 over [start, end) on the profile clock: `streams`, `overlap` and `metrics`."""
    clock = Clock(profile)
    syncs = Syncs(profile, clock)
    names = thread_names(profile)
    profile.has_launches = any(e.launch is not None for e in profile.device_events)
    by_track = {}
    for e in profile.device_events:
        by_track.setdefault(e.track, []).append(e)
    rows = []
    for track in sorted(by_track, key=lambda t: (t[0], str(t[1]), str(t[2]))):
        row = stream_row(profile, track, by_track[track], syncs, clock, start, end, names)
        if row is not None:
            rows.append(row)
    idle = sum(r['idle_ns'] for r in rows)
    shares = profile.has_launches and idle > 0
    ov = overlap(profile, clock, start, end)
    present = [d['overlap_percent'] for d in ov['devices'] if d['overlap_percent'] is not None]
    metrics = {
        'idle_host_wait_percent':
            percent(sum(r['host_wait_ns'] for r in rows), idle) if shares else None,
        'idle_stream_wait_percent':
            percent(sum(r['stream_wait_ns'] for r in rows), idle) if shares else None,
        'communication_overlap_percent':
            float(sum(ref.Fraction(p) for p in present) / len(present)) if present else None,
    }
    return {'streams': rows, 'overlap': ov, 'metrics': metrics}
