#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What `strata-cli summary` costs beyond loading the profile: the wall time
of `strata-cli info FILE` (the load, then a few counts) and of
`strata-cli summary FILE` (the load, the analysis index, the cards, the
diagnosis and the operations tables), run alternately so that both see
the same machine, and the summary's cost as a share of the load:

    summary / info - 1      (median of the runs' pairs)

The budget is 25 % (docs/metrics.md 16.4). On a two-core machine shared
with other work the runs spread; the pairs are printed so a reader sees it.

    bench-cli-cost.py STRATA_CLI FILE [--runs N]

Exits 0 when it ran, whether the budget was met or not, and says which."""
import statistics
import subprocess
import sys
import time

BUDGET = 0.25


def wall(argv):
    start = time.monotonic()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.monotonic() - start


def main():
    args = sys.argv[1:]
    runs = 5
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    cli, path = args
    wall([cli, "info", path])  # the file into the page cache
    ratios, loads, summaries = [], [], []
    for run in range(runs):
        load = wall([cli, "info", path])
        summary = wall([cli, "summary", path])
        loads.append(load)
        summaries.append(summary)
        ratios.append(summary / load - 1)
        print(f"run {run + 1}: info {load:.2f} s, summary {summary:.2f} s, "
              f"summary beyond the load {100 * ratios[-1]:+.0f} %", flush=True)
    ratio = statistics.median(ratios)
    print(f"median: info {statistics.median(loads):.2f} s, "
          f"summary {statistics.median(summaries):.2f} s, "
          f"summary beyond the load {100 * ratio:+.0f} % "
          f"(budget {100 * BUDGET:.0f} %: {'met' if ratio <= BUDGET else 'NOT met'})")


if __name__ == "__main__":
    main()
