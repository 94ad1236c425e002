#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the job of 1 024 ranks that bench-fleet.py digests (the same
# plants, the same folders, kept) when it is missing, then runs the
# benchmark.
#
#   with-digests.sh STRATA_CLI ST_GEN_FLEET WORKDIR -- BENCHMARK [ARG...]
set -eu
cli=$1
gen=$2
work=$3
shift 4
job=$work/job-1024
digests=$work/digests-1024
if [ ! -f "$digests/done" ]; then
  mkdir -p "$digests"
  "$gen" --ranks 1024 --steps 100 --gzip --straggler 700 --straggler-steps 20,60 \
    --slow-link 12 --slow-step 41 -o "$job"
  "$cli" digest "$job"/* -o "$digests" > /dev/null
  touch "$digests/done"
fi
exec "$@"
