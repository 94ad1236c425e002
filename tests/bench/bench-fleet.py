#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The budgets of docs/metrics.md 17.7, measured in one run:

1. a digest of one rank costs at most 1.1 x the wall time of
   `strata-cli info` on the same trace: a single-rank Kineto trace of about
   100 MB, `info`, `summary` and `digest` run in turns so that all three see
   the same machine; the median of the runs' ratios (`summary` is printed
   beside: the digest computes what it computes, and more);
2. a digest is at most 2 MB for a trace of 1 GB: the digest of that 100 MB
   trace, scaled by 1 GB over the trace's size (what grows with a trace is
   its steps and its collectives, one entry each);
3. `strata-cli fleet` over 1 024 digests within 5 s and 1 GB of memory: a
   job of 1 024 ranks of 100 steps each (st-gen-fleet, with a straggler, a
   slow link and a slow step) digested by `strata-cli digest` once, then
   `fleet` run several times; the median wall time and the largest peak
   resident memory. Then the same of 1 024 digests the size of the 100 MB
   rank's of 1. (copy-digests.py: its 151 steps and 1 359 collectives each),
   as a real job's ranks would make.

    bench-fleet.py STRATA_CLI ST_GEN_KINETO ST_GEN_FLEET WORKDIR [--runs N]

The traces and digests are written into WORKDIR on first use and kept. On
a two-core machine shared with other work the runs spread; each is
printed. Exits 0 when it ran, whether the budgets were met or not, and says
which."""
import os
import statistics
import subprocess
import sys
import time

DIGEST_BUDGET = 1.1
SIZE_BUDGET = 2 * 1000 * 1000
FLEET_SECONDS = 5.0
FLEET_BYTES = 1 << 30
RANKS = 1024


def run(argv):
    """Wall time in s and peak resident memory in bytes of one run."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({proc.returncode}): {err}")
    return wall, usage.ru_maxrss * 1024


def digest_cost(cli, gen_kineto, work, runs):
    trace = os.path.join(work, "rank-100mb.json")
    digest = os.path.join(work, "rank-100mb.stdg")
    if not os.path.exists(trace):
        subprocess.run([gen_kineto, "--events", "330000", "--ranks", "1", "-o", trace + ".part"],
                       check=True, stderr=subprocess.DEVNULL)
        os.rename(trace + ".part", trace)
    run([cli, "info", trace])  # the file into the page cache
    ratios, against_summary = [], []
    for i in range(runs):
        info, _ = run([cli, "info", trace])
        summary, _ = run([cli, "summary", trace])
        made, _ = run([cli, "digest", trace, "-o", digest])
        ratios.append(made / info)
        against_summary.append(made / summary)
        print(f"run {i + 1}: info {info:.2f} s, summary {summary:.2f} s, digest {made:.2f} s: "
              f"digest / info {made / info:.2f}, digest / summary {made / summary:.2f}", flush=True)
    ratio = statistics.median(ratios)
    print(f"1. digest / info: median {ratio:.2f} (budget {DIGEST_BUDGET}: "
          f"{'met' if ratio <= DIGEST_BUDGET else 'NOT met'}); digest / summary: median "
          f"{statistics.median(against_summary):.2f}")
    size, trace_size = os.path.getsize(digest), os.path.getsize(trace)
    scaled = size * 1e9 / trace_size
    print(f"2. digest of a {trace_size / 1e6:.0f} MB trace: {size / 1e3:.1f} kB; scaled to 1 GB: "
          f"{scaled / 1e6:.2f} MB (budget 2 MB: {'met' if scaled <= SIZE_BUDGET else 'NOT met'})")


def fleet_cost(cli, gen_fleet, work, runs):
    job = os.path.join(work, f"job-{RANKS}")
    digests = os.path.join(work, f"digests-{RANKS}")
    large = os.path.join(work, f"digests-{RANKS}-large")
    if not os.path.exists(os.path.join(large, "done")):
        subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "copy-digests.py"),
                        os.path.join(work, "rank-100mb.stdg"), str(RANKS), large], check=True)
    if not os.path.exists(os.path.join(digests, "done")):
        os.makedirs(digests, exist_ok=True)
        subprocess.run([gen_fleet, "--ranks", str(RANKS), "--steps", "100", "--gzip",
                        "--straggler", "700", "--straggler-steps", "20,60", "--slow-link", "12",
                        "--slow-step", "41", "-o", job], check=True)
        traces = sorted(os.path.join(job, name) for name in os.listdir(job))
        start = time.monotonic()
        run([cli, "digest", *traces, "-o", digests])
        print(f"   ({RANKS} ranks digested in {time.monotonic() - start:.0f} s, one process)")
        open(os.path.join(digests, "done"), "w").close()
    for folder, what in ((digests, "small generated ranks"), (large, "ranks of 100 MB")):
        n = sum(1 for name in os.listdir(folder) if name.endswith(".stdg"))
        size = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))
        walls, peaks = [], []
        for i in range(runs):
            wall, peak = run([cli, "fleet", folder, "--json"])
            walls.append(wall)
            peaks.append(peak)
            print(f"run {i + 1}: fleet of {n} digests ({size / 1e6:.1f} MB) {wall:.2f} s, "
                  f"peak {peak / 2**20:.0f} MiB", flush=True)
        wall, peak = statistics.median(walls), max(peaks)
        met = wall <= FLEET_SECONDS and peak <= FLEET_BYTES
        print(f"3. fleet over {n} digests of {what}: median {wall:.2f} s, peak "
              f"{peak / 2**20:.0f} MiB (budget {FLEET_SECONDS:.0f} s and 1 GiB: "
              f"{'met' if met else 'NOT met'})")


def main():
    args = sys.argv[1:]
    runs = 5
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 4:
        sys.exit(__doc__)
    cli, gen_kineto, gen_fleet, work = args
    os.makedirs(work, exist_ok=True)
    digest_cost(cli, gen_kineto, work, runs)
    fleet_cost(cli, gen_fleet, work, runs)


if __name__ == "__main__":
    main()
