#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A fleet of N ranks made of one real rank's digest: N copies of DIGEST,
each a rank of its own (rank i of N, its own identity, trace name and
path), written into OUTDIR as rank-00000.stdg ... The fleet benchmarks
read it to measure a fleet whose digests are the size a rank of 100 MB
makes (its steps and collectives by the thousand), not the few kB of a
small generated rank.

    copy-digests.py DIGEST N OUTDIR"""
import gzip
import hashlib
import json
import os
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    digest, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with gzip.open(digest) as f:
        base = json.load(f)
    os.makedirs(out, exist_ok=True)
    for rank in range(n):
        d = dict(base)
        d["environment"] = dict(base["environment"], rank=rank, world_size=n)
        name = f"rank-{rank:05d}.json"
        d["file"] = dict(base["file"], name=name, path=os.path.join(os.path.abspath(out), name),
                         identity=hashlib.sha256(f"{digest} {rank}".encode()).hexdigest())
        part = os.path.join(out, f"part-rank-{rank:05d}.stdg")
        with open(part, "wb") as f:
            f.write(gzip.compress(json.dumps(d, separators=(",", ":")).encode(), 6, mtime=0))
        os.rename(part, os.path.join(out, f"rank-{rank:05d}.stdg"))
    open(os.path.join(out, "done"), "w").close()


if __name__ == "__main__":
    main()
