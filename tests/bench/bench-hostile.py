#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile shapes of about 100 MB each, loaded by `strata-cli info`: the
time and the peak memory of each, against the limits of the hostile-input
work (30 s and 4 GB for any file up to 100 MB on a 2-core machine). Each
shape once cost more than linear time or memory in some part of the
importer: a counter with a million series, a Neuron layer path of ten
million segments, events with args nested 400 deep, a name of 100 MB, a
hundred thousand threads, unbound flows, unclosed begins, async ids never
ended, a Neuron warnings array of a million entries, and a million Neuron
layer paths each 60 deep.

    bench-hostile.py STRATA_CLI [DIR] [SHAPE...]

Files are generated into DIR (a temporary folder by default) and removed
after their run. Exits 1 when a shape breaks a limit or the CLI dies of a
signal."""
import os
import subprocess
import sys
import tempfile
import time

MB = 1 << 20
TARGET = 100 * MB
LIMIT_S = 30.0
LIMIT_BYTES = 4 << 30


def chrome(events):
    """A Chrome trace of the event texts @events yields, until 100 MB."""
    def gen():
        yield '{"traceEvents":['
        size, first = 0, True
        for e in events():
            if size > TARGET:
                break
            text = ('' if first else ',') + e
            first = False
            size += len(text)
            yield text
        yield ']}'
    return gen


def counter_series():
    keys = ','.join('"s%d":%d' % (k, k) for k in range(1000000))
    for t in range(1000):
        yield '{"ph":"C","name":"c","pid":1,"ts":%d,"args":{%s}}' % (t, keys)


def nested_args():
    deep = '[' * 400 + ']' * 400
    for t in range(10 ** 9):
        yield '{"ph":"X","name":"a","pid":1,"tid":1,"ts":%d,"dur":1,"args":{"d":%s}}' % (t, deep)


def long_name():
    yield '{"ph":"X","name":"%s","pid":1,"tid":1,"ts":1,"dur":1}' % ('n' * TARGET)


def many_threads():
    for t in range(10 ** 9):
        yield '{"ph":"X","name":"a","pid":%d,"tid":%d,"ts":%d,"dur":1}' % (t % 1000, t, t)


def unbound_flows():
    for t in range(10 ** 9):
        yield '{"ph":"s","name":"f","cat":"c","id":%d,"pid":1,"tid":1,"ts":%d}' % (t, t)


def unclosed_begins():
    for t in range(10 ** 9):
        yield '{"ph":"B","name":"b%d","pid":1,"tid":1,"ts":%d}' % (t % 1000, t)


def async_never_ended():
    for t in range(10 ** 9):
        yield '{"ph":"b","name":"a","cat":"c","id":%d,"pid":1,"tid":1,"ts":%d}' % (t, t)


def neuron_deep_layer():
    def gen():
        yield '{"instruction": [{"timestamp": 1, "duration": 2, "opcode": "A", "layer": "'
        segment = '/'.join('L%d' % i for i in range(100000))
        for _ in range(TARGET // len(segment)):
            yield segment + '/'
        yield 'end"}]}'
    return gen


def neuron_warnings():
    def gen():
        yield '{"instruction": [{"timestamp": 1, "duration": 2, "opcode": "A"}], "warnings": ['
        size = 0
        i = 0
        while size < TARGET:
            text = ('' if i == 0 else ',') + '{"message": "warning %d of the profiler"}' % i
            size += len(text)
            i += 1
            yield text
        yield ']}'
    return gen


def neuron_layers():
    def gen():
        yield '{"instruction": ['
        size = 0
        i = 0
        while size < TARGET:
            path = '/'.join('m%d' % ((i >> k) & 7) for k in range(60))
            text = ('' if i == 0 else ',') + (
                '{"timestamp": %d, "duration": 1, "opcode": "A", "layer": "%s"}' % (i, path))
            size += len(text)
            i += 1
            yield text
        yield ']}'
    return gen


SHAPES = {
    'counter-series': chrome(counter_series),
    'nested-args': chrome(nested_args),
    'long-name': chrome(long_name),
    'many-threads': chrome(many_threads),
    'unbound-flows': chrome(unbound_flows),
    'unclosed-begins': chrome(unclosed_begins),
    'async-never-ended': chrome(async_never_ended),
    'neuron-deep-layer': neuron_deep_layer(),
    'neuron-warnings': neuron_warnings(),
    'neuron-layers': neuron_layers(),
}


def run(cli, path):
    """Runs the CLI in a child of its own: (status, seconds, peak bytes,
    stderr), the peak read from wait4()'s resource use of that child."""
    start = time.monotonic()
    proc = subprocess.Popen([cli, 'info', path], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    return code, seconds, usage.ru_maxrss * 1024, err.decode(errors='replace').strip()


def main():
    cli = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix='strata-hostile-')
    names = sys.argv[3:] or list(SHAPES)
    failed = False
    print('%-20s %9s %8s %9s  %s' % ('shape', 'size MB', 'seconds', 'peak MB', 'result'))
    for name in names:
        path = os.path.join(folder, name + '.json')
        with open(path, 'w') as out:
            for piece in SHAPES[name]():
                out.write(piece)
        size = os.path.getsize(path)
        status, seconds, peak, err = run(cli, path)
        os.unlink(path)
        ok = status in (0, 1) and seconds <= LIMIT_S and peak <= LIMIT_BYTES
        failed |= not ok
        first = err.splitlines()[0][:90] if err else ''
        print('%-20s %9.1f %8.2f %9.0f  %s %s' % (name, size / MB, seconds, peak / MB,
                                                'ok' if ok else 'OVER', first), flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
