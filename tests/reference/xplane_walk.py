#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent walk of an XProf xplane.pb (the protobuf XSpace), written
from xplane.proto alone: for each plane and line, the number of events, and
for each GPU or TPU plane the union of its device ops in nanoseconds (each
boundary, line timestamp_ns * 1000 + offset_ps (+ duration_ps), rounded to
the nearest ns, halves up), as docs/metrics.md 1.1 and
docs/formats-xplane.md define them. The model tests quote its numbers.

    xplane_walk.py FILE.xplane.pb
"""
import sys


def varint(b, i):
    r = s = 0
    while True:
        c = b[i]
        i += 1
        r |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return r, i


def fields(b, i, end):
    while i < end:
        key, i = varint(b, i)
        f, wt = key >> 3, key & 7
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 1:
            v, i = b[i:i + 8], i + 8
        elif wt == 2:
            n, i = varint(b, i)
            v, i = (i, i + n), i + n
        elif wt == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ValueError('wire type %d' % wt)
        yield f, v


def signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def nearest_ns(ps):
    return (ps + 500) // 1000


def device_line(plane, line):
    if plane.startswith('/device:GPU:'):
        return line.startswith('Stream #')
    return plane.startswith('/device:TPU:') and line == 'XLA Ops'


def union(spans):
    total, end = 0, None
    for a, b in sorted(spans):
        if end is None or a > end:
            total += b - a
            end = b
        elif b > end:
            total += b - end
            end = b
    return total


def main(path):
    b = open(path, 'rb').read()
    for f, v in fields(b, 0, len(b)):
        if f != 1:
            continue
        name, lines = '', []
        for pf, pv in fields(b, *v):
            if pf == 2:
                name = b[pv[0]:pv[1]].decode()
            elif pf == 3:
                lines.append(pv)
        spans = []
        for lv in lines:
            lname, ts, events = '', 0, []
            for lf, x in fields(b, *lv):
                if lf == 2:
                    lname = b[x[0]:x[1]].decode()
                elif lf == 3:
                    ts = signed(x)
                elif lf == 4:
                    events.append(x)
            if not events:
                continue
            print('%s\t%s\t%d' % (name, lname, len(events)))
            for e in events:
                off = dur = 0
                for ef, x in fields(b, *e):
                    if ef == 2:
                        off = signed(x)
                    elif ef == 3:
                        dur = signed(x)
                if device_line(name, lname):
                    spans.append((ts + nearest_ns(off), ts + nearest_ns(off + dur)))
        if spans:
            print('%s\tdevice ops union ns\t%d' % (name, union(spans)))


if __name__ == '__main__':
    main(sys.argv[1])
