# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference of docs/metrics.md sections 12 (memory) and 13 (FLOPs on GPUs).

Written from the page only (see strata_reference.py for the rules of this reference). It reads the
events of each file as strata_reference.Profile keeps them, the launch calls of 1.2 as
strata_reference sets them, and device time (2) from its device rows.

Readings of the page (continuing the other modules')
A41 A memory event's Device Type and Device Id must be JSON integers; Bytes and the totals JSON
    numbers. Events at the same time keep the order of the file.
A42 The innermost slice holding an event's time is the shortest slice of its track (pid, tid) with
    start <= ts < end; a zero-length slice holds nothing. On equal lengths the one starting last.
A43 A range's value in force at its start is the value of the last event before the start; the event
    at a peak taken from it is found by walking back over the events before it with the same value.
A44 FLOPs: `flops` a JSON number > 0; "inside another FLOP op of its track" is containment with
    inclusive ends, the outer being the one that starts first (the longer on equal starts). A launch
    call lies inside an op when it is on the op's track and starts within [start, end) of the op (or
    at its start). The kernels are the device events of kind kernel (1.1) whose launch call does.
A45 The whole profile only for FLOPs: nothing is clipped, so a piece counts whole.
A46 The peak table is the page's, typed in here again from the page (TFLOP/s).
A47 Every operator is read: the page's rule of 32 per name gives the same ops whenever the
    operators of a name carry FLOPs (or shapes) all or none, as PyTorch writes them.
A52 The models of 13.5 are strata_shapes.py's. A shape's key is its name, its Input Dims as parsed,
    its data type and what its model read or assumed; 13.6's rows are compared over the whole profile
    and without their kernel classes (1.5 is outside this reference).
"""

import json

import strata_reference as R
import strata_shapes

TYPES = ('fp64', 'fp32', 'tf32', 'bf16', 'fp16', 'fp8')
PEAKS = {  # 13.4, copied from the page's table: fp64 fp32 tf32 bf16 fp16 fp8 (None: not given)
    'B200': (37, 75, 1100, 2250, 2250, 4500),
    'H200 NVL': (60, 60, 417.5, 835.5, 835.5, 1670.5),
    'H200 SXM': (67, 67, 494.7, 989.4, 989.4, 1978.9),
    'H100 NVL': (60, 60, 417.5, 835.5, 835.5, 1670.5),
    'H100 PCIe': (51, 51, 378, 756, 756, 1513),
    'H100 SXM': (67, 67, 494.7, 989.4, 989.4, 1978.9),
    'A100': (19.5, 19.5, 156, 312, 312, None),
    'V100S PCIe': (8.2, 16.4, None, None, 130, None),
    'V100 PCIe': (7, 14, None, None, 112, None),
    'V100 SXM2': (7.8, 15.7, None, None, 125, None),
    'MI355X': (78.6, 157.3, None, 2516.6, 2516.6, 5033.2),
    'MI325X': (163.4, 163.4, 653.7, 1307.4, 1307.4, 2614.9),
    'MI300X': (163.4, 163.4, 653.7, 1307.4, 1307.4, 2614.9),
    'MI250X (one die)': (47.9, 47.9, None, 191.5, 191.5, None),
    'MI250 / MI210 (one die)': (45.3, 45.3, None, 181, 181, None),
}

BANDWIDTH = {  # 13.4, TB/s, copied from the page's table (the A100's by its memory: a100_bandwidth)
    'B200': 8.0, 'H200 NVL': 4.8, 'H200 SXM': 4.8, 'H100 NVL': 3.9, 'H100 PCIe': 2.0,
    'H100 SXM': 3.35, 'A100': None, 'V100S PCIe': 1.134, 'V100 PCIe': 0.9, 'V100 SXM2': 0.9,
    'MI355X': 8.0, 'MI325X': 6.0, 'MI300X': 5.3, 'MI250X (one die)': 1.6,
    'MI250 / MI210 (one die)': 1.6,
}


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return (is_int(v) or isinstance(v, (float, R.decimal.Decimal))) and not isinstance(v, bool)


# --------------------------------------------------------------------------------- 12. memory

def memory_events(profile):
    """12.1: per memory device, its events in time order (A41)."""
    devices = {}
    for fidx, events in enumerate(profile.events):
        for order, ev in enumerate(events):
            args = ev.get('args') if isinstance(ev.get('args'), dict) else {}
            if ev.get('ph') not in ('i', 'I') or ev.get('name') != '[memory]':
                continue
            dtype, did = args.get('Device Type'), args.get('Device Id')
            if not is_int(dtype) or not is_int(did):
                continue
            pid = R.thread_id(ev.get('pid'))
            key = (fidx, 'cpu', pid) if dtype == 0 or did < 0 else (fidx, 'dev', dtype, did)
            devices.setdefault(key, []).append((R.to_ns(ev.get('ts')), order, ev, args))
    for evs in devices.values():
        evs.sort(key=lambda e: (e[0], e[1]))
    return devices


def device_label(profile, key, keys):
    """12.1: GPU N for types 1 and 6, XPU, MTIA, device N (type T); the CPU, with its pid when
    several processes of the file have CPU memory events; the rank before it with several files."""
    fidx = key[0]
    if key[1] == 'cpu':
        cpus = [k for k in keys if k[0] == fidx and k[1] == 'cpu']
        text = 'CPU' if len(cpus) < 2 else 'CPU (pid %s)' % (key[2],)
    else:
        dtype, did = key[2], key[3]
        names = {1: 'GPU', 6: 'GPU', 12: 'XPU', 19: 'MTIA'}
        text = '%s %d' % (names[dtype], did) if dtype in names else \
            'device %d (type %d)' % (did, dtype)
    if len(profile.paths) > 1:
        text = '%s / %s' % (profile.rank_label(fidx), text)
    return text


def series(events, cpu):
    """12.2: (allocated, change, reserved) as lists of (ts, value, bytes, event)."""
    allocated, change, reserved, total = [], [], [], 0
    for ts, _order, ev, args in events:
        nbytes = args.get('Bytes') if is_num(args.get('Bytes')) else 0
        if is_num(args.get('Total Reserved')) and not cpu:
            reserved.append((ts, args['Total Reserved'], nbytes, ev))
        if is_num(args.get('Total Allocated')):
            allocated.append((ts, args['Total Allocated'], nbytes, ev))
        elif is_num(args.get('Bytes')):
            total += args['Bytes']
            change.append((ts, total, nbytes, ev))
    return allocated, change, reserved


def peak(values, start, end):
    """12.3 (A43): (value, index) of the peak over [start, end), or None."""
    before = [i for i, v in enumerate(values) if v[0] < start]
    considered = ([before[-1]] if before else []) + \
        [i for i, v in enumerate(values) if start <= v[0] < end]
    if not considered:
        return None
    best = max(values[i][1] for i in considered)
    at = next(i for i in considered if values[i][1] == best)
    if before and at == before[-1]:
        while at > 0 and values[at - 1][1] == best:
            at -= 1
    return best, at


def enclosing(profile, fidx, ev, ts):
    """12.3 (A42): the innermost slice of the event's track holding ts."""
    index = profile.tracks.get(R.track_of(fidx, ev))
    found = None
    for s in (index.slices if index else []):
        if s.start <= ts < s.end and (found is None or (s.end - s.start, -s.start)
                                      < (found.end - found.start, -found.start)):
            found = s
    return found


def memory_peaks(profile, start, end):
    """12.3: the rows of `memory_peaks` for [start, end) on the profile clock."""
    devices = memory_events(profile)
    rows = []
    for key, events in devices.items():
        allocated, change, reserved = series(events, key[1] == 'cpu')
        is_change = not allocated
        a = peak(change if is_change else allocated, start, end)
        r = peak(reserved, start, end)
        if a is None and r is None:
            continue
        row = {'label': device_label(profile, key, devices), 'allocated_is_change': is_change,
               'peak_allocated_bytes': None, 'peak_allocated_ns': None, 'allocation': None,
               'peak_reserved_bytes': None, 'peak_reserved_ns': None}
        if a is not None:
            ts, _v, nbytes, ev = (change if is_change else allocated)[a[1]]
            op = enclosing(profile, key[0], ev, ts)
            row.update(peak_allocated_bytes=a[0], peak_allocated_ns=ts)
            row['allocation'] = {'ts_ns': ts, 'bytes': nbytes, 'op': op.name if op else None,
                                 'op_start_ns': op.start if op else None,
                                 'op_end_ns': op.end if op else None}
        if r is not None:
            row.update(peak_reserved_bytes=r[0], peak_reserved_ns=reserved[r[1]][0])
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------------- 13. FLOPs

def flop_type(args):
    """13.1: the data type of the first entry of args["Input type"]."""
    types = args.get('Input type')
    first = types[0] if isinstance(types, list) and types else None
    named = {'float': 'fp32', 'double': 'fp64', 'c10::Half': 'fp16', 'c10::BFloat16': 'bf16'}
    if first in named:
        return named[first]
    if isinstance(first, str) and first.startswith(('c10::Float8_e4m3fn', 'c10::Float8_e5m2')):
        return 'fp8'
    return 'unknown'


def counted_ops(profile):
    """13.1 (A44, A52): the counted ops, outer ones only, as (slice, flops, bytes, type, work), and
    the operators with no model that no counted op holds."""
    ops, no_model = [], []
    for track, index in profile.tracks.items():
        if profile.is_device_track(track):
            continue
        outer = None
        for s in sorted(index.slices, key=lambda x: (x.start, -x.end, x.order)):
            if s.cat not in ('cpu_op', 'Operator'):
                continue
            arg = s.args.get('flops')
            arg = float(arg) if is_num(arg) and arg > 0 else 0.0
            w = strata_shapes.work(s.name, s.args)
            inside = outer is not None and outer.start <= s.start and s.end <= outer.end
            if not arg and w is None:
                if strata_shapes.has_model(s.name) and 'Input Dims' in s.args and not inside:
                    no_model.append(s)
                continue
            f = arg or (float(w['flops']) if w else 0.0)
            b = float(w['bytes']) if w else 0.0
            if not f and not b:
                continue
            if inside:
                continue
            outer = s
            ops.append((s, f, b, flop_type(s.args), w))
    return ops, no_model


def a100_bandwidth(entry):
    """13.4: an A100's TB/s by its memory, then by what its name says."""
    name = str(entry.get('name', '')).upper()
    memory = entry.get('totalGlobalMem') if is_int(entry.get('totalGlobalMem')) else 0
    if memory <= 48 * 2 ** 30 and '80GB' not in name:
        return 1.555
    return 1.935 if 'PCIE' in name else 2.039


def device_entries(profile):
    """13.4: per device process (fidx, pid), its deviceProperties entry (or None)."""
    found = {}
    for ev in profile.device_events:
        proc = ev.track[:2]
        if proc in found:
            continue
        doc = profile.docs[proc[0]] or {}
        entries = [e for e in doc.get('deviceProperties', []) if isinstance(e, dict)]
        entry = next((e for e in entries if e.get('id') == proc[1]), None)
        if entry is None and entries and len({e.get('name') for e in entries}) == 1:
            entry = entries[0]
        found[proc] = entry
    return found


def bandwidth_of(row, entry):
    """13.4: bytes/s of a device, 0 when unknown."""
    if row is None:
        return 0
    return (a100_bandwidth(entry) if row == 'A100' else BANDWIDTH[row]) * 1e12


def device_peaks(profile):
    """13.4: per device process (fidx, pid), its peak row name and the entry's name (or None)."""
    peaks = {}
    for ev in profile.device_events:
        proc = ev.track[:2]
        if proc in peaks:
            continue
        doc = profile.docs[proc[0]] or {}
        entries = [e for e in doc.get('deviceProperties', []) if isinstance(e, dict)]
        entry = next((e for e in entries if e.get('id') == proc[1]), None)
        if entry is None and entries and len({e.get('name') for e in entries}) == 1:
            entry = entries[0]
        peaks[proc] = match_peak(entry)
    return peaks


def match_peak(entry):
    """13.4: the table's row for a deviceProperties entry, in the table's order (None: unknown)."""
    if entry is None:
        return None
    name = str(entry.get('name', '')).upper()
    rules = (('B200', None, 'GB200', 'B200'), ('H200', 'NVL', None, 'H200 NVL'),
             ('H200', None, None, 'H200 SXM'), ('H100', 'NVL', None, 'H100 NVL'),
             ('H100', 'PCIE', None, 'H100 PCIe'), ('H100', None, None, 'H100 SXM'),
             ('A100', None, None, 'A100'), ('V100S', None, None, 'V100S PCIe'),
             ('V100', 'PCIE', None, 'V100 PCIe'), ('V100', None, None, 'V100 SXM2'),
             ('MI355X', None, None, 'MI355X'), ('MI325X', None, None, 'MI325X'),
             ('MI300X', None, None, 'MI300X'), ('MI250X', None, None, 'MI250X (one die)'),
             ('MI250', None, None, 'MI250 / MI210 (one die)'),
             ('MI210', None, None, 'MI250 / MI210 (one die)'))
    for word, also, without, row in rules:
        if word in name and (also is None or also in name) and not (without and without in name):
            return row
    if 'gcnArchName' in entry or entry.get('warpSize') == 64:
        arch = str(entry.get('gcnArchName', '')).split(':')[0]
        if not arch and entry.get('computeMajor') == 9:
            arch = {0: 'gfx90a', 4: 'gfx942', 5: 'gfx950'}.get(entry.get('computeMinor'), '')
        units = entry.get('numSms')
        by_arch = {('gfx942', 304): 'MI300X', ('gfx90a', 110): 'MI250X (one die)',
                   ('gfx90a', 104): 'MI250 / MI210 (one die)'}
        return by_arch.get((arch, units))
    return None


def peak_of(row, dtype):
    """13.4: FLOP/s of the table's row for a data type, 0 when not given."""
    if row is None or dtype not in TYPES or PEAKS[row][TYPES.index(dtype)] is None:
        return 0
    return PEAKS[row][TYPES.index(dtype)] * 1e12


def pieces_of(s, f, b, launched):
    """13.2: (duration, flops, bytes, device process or None) of each piece of an op."""
    kernels = [k for call, k in launched.get(s.track, [])
               if s.start <= call.start < s.end or call.start == s.start]
    time = sum(k.end - k.start for k in kernels)
    if time <= 0:
        return [(s.end - s.start, f, b, None)]
    return [(k.end - k.start, f * (k.end - k.start) / time, b * (k.end - k.start) / time,
             k.track[:2]) for k in kernels]


def shape_key(s, dtype, w):
    dims = s.args.get('Input Dims')
    return (s.name, json.dumps(dims if isinstance(dims, list) else None, default=str), dtype,
            w['params'] if w else None, w['assumed'] if w else None)


def add_shape_piece(row, dur, f, b, peak, bandwidth, host):
    """13.6: one piece of a shape's row, whole (A45)."""
    row['flops'] += f
    row['bytes'] += b
    row['device_ns'] += dur
    row['host_timed'] |= host
    if host:
        return
    if f > 0:
        row['at_peak'] += dur * peak / 1e9
        row['ridge_bw'] += dur * bandwidth / 1e9
        row['no_peak'] |= peak <= 0
    row['at_bw'] += dur * bandwidth / 1e9
    row['no_bw'] |= bandwidth <= 0


def finish_shape(key, row):
    """13.6's fields of a row, None where absent."""
    name, dims, dtype, params, assumed = key
    t = row['device_ns']
    intensity = row['flops'] / row['bytes'] if row['bytes'] > 0 else None
    kernel = not row['host_timed']
    peak_pct = 100 * row['flops'] / row['at_peak'] if kernel and not row['no_peak'] \
        and row['at_peak'] > 0 else None
    bw_pct = 100 * row['bytes'] / row['at_bw'] if kernel and not row['no_bw'] \
        and row['at_bw'] > 0 and row['bytes'] > 0 else None
    ridge = row['at_peak'] / row['ridge_bw'] if kernel and not row['no_peak'] \
        and not row['no_bw'] and row['at_peak'] > 0 and row['ridge_bw'] > 0 else None
    bound = None
    if kernel and intensity is not None:
        bound = 'memory' if row['flops'] <= 0 else None if ridge is None else \
            'compute' if intensity >= ridge else 'memory'
    return {'key': key, 'name': name, 'input_dims': json.loads(dims), 'dtype': dtype,
            'params': params, 'assumed': assumed, 'count': row['count'], 'flops': row['flops'],
            'bytes': row['bytes'] or None, 'device_ns': t,
            'achieved_flops_per_second': row['flops'] * 1e9 / t if t > 0 else None,
            'achieved_bytes_per_second': row['bytes'] * 1e9 / t if t > 0 and row['bytes'] > 0
            else None,
            'intensity': intensity, 'ridge': ridge, 'bound': bound, 'peak_percent': peak_pct,
            'bandwidth_percent': bw_pct,
            'roof_percent': peak_pct if bound == 'compute' else bw_pct if bound == 'memory'
            else None,
            'host_timed': row['host_timed']}


def flops(profile, device_rows):
    """13: the whole profile's `flops` object (A45), or None without a counted op."""
    ops, no_model = counted_ops(profile)
    if not ops:
        return None
    launched = {}
    for ev in profile.device_events:
        if ev.kind == 'kernel' and ev.launch is not None:
            launched.setdefault(ev.launch.track, []).append((ev.launch, ev))
    peaks, entries = device_peaks(profile), device_entries(profile)
    total = {'ops': 0, 'flops': 0.0, 'device_ns': 0, 'host_timed_ops': 0}
    per_device, per_name, per_shape = {}, {}, {}
    for s, f, b, dtype, w in ops:
        pieces = pieces_of(s, f, b, launched)
        host = pieces[0][3] is None
        shape = per_shape.setdefault(shape_key(s, dtype, w), {
            'count': 0, 'flops': 0.0, 'bytes': 0.0, 'device_ns': 0, 'host_timed': False,
            'at_peak': 0.0, 'ridge_bw': 0.0, 'at_bw': 0.0, 'no_peak': False, 'no_bw': False})
        shape['count'] += 1
        for dur, share, moved, proc in pieces:
            p = peak_of(peaks.get(proc), dtype) if proc else 0
            add_shape_piece(shape, dur, share, moved, p,
                            bandwidth_of(peaks.get(proc), entries.get(proc)) if proc else 0, host)
        if f <= 0:
            continue  # 13.3 and 13.4 count the FLOP ops alone
        total['ops'] += 1
        total['host_timed_ops'] += host
        name = per_name.setdefault(s.name, {'count': 0, 'flops': 0.0, 'device_ns': 0,
                                            'capacity': 0.0, 'no_peak': False})
        name['count'] += 1
        for dur, share, moved, proc in pieces:
            total['flops'] += share
            total['device_ns'] += dur
            name['flops'] += share
            name['device_ns'] += dur
            p = peak_of(peaks.get(proc), dtype) if proc else 0
            name['capacity'] += dur * p / 1e9
            name['no_peak'] |= p <= 0
            if proc is not None:
                d = per_device.setdefault(proc, {'flops': 0.0, 'at_peak_ns': 0.0, 'unknown': False,
                                                 'types': {}})
                d['flops'] += share
                d['types'][dtype] = d['types'].get(dtype, 0.0) + share
                d['at_peak_ns'] += share / p * 1e9 if p > 0 else 0
                d['unknown'] |= p <= 0
    total['achieved_flops_per_second'] = total['flops'] * 1e9 / total['device_ns'] \
        if total['device_ns'] else None
    times = {r['label']: r['device_time_ns'] for r in device_rows}
    total['devices'] = []
    for proc, d in per_device.items():
        label = profile.label(proc)
        mfu = None if d['unknown'] or not times.get(label) else \
            100 * d['at_peak_ns'] / times[label]
        main = max(d['types'], key=lambda t: d['types'][t])
        bandwidth = bandwidth_of(peaks.get(proc), entries.get(proc))
        peak = peak_of(peaks.get(proc), main)
        total['devices'].append({'label': label, 'flops': d['flops'],
                                 'device_time_ns': times.get(label, 0),
                                 'peak_name': peaks.get(proc), 'mfu_percent': mfu,
                                 'peak_bytes_per_second': bandwidth or None,
                                 'ridge_flops_per_byte': peak / bandwidth if peak and bandwidth
                                 else None})
    total['operations'] = [{'name': n, 'count': v['count'], 'flops': v['flops'],
                            'device_ns': v['device_ns'],
                            'peak_percent': None if v['no_peak'] or not v['capacity'] else
                            100 * v['flops'] / v['capacity']} for n, v in per_name.items()]
    total['shapes'] = [finish_shape(k, v) for k, v in per_shape.items()]
    counts = {}
    for s in no_model:
        counts[s.name] = counts.get(s.name, 0) + 1
    total['no_model'] = [{'name': n, 'count': c} for n, c in counts.items()]
    return total
