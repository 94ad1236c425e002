#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the job of 1 024 ranks that bench-fleet.py digests (the same
# plants, the same folders, kept) when it is missing, and the fleet of 1 024
# digests the size of a 100 MB rank's (copy-digests.py, as bench-fleet.py
# makes it), then runs the benchmark.
#
#   with-digests.sh STRATA_CLI ST_GEN_FLEET ST_GEN_KINETO WORKDIR -- BENCHMARK [ARG...]
set -eu
cli=$1
gen=$2
gen_kineto=$3
work=$4
shift 5
job=$work/job-1024
digests=$work/digests-1024
if [ ! -f "$digests/done" ]; then
  mkdir -p "$digests"
  "$gen" --ranks 1024 --steps 100 --gzip --straggler 700 --straggler-steps 20,60 \
    --slow-link 12 --slow-step 41 -o "$job"
  "$cli" digest "$job"/* -o "$digests" > /dev/null
  touch "$digests/done"
fi
large=$work/digests-1024-large
if [ ! -f "$large/done" ]; then
  if [ ! -s "$work/rank-100mb.stdg" ]; then
    if [ ! -s "$work/rank-100mb.json" ]; then
      "$gen_kineto" --events 330000 --ranks 1 -o "$work/rank-100mb.json.part" 2> /dev/null
      mv "$work/rank-100mb.json.part" "$work/rank-100mb.json"
    fi
    "$cli" digest "$work/rank-100mb.json" -o "$work/rank-100mb.stdg" > /dev/null
  fi
  python3 "$(dirname "$0")/copy-digests.py" "$work/rank-100mb.stdg" 1024 "$large"
fi
exec "$@"
