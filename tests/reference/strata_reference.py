#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference for the whole-profile metrics of docs/metrics.md.

Written only from docs/metrics.md and the Chrome Trace Event notes of the project's format page, never
from the implementation, so that its numbers can check `strata-cli summary --json`.

Usage: strata_reference.py [--json] [--launch-fallback profile|event] FILE...
       strata_reference.py --regions [--config CONFIG.json] FILE...
Several FILEs are one profile of several ranks. Prints one JSON object: `metrics` (id -> value or
null), `devices` (one row per device that counts), `collectives` (the groups of 3.1), `operations`
and `kernels` (the tables of 4, strata_operations.py), with several files `ranks` and
`rank_collectives` (3.2, strata_ranks.py), plus diagnostics that nothing compares:
`launch_calls_from` (flows or correlation, A4), `class_counts` and `origin_ns` (A22). With --regions,
the regions of 5.1 (strata_regions.py) instead. Times of 3.2 and 5.1 are on the profile clock (A21).

Implemented sections of docs/metrics.md
- Preamble: ts/dur read as exact decimals, scaled us -> ns rounding half away from zero; end = start+dur.
- 1.1 device events (category table), device tracks, devices, labels (with a rank prefix for several
  files).
- 1.2 the eight class rules in order, launch calls (flows s->f, else args.correlation), "lies inside".
- 1.3 communication kernel names; 1.4 collective host ops; 1.6 collective type and size.
- 2 per-device table (times and percents), mean over the devices that count, and the count/sum table
  (kernel_count, median_kernel_ns, memcpy/memset counts and bytes, collective_count,
  busiest_stream_share_percent). Whole profile only, so the range is the whole trace.
- 3.1 collective groups: type, size, count, min, median, mean, max (outliers are not computed); the
  instances are communication kernels, instructions and MTIA events, never cc_dma transfers.
- 3.2 operations across ranks and stragglers (strata_ranks.py, readings A23-A29).
- 4 the Kernels and Host ops tables per name (strata_operations.py, readings A30-A35).
- 5.1 regions between collectives, bursts included (strata_regions.py, readings A36-A40).
Outside this reference, so not compared with the CLI: 1.5 compute kinds (no section-2 output
depends on them), span_ns, memcpy_bandwidth,
host_bound_gap_percent, dma_wait_percent, 2.1 (Neuron active time), 3.1 outliers, `--align
collective`, operations per name and track, 5.2 to 9 (10 and 11 are strata_streams.py's).

Readings chosen where the page is ambiguous (each is also marked at the code that implements it)
A1  Category: the whole `cat` string must equal a table entry (a comma list is not split).
A2  "Overlapping the range" for the whole profile: every device event counts, zero-length ones too.
A3  A Neuron `instruction` has kind kernel (table 1.1), so rules 2 and 5 and kernel_count apply to it.
A4  "In a profile with no such flow" is read for the whole profile (all files): when at least one flow
    from a host track ends on a device event, launch calls come only from flows and events without one
    have none; otherwise every launch call comes from args.correlation.  `--launch-fallback event`
    gives the other reading (correlation for each event that has no flow) to show whether it matters.
A5  Flows are paired per (cat, id) in time order: an `s` opens, the next `f` closes. A flow start binds
    to the innermost slice enclosing its ts on its track ([start, end), or a zero-length slice at ts); an
    end with bp "e" likewise, otherwise to the first slice starting at or after its ts (the outermost of
    those starting at the same time). When several flows end on one device event the first wins.
    Flow v2 (bind_id / flow_in / flow_out) is not read.
A6  "Encloses on its thread" is containment with inclusive ends, found through the nesting of the
    thread's slices (a slice that only partly overlaps another is not nested in it).
A7  The correlation fallback takes the host slice on a non-device track; the first one in file order
    when several carry the same correlation.
A8  1.3 "multimem ... twoshot together with reduce": the `reduce` condition applies to every word of
    the row (a name with `multimem` and no `reduce` is not a communication kernel name by this row).
A9  1.6 type: the collective host ops around the launch call are walked from the innermost out (the
    launch call's ancestors that are collective host ops), and the first whose name names a type,
    else whose args["Collective name"] does, gives it; then "the first of AllReduce, ..., Barrier"
    the event's own name names, first in that list (not in the name); `send` / `recv` / `sendrecv`
    name SendRecv; `dispatch` / `combine` name AllToAll only for the MoE kernel names of 1.3.
A10 1.6 size: event's nelems x dtype, else event's bytes, else the innermost op's nelems x dtype, else
    its bytes (source args). A dtype of unknown size makes the product unknown. A size of 0 is unknown
    (null). dtype names compared ignoring case, with or without a `c10::` / `torch.` prefix. Else,
    derived (source dims): the call site's first Input Dims entry, a non-empty list of integers, its
    product times the 13.5 size of the first Input type entry (strata_shapes.type_size); a product of
    0, or a type of no size, derives nothing.
A11 kernel_count counts events of kind kernel, instruction or MTIA whose class is compute or
    communication (MTIA communication included); cc_dma transfers are not kernels.
A12 memcpy_count / memset_count count the events of class memory (copy) / memory (set), so MTIA
    events named dma/memcpy count as copies.
A13 A mean over devices of integer times may be fractional: printed as a float when it is not an
    integer (compare.py then accepts the neighbouring integers). Medians likewise.
A14 A per-device percent whose device_time_ns is 0 is absent; the profile's percent is the mean over
    the devices where it is present (null when none).
A15 "GPU profile" (collective_count fallback): a profile with device events of the GPU categories
    (kernel, Kernel, gpu_memcpy, Memcpy, gpu_memset, Memset).
A16 Device rows are printed for the devices that count only (an accelerator-labelled process with no
    device event is a device but has no row). A label without process_labels is
    "<process_name> (pid <pid>)", or "pid <pid>" without a name; the rank prefix is "rank <R> / " with
    R = distributedInfo.rank of the file, else the file's position (0-based). A process with neither
    name nor labels, a numeric pid and a GPU stream track (A23) is labelled "GPU <pid>" (1.1).
A17 busiest_stream_share_percent: a stream is a device track; its busy time is the union of its own
    work events.
A18 An X event without dur has duration 0. B/E pairs on a track are matched as a stack in time order;
    an unclosed B ends at the file's last timestamp.
A19 A collective's call site is the host op its type came from (A9), else its innermost collective
    host op, by name; none without a host op. A host instance (3.1's fallback) is its own call site.
    Groups are keyed by type, size, its source, elements, element type and call site.
A20 A pid or tid written as decimal text ("4093687616") is the same thread as the number (catapult
    keys threads by the text of the id); Kineto 2021 writes X events with string tids and their flow
    starts with numeric ones, so without this no flow of that file binds.
A21 The profile clock (3.2 `--align clock`): a file's ts in ns plus its baseTimeNanoseconds when the
    profile has several files; a single file keeps its ts as written (its placement changes nothing).
A22 The profile's start ("origin") is the earliest ts of an event that is not metadata: Kineto writes
    its M events at ts 0.
A23 A GPU stream track (1.1): a track without a thread_name record, with an integer tid, whose slices
    (X and B/E) include one of a GPU category and none of a category other than those and
    gpu_user_annotation.
"""

import argparse
import bisect
import decimal
import gzip
import json
import sys
from fractions import Fraction

import strata_shapes

decimal.getcontext().prec = 60

DEVICE_KIND = {  # 1.1
    'kernel': 'kernel', 'Kernel': 'kernel', 'instruction': 'kernel',
    'gpu_memcpy': 'copy', 'Memcpy': 'copy', 'dma': 'copy',
    'gpu_memset': 'set', 'Memset': 'set',
    'mtia_ccp_events': 'mtia', 'cc_dma': 'transfer',
}
GPU_CATEGORIES = {'kernel', 'Kernel', 'gpu_memcpy', 'Memcpy', 'gpu_memset', 'Memset'}  # A15
RUNTIME_CATEGORIES = {'cuda_runtime', 'cuda_driver', 'Runtime', 'mtia_runtime'}
WORK = ('compute', 'communication', 'memcpy', 'memset')
NEURON_COLLECTIVE = ('collective', 'allreduce', 'all_reduce', 'allgather', 'all_gather',
                     'reducescatter', 'reduce_scatter', 'alltoall', 'all_to_all', 'sendrecv',
                     'send_recv')
DTYPE_BYTES = {
    'float': 4, 'float32': 4, 'half': 2, 'float16': 2, 'bfloat16': 2, 'double': 8, 'float64': 8,
    'int64': 8, 'long': 8, 'int': 4, 'int32': 4, 'short': 2, 'int16': 2, 'char': 1, 'int8': 1,
    'byte': 1, 'uint8': 1, 'bool': 1, 'complexfloat': 8, 'complexdouble': 16, 'complex64': 8,
    'complex128': 16,
}
TYPE_WORDS = (  # 1.6, in the page's order
    ('AllReduce', ('allreduce',)), ('AllGather', ('allgather',)),
    ('ReduceScatter', ('reducescatter',)), ('AllToAll', ('alltoall', 'all2all')),
    ('Broadcast', ('broadcast', 'bcast')), ('SendRecv', ('sendrecv', 'send', 'recv')),
    ('Barrier', ('barrier',)),
)


class Slice:
    """A complete slice (X, or a B/E pair) on one track (preamble, 1.1)."""
    __slots__ = ('track', 'name', 'cat', 'start', 'end', 'args', 'order', 'parent', 'kind', 'cls',
                 'launch', 'op')

    def __init__(self, track, ev, start, end, order):
        self.track, self.start, self.end, self.order = track, start, end, order
        self.name = str(ev.get('name', ''))
        self.cat = ev.get('cat')
        self.args = ev.get('args') if isinstance(ev.get('args'), dict) else {}
        self.parent = None
        self.kind = DEVICE_KIND.get(self.cat) if isinstance(self.cat, str) else None  # A1
        self.cls = self.launch = self.op = None


# ----------------------------------------------------------------------------------------- reading

def to_ns(value):
    """Preamble: a us value read from its decimal text, scaled to ns, rounded half away from zero."""
    if value is None:
        return 0
    d = decimal.Decimal(value.strip() if isinstance(value, str) else value)
    return int((d * 1000).quantize(decimal.Decimal(1), rounding=decimal.ROUND_HALF_UP))


def read_trace(path):
    """Read one Chrome trace (plain or gzip by magic bytes; object or array form)."""
    with open(path, 'rb') as fh:
        raw = fh.read()
    if raw[:2] == b'\x1f\x8b':
        raw = gzip.decompress(raw)
    doc = json.loads(raw.decode('utf-8-sig'), parse_float=decimal.Decimal)
    if isinstance(doc, list):
        return [e for e in doc if isinstance(e, dict)], {}
    return [e for e in doc.get('traceEvents', []) if isinstance(e, dict)], doc


def thread_id(value):
    """A20: a pid or tid; decimal text names the same thread as the number (as in catapult)."""
    if isinstance(value, str) and value.strip().lstrip('-').isdigit():
        return int(value)
    return value


def track_of(fidx, ev):
    """A track is a Chrome thread (pid, tid) of one file; a missing tid is the pid."""
    pid = thread_id(ev.get('pid'))
    return (fidx, pid, thread_id(ev.get('tid', pid)))


def slices_of(fidx, events):
    """Complete slices of one file: X events and B/E pairs matched per track (A18)."""
    out, stacks, last = [], {}, 0
    begin_end = []
    for order, ev in enumerate(events):
        ph = ev.get('ph')
        if ph == 'X':
            start = to_ns(ev.get('ts'))
            out.append(Slice(track_of(fidx, ev), ev, start, start + to_ns(ev.get('dur')), order))
            last = max(last, out[-1].end)
        elif ph in ('B', 'E'):
            begin_end.append((to_ns(ev.get('ts')), order, ev))
    for ts, order, ev in sorted(begin_end, key=lambda x: (x[0], x[1])):
        last = max(last, ts)
        stack = stacks.setdefault(track_of(fidx, ev), [])
        if ev.get('ph') == 'B':
            stack.append((ts, order, ev))
        elif stack:
            bts, border, bev = stack.pop()
            out.append(Slice(track_of(fidx, bev), bev, bts, ts, border))
    for stack in stacks.values():
        for bts, border, bev in stack:
            out.append(Slice(track_of(fidx, bev), bev, bts, last, border))
    return out


def process_meta(fidx, events):
    """Metadata events M: process_name and process_labels per process (first record kept), and the
    tracks with a thread_name record."""
    names, labels, named = {}, {}, set()
    for ev in events:
        if ev.get('ph') != 'M' or not isinstance(ev.get('args'), dict):
            continue
        key = (fidx, thread_id(ev.get('pid')))
        if ev.get('name') == 'process_name' and 'name' in ev['args']:
            names.setdefault(key, str(ev['args']['name']))
        elif ev.get('name') == 'process_labels' and 'labels' in ev['args']:
            labels.setdefault(key, str(ev['args']['labels']))
        elif ev.get('name') == 'thread_name':
            named.add(track_of(fidx, ev))
    return names, labels, named


# ------------------------------------------------------------------------------ tracks and nesting

class TrackIndex:
    """The slices of one track sorted by start (outer first), with their nesting (A6)."""

    def __init__(self, slices):
        self.slices = sorted(slices, key=lambda s: (s.start, -s.end, s.order))
        self.starts = [s.start for s in self.slices]
        stack = []
        for s in self.slices:
            while stack and stack[-1].end < s.end:
                stack.pop()
            s.parent = stack[-1] if stack else None
            stack.append(s)

    def enclosing(self, ts):
        """A5: the innermost slice with start <= ts < end (or a zero-length slice at ts)."""
        i = bisect.bisect_right(self.starts, ts) - 1
        s = self.slices[i] if i >= 0 else None
        while s is not None and not (s.start <= ts < s.end or s.start == s.end == ts):
            s = s.parent
        return s

    def next_starting(self, ts):
        """A5: the first slice starting at or after ts (outermost of equal starts)."""
        i = bisect.bisect_left(self.starts, ts)
        return self.slices[i] if i < len(self.slices) else None


class Profile:
    """All files of one profile: slices, tracks, processes, device tracks (1.1)."""

    def __init__(self, paths):
        self.paths, self.slices, self.events, self.docs = paths, [], [], []
        self.has_flows = False
        self.names, self.labels, self.named_threads = {}, {}, set()
        for fidx, path in enumerate(paths):
            events, doc = read_trace(path)
            self.events.append(events)
            self.docs.append(doc)
            self.slices.extend(slices_of(fidx, events))
            names, labels, named = process_meta(fidx, events)
            self.names.update(names)
            self.labels.update(labels)
            self.named_threads |= named
        by_track = {}
        for s in self.slices:
            by_track.setdefault(s.track, []).append(s)
        self.tracks = {t: TrackIndex(v) for t, v in by_track.items()}
        self.device_events = [s for s in self.slices if s.kind]
        self.event_tracks = {s.track for s in self.device_events}
        self.gpu_streams = {t for t, v in by_track.items() if self.is_gpu_stream(t, v)}
        self.gpu_processes = {t[:2] for t in self.gpu_streams}

    def is_gpu_stream(self, track, slices):
        """A23: an unnamed track of an integer tid holding GPU events and nothing a host writes."""
        cats = {s.cat for s in slices}
        return (track not in self.named_threads and isinstance(track[2], int)
                and bool(cats & GPU_CATEGORIES)
                and not (cats - GPU_CATEGORIES - {'gpu_user_annotation'}))

    def is_device_track(self, track):
        """1.1: a track holding a device event."""
        return track in self.event_tracks

    def label(self, proc):
        """1.1 and A16: the process's labels, else name and pid; a rank prefix with several files."""
        fidx, pid = proc
        if proc in self.labels:
            text = self.labels[proc]
        elif proc not in self.names and proc in self.gpu_processes and isinstance(pid, int):
            text = 'GPU %s' % (pid,)  # A16
        elif proc in self.names:
            text = '%s (pid %s)' % (self.names[proc], pid)
        else:
            text = 'pid %s' % (pid,)
        if len(self.paths) > 1:
            text = '%s / %s' % (self.rank_label(fidx), text)
        return text

    def rank_label(self, fidx):
        """1.1 and A16: "rank R", R the file's distributedInfo.rank, else its position."""
        info = self.docs[fidx].get('distributedInfo') if self.docs[fidx] else None
        rank = info.get('rank', fidx) if isinstance(info, dict) else fidx
        return 'rank %s' % (rank,)

    def clock_offset(self, fidx):
        """3.2 `--align clock` (A21): a file's baseTimeNanoseconds when several files, else 0."""
        doc = self.docs[fidx]
        if len(self.paths) < 2 or not doc or doc.get('baseTimeNanoseconds') is None:
            return 0
        return int(decimal.Decimal(str(doc['baseTimeNanoseconds'])))

    def origin(self):
        """A22: the profile's start, the earliest ts of an event that is not metadata (M)."""
        starts = [to_ns(ev['ts']) + self.clock_offset(fidx)
                  for fidx, events in enumerate(self.events) for ev in events
                  if ev.get('ph') != 'M' and ev.get('ts') is not None]
        return min(starts) if starts else 0


# ------------------------------------------------------------------------------------ launch calls

def flow_id(ev):
    """The id of a flow event: `id`, else `id2` (global or local)."""
    if 'id' in ev:
        return json.dumps(ev['id'], default=str)
    id2 = ev.get('id2')
    return json.dumps(id2, sort_keys=True, default=str) if id2 is not None else None


def flow_pairs(events):
    """A5: flows of one file as (s, f) event pairs, matched by (cat, id) in time order."""
    groups = {}
    for order, ev in enumerate(events):
        if ev.get('ph') in ('s', 'f'):
            item = (to_ns(ev.get('ts')), ev['ph'] == 'f', order, ev)
            groups.setdefault((str(ev.get('cat')), flow_id(ev)), []).append(item)
    pairs = []
    for items in groups.values():
        items.sort(key=lambda x: x[:3])
        pending = None
        for _ts, is_end, _order, ev in items:
            if not is_end:
                pending = ev
            elif pending is not None:
                pairs.append((pending, ev))
                pending = None
    return pairs


def bind_flow(profile, fidx, start_ev, end_ev):
    """A5: the slices a flow's start and end bind to (None where nothing binds)."""
    s_index = profile.tracks.get(track_of(fidx, start_ev))
    f_index = profile.tracks.get(track_of(fidx, end_ev))
    src = s_index.enclosing(to_ns(start_ev.get('ts'))) if s_index else None
    dst = None
    if f_index:
        ts = to_ns(end_ev.get('ts'))
        dst = f_index.enclosing(ts) if end_ev.get('bp') == 'e' else f_index.next_starting(ts)
    return src, dst


def launches_from_flows(profile):
    """1.2: launch call = start of a flow from a non-device track whose end is the device event."""
    found = {}
    for fidx, events in enumerate(profile.events):
        for start_ev, end_ev in flow_pairs(events):
            src, dst = bind_flow(profile, fidx, start_ev, end_ev)
            if src is None or dst is None or not dst.kind or profile.is_device_track(src.track):
                continue
            found.setdefault(id(dst), src)
    return found


def correlation_key(fidx, value):
    """A correlation id within one file (numbers and their text compare equal)."""
    return (fidx, str(value)) if value is not None else None


def launches_from_correlation(profile):
    """1.2: the host runtime slice whose args.correlation equals the device event's (A7)."""
    runtime = {}
    for s in profile.slices:
        if s.cat in RUNTIME_CATEGORIES and not profile.is_device_track(s.track):
            key = correlation_key(s.track[0], s.args.get('correlation'))
            if key is not None:
                runtime.setdefault(key, s)
    found = {}
    for ev in profile.device_events:
        key = correlation_key(ev.track[0], ev.args.get('correlation'))
        if key in runtime:
            found[id(ev)] = runtime[key]
    return found


def assign_launches(profile, fallback):
    """1.2 and A4: set each device event's launch call (or None)."""
    by_flow = launches_from_flows(profile)
    by_corr = launches_from_correlation(profile) if (fallback == 'event' or not by_flow) else {}
    for ev in profile.device_events:
        ev.launch = by_flow.get(id(ev)) if by_flow else by_corr.get(id(ev))
        if ev.launch is None and fallback == 'event':
            ev.launch = by_corr.get(id(ev))
    return bool(by_flow)


# ------------------------------------------------------------------------------- names and classes

def is_comm_kernel_name(name):
    """1.3: a communication kernel name (ignoring case; A8)."""
    n = name.lower()
    if (n.startswith('nccl') and not n.startswith('nccl:')) or n.startswith('rccl'):
        return True
    if 'nccldevkernel' in n or 'ncclkernel' in n:
        return True
    if 'reduce' in n and any(w in n for w in ('multimem', 'one_shot_all_reduce',
                                              'two_shot_all_reduce', 'oneshot', 'twoshot')):
        return True
    words = ('cross_device_reduce', 'allreduce', 'all_reduce', 'allgather', 'all_gather',
             'reducescatter', 'reduce_scatter', 'alltoall', 'all_to_all', 'quickreduce',
             'quick_all_reduce', 'deep_ep', 'moe_dispatch', 'moe_combine', 'nvshmem')
    return any(w in n for w in words)


def is_moe_name(name):
    """1.3: the MoE dispatch / combine row."""
    n = name.lower()
    return any(w in n for w in ('deep_ep', 'moe_dispatch', 'moe_combine'))


def is_collective_host_op(profile, s):
    """1.4: a host slice (non-device track) whose name marks a collective (ignoring case)."""
    if s.kind or profile.is_device_track(s.track):
        return False
    n = s.name.lower()
    if n.startswith(('c10d::', 'nccl:', 'symm_mem::', '_c10d_functional::', 'c10d_functional::')):
        return True
    if n in ('record_param_comms', 'vllm::all_reduce'):
        return True
    words = ('all_reduce', 'allreduce', 'all_gather', 'allgather', 'reduce_scatter',
             'reducescatter', 'all_to_all', 'alltoall', 'broadcast')
    # the words make a collective host op of a framework op only, not of an annotation
    return (s.cat in ('cpu_op', 'Operator') and not n.startswith('aten::')
            and any(w in n for w in words))


def innermost_collective_op(profile, call):
    """1.2 "lies inside" (A6): the call itself or its innermost enclosing collective host op."""
    s = call
    while s is not None:
        if is_collective_host_op(profile, s):
            return s
        s = s.parent
    return None


def classify(profile, ev):
    """1.2: the first of the eight rules that applies gives the event's class."""
    n, kind = ev.name.lower(), ev.kind
    kernel_like = kind in ('kernel', 'mtia')  # A3: instructions are kernels
    if kind == 'transfer' or (ev.cat == 'instruction' and any(w in n for w in NEURON_COLLECTIVE)):
        return 'communication'                                           # rule 1
    if kernel_like and is_comm_kernel_name(ev.name):
        return 'communication'                                           # rule 2
    if kernel_like and any(w in n for w in ('semaphore', 'wait', 'barrier')):
        return 'wait'                                                    # rule 3
    if kind == 'mtia' and 'record' in n:
        return 'other'                                                   # rule 4
    if kernel_like and ev.op is not None:
        return 'communication'                                           # rule 5
    if kind == 'copy' or (kind == 'mtia' and ('dma' in n or 'memcpy' in n)):
        return 'memcpy'                                                  # rule 6
    if kind == 'set':
        return 'memset'                                                  # rule 7
    return 'compute'                                                     # rule 8


def classify_all(profile, fallback):
    """1.2: launch calls, enclosing collective host ops, then a class for every device event."""
    has_flows = assign_launches(profile, fallback)
    for ev in profile.device_events:
        ev.op = innermost_collective_op(profile, ev.launch) if ev.launch else None
        ev.cls = classify(profile, ev)
    return has_flows


def type_named(name, moe=False):
    """1.6: the collective type a name names, or None (A9)."""
    n = ''.join(ch for ch in name.lower() if ch not in '_-: ')
    for ctype, words in TYPE_WORDS:
        if any(w in n for w in words):
            return ctype
        if ctype == 'AllToAll' and moe and ('dispatch' in n or 'combine' in n):
            return ctype
    return None


def op_type(op):
    """1.6 (A9): the type a collective host op names, by its name, else its Collective name."""
    named = type_named(op.name)
    if named is None and op.args.get('Collective name') is not None:
        named = type_named(str(op.args['Collective name']))
    return named


def collective_site(profile, ev, op):
    """1.6 (A9, A19): (type the host ops name or None, call site) of an instance."""
    if op is ev:
        return op_type(op), op
    s = ev.launch
    while s is not None:
        if is_collective_host_op(profile, s):
            named = op_type(s)
            if named:
                return named, s
        s = s.parent
    return None, op


def collective_type(ev, op, profile=None):
    """1.6: the host ops' type, else own name, else Other."""
    if profile is not None:
        named, _ = collective_site(profile, ev, op)
        if named:
            return named
    own = type_named(ev.name, is_moe_name(ev.name) if ev.kind else False)
    if own:
        return own
    if op is not None and op is not ev:
        return type_named(op.name) or 'Other'
    return 'Other'


def size_from_args(args):
    """1.6 (A10): In msg nelems x dtype size, else bytes; 0 when unknown."""
    return size_parts_from_args(args)[0]


def size_parts_from_args(args):
    """1.6 (A10): (bytes, elements, element bytes) from the args; zeros when unknown."""
    nelems, dtype = args.get('In msg nelems'), args.get('dtype')
    if nelems is not None and dtype is not None:
        d = str(dtype).lower()
        for prefix in ('c10::', 'torch.'):
            d = d[len(prefix):] if d.startswith(prefix) else d
        width = 1 if d.startswith('float8') else DTYPE_BYTES.get(d)
        try:
            if width and int(decimal.Decimal(str(nelems))) * width:
                return int(decimal.Decimal(str(nelems))) * width, int(decimal.Decimal(str(nelems))), width
        except (decimal.InvalidOperation, ValueError):
            pass
    try:
        return int(decimal.Decimal(str(args.get('bytes', 0)))), 0, 0
    except (decimal.InvalidOperation, ValueError):
        return 0, 0, 0


def derived_size(op):
    """1.6 (A10): (bytes, elements, element bytes, type) from the op's first input; None when none."""
    dims, types = op.args.get('Input Dims'), op.args.get('Input type')
    if not isinstance(dims, list) or not dims or not isinstance(types, list) or not types:
        return None
    first = dims[0]
    if (not isinstance(first, list) or not first
            or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in first)):
        return None
    elements = 1
    for d in first:
        elements *= d
    width = strata_shapes.type_size(types[0])
    if not elements or not width:
        return None
    return elements * width, elements, width, types[0]


def collective_size(ev, op, site=None):
    """1.6: (bytes, source, elements, element bytes, element type) of an instance."""
    size, n, width = size_parts_from_args(ev.args)
    if not size and op is not None and op is not ev:
        size, n, width = size_parts_from_args(op.args)
    if size:
        return size, 'args', n or None, width or None, None
    derived = derived_size(site) if site is not None else None
    if derived:
        return derived[0], 'dims', derived[1], derived[2], derived[3]
    return 0, None, None, None, None


# ------------------------------------------------------------------------------- interval algebra

def union(intervals):
    """Merged, sorted, disjoint half-open intervals of a list of (start, end)."""
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1][1] = end
        else:
            merged.append([start, end])
    return merged


def length(merged):
    """The total length of merged intervals."""
    return sum(end - start for start, end in merged)


def overlap_length(a, b):
    """The length of the intersection of two merged interval lists."""
    i = j = total = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            total += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def median(values):
    """2: the median; for an even count the mean of the two middle values (exact)."""
    v = sorted(values)
    if not v:
        return None
    mid = len(v) // 2
    return Fraction(v[mid]) if len(v) % 2 else Fraction(v[mid - 1] + v[mid], 2)


# ---------------------------------------------------------------------------------- per device (2)

def device_row(events):
    """2, per device: the times of one device's events (whole profile: nothing to clip, A2)."""
    iv = {}
    for ev in events:
        iv.setdefault(ev.cls, []).append((ev.start, ev.end))
    u = {cls: union(iv.get(cls, [])) for cls in ('compute', 'communication', 'memcpy', 'memset',
                                                 'wait')}
    work = union([x for cls in WORK for x in iv.get(cls, [])])
    memory = union(iv.get('memcpy', []) + iv.get('memset', []))
    device_time = max(e.end for e in events) - min(e.start for e in events)
    busy = length(work)
    comm = length(u['communication'])
    return {
        'device_time_ns': device_time,
        'busy_ns': busy,
        'compute_ns': length(u['compute']),
        'communication_ns': comm,
        'exposed_communication_ns': comm - overlap_length(u['communication'], u['compute']),
        'memory_ns': length(memory),
        'wait_ns': length(u['wait']) - overlap_length(u['wait'], work),
        'idle_ns': device_time - busy,
    }


def percent(part, whole):
    """A ratio in percent, exact; None when the denominator is 0 (A14)."""
    return Fraction(100 * part, whole) if whole else None


def stream_share(events):
    """2, busiest_stream_share_percent of one device (A17); None with fewer than two streams."""
    per_stream = {}
    for ev in events:
        if ev.cls in WORK:
            per_stream.setdefault(ev.track, []).append((ev.start, ev.end))
    if len(per_stream) < 2:
        return None
    busy = [length(union(v)) for v in per_stream.values()]
    return percent(max(busy), sum(busy))


def mean(values):
    """2: the mean over the devices that count of the values present (A13, A14)."""
    present = [Fraction(v) for v in values if v is not None]
    return sum(present) / len(present) if present else None


# ---------------------------------------------------------------------------- collectives (3.1)

def outermost_collective_ops(profile):
    """2 / 3.1 fallback: collective host ops not enclosed by another collective host op."""
    found = []
    for s in profile.slices:
        if not is_collective_host_op(profile, s):
            continue
        p = s.parent
        while p is not None and not is_collective_host_op(profile, p):
            p = p.parent
        if p is None:
            found.append(s)
    return found


def collective_instances(profile):
    """3.1: communication events, or with none in a GPU profile the outermost collective host ops."""
    comm = [ev for ev in profile.device_events
            if ev.cls == 'communication' and ev.kind in ('kernel', 'mtia')]  # not cc_dma transfers
    if comm:
        return [(ev, ev.op) for ev in comm]
    if any(ev.cat in GPU_CATEGORIES for ev in profile.device_events):  # A15
        return [(op, op) for op in outermost_collective_ops(profile)]
    return []


def collective_groups(profile, instances):
    """3.1: instances grouped by type, size (with its source) and call site."""
    groups = {}
    for ev, op in instances:
        named, site = collective_site(profile, ev, op)
        ctype = named or collective_type(ev, op)
        size, source, n, width, etype = collective_size(ev, op, site)
        key = (ctype, size or None, source, n, width, etype, site.name if site is not None else None)
        groups.setdefault(key, []).append(ev.end - ev.start)
    rows = []
    for key, durs in sorted(groups.items(), key=lambda kv: (
            kv[0][0], kv[0][1] or 0, str(kv[0][2]), kv[0][6] or '')):
        ctype, size, source, n, width, etype, site = key
        rows.append({'type': ctype, 'size_bytes': size, 'size_source': source, 'elements': n,
                     'element_bytes': width, 'call_site': site, 'count': len(durs),
                     'min_ns': min(durs), 'median_ns': number(median(durs)),
                     'mean_ns': sum(durs) // len(durs), 'max_ns': max(durs)})
    return rows


# ------------------------------------------------------------------------------------- the summary

def number(value, as_percent=False):
    """JSON form of an exact value: int when integral, float otherwise (A13), None stays None."""
    if value is None:
        return None
    if as_percent:
        return float(value)
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def bytes_sum(events):
    """2: the sum of args.bytes over the events that have it; None when none has it."""
    values = [int(decimal.Decimal(str(ev.args['bytes']))) for ev in events if 'bytes' in ev.args]
    return sum(values) if values else None


def device_metrics(profile):
    """2: per-device rows and the profile's means over the devices that count."""
    per_device = {}
    for ev in profile.device_events:
        per_device.setdefault(ev.track[:2], []).append(ev)
    rows, shares = [], []
    for proc in sorted(per_device, key=lambda p: (p[0], str(p[1]))):
        row = device_row(per_device[proc])
        row['busy_percent'] = percent(row['busy_ns'], row['device_time_ns'])
        row['exposed_percent'] = percent(row['exposed_communication_ns'], row['device_time_ns'])
        row['memory_percent'] = percent(row['memory_ns'], row['device_time_ns'])
        row['label'], row['file'] = profile.label(proc), proc[0]
        rows.append(row)
        shares.append(stream_share(per_device[proc]))
    return rows, shares


def profile_metrics(rows, shares):
    """2: the profile's value of each per-device id is the mean over devices; None with none."""
    ids = (('device_time_ns', 'device_time_ns'), ('compute_time_ns', 'compute_ns'),
           ('communication_time_ns', 'communication_ns'),
           ('exposed_communication_ns', 'exposed_communication_ns'),
           ('memory_time_ns', 'memory_ns'), ('wait_time_ns', 'wait_ns'),
           ('idle_time_ns', 'idle_ns'))
    out = {mid: number(mean([r[key] for r in rows])) for mid, key in ids}
    for mid, key in (('device_busy_percent', 'busy_percent'),
                     ('exposed_communication_percent', 'exposed_percent'),
                     ('memory_time_percent', 'memory_percent')):
        out[mid] = number(mean([r[key] for r in rows]), as_percent=True)
    present = [s for s in shares if s is not None]
    out['busiest_stream_share_percent'] = number(max(present), True) if present else None
    return out


def count_metrics(profile, instances):
    """2, the count/sum table (A11, A12)."""
    kernels = [ev for ev in profile.device_events
               if ev.kind in ('kernel', 'mtia') and ev.cls in ('compute', 'communication')]
    copies = [ev for ev in profile.device_events if ev.cls == 'memcpy']
    sets = [ev for ev in profile.device_events if ev.cls == 'memset']
    return {
        'kernel_count': len(kernels),
        'median_kernel_ns': number(median([ev.end - ev.start for ev in kernels])),
        'memcpy_count': len(copies),
        'memset_count': len(sets),
        'memcpy_bytes': bytes_sum(copies),
        'memset_bytes': bytes_sum(sets),
        'collective_count': len(instances),
    }


def load(paths, fallback='profile'):
    """Read FILE... as one profile and classify its device events (1.1, 1.2)."""
    profile = Profile(paths)
    profile.has_flows = classify_all(profile, fallback)
    return profile


def summarize(paths, fallback='profile', profile=None):
    """The whole-profile summary: metrics, device rows and collective groups."""
    profile = profile or load(paths, fallback)
    has_flows = profile.has_flows
    rows, shares = device_metrics(profile)
    instances = collective_instances(profile)
    metrics = profile_metrics(rows, shares)
    metrics.update(count_metrics(profile, instances))
    devices = [{
        'label': r['label'], 'device_time_ns': r['device_time_ns'], 'busy_ns': r['busy_ns'],
        'busy_percent': number(r['busy_percent'], True), 'compute_ns': r['compute_ns'],
        'communication_ns': r['communication_ns'],
        'exposed_communication_ns': r['exposed_communication_ns'], 'memory_ns': r['memory_ns'],
        'wait_ns': r['wait_ns'], 'idle_ns': r['idle_ns']} for r in rows]
    classes = {}
    for ev in profile.device_events:
        classes[ev.cls] = classes.get(ev.cls, 0) + 1
    return {'files': [p.replace('\\', '/').rsplit('/', 1)[-1] for p in paths],
            'launch_calls_from': 'flows' if has_flows else 'correlation',
            'class_counts': classes, 'metrics': metrics, 'devices': devices,
            'collectives': collective_groups(profile, instances)}


def main(argv=None):
    """Command line: print the summary of FILE... as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--json', action='store_true', help='JSON output (the default)')
    parser.add_argument('--launch-fallback', choices=('profile', 'event'), default='profile',
                        help='where args.correlation replaces flows (see A4)')
    parser.add_argument('--regions', action='store_true', help='print the regions of 5.1')
    parser.add_argument('--config', metavar='CONFIG.json', help='a highlighter configuration')
    parser.add_argument('files', nargs='+', metavar='FILE')
    args = parser.parse_args(argv)
    import strata_operations  # pylint: disable=import-outside-toplevel  (they import this file)
    import strata_ranks  # pylint: disable=import-outside-toplevel
    import strata_regions  # pylint: disable=import-outside-toplevel
    profile = load(args.files, args.launch_fallback)
    if args.regions:
        config = {}
        if args.config:
            with open(args.config, encoding='utf-8') as fh:
                config = json.load(fh)
        out = strata_regions.regions(profile, config)
    else:
        out = summarize(args.files, profile=profile)
        out.update(strata_operations.operation_tables(profile))
        if len(args.files) > 1:
            out.update(strata_ranks.across_ranks(profile))
    out['origin_ns'] = profile.origin()
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
