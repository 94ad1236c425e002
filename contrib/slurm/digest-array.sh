#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The digest map of a job's traces as a Slurm job array: each task runs
# `strata-cli digest` on its rank's trace, where the trace lives, and writes
# the digest beside it (docs/metrics.md 17). Then one `strata-cli fleet`
# reads the digests.
#
#   n=$(ls /scratch/job-81/traces | grep -cE '\.(json|json\.gz|pb|sqlite)$')
#   jobid=$(sbatch --parsable --array=0-$((n - 1)) digest-array.sh /scratch/job-81/traces)
#   sbatch --dependency=afterok:$jobid --wrap 'strata-cli fleet /scratch/job-81/traces > fleet.txt'
#
# TRACES is a folder (its *.json, *.json.gz, *.pb and *.sqlite files: Kineto,
# XProf and Nsight Systems exports, sorted by name)
# or a file listing one trace per line. Task i takes the traces i × K to
# i × K + K − 1 of that list, K being $RANKS_PER_TASK (default 1): Slurm
# refuses arrays larger than its MaxArraySize (1001 by default), so a job of
# 4096 ranks runs as --array=0-1023 with RANKS_PER_TASK=4.
#
# Environment: STRATA_CLI, the strata-cli to run (default: the one on the
# PATH); DIGEST_DIR, a folder to write the digests into instead of beside
# the traces. Outside Slurm, `digest-array.sh TRACES INDEX` runs task INDEX
# by hand. Exit status 1 when some trace could not be digested (Slurm then
# marks the task failed), 2 on a usage error.
#
#SBATCH --job-name=strata-digest
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=00:30:00
#SBATCH --output=strata-digest-%A_%a.out
set -eu

traces=${1:?usage: digest-array.sh TRACES [INDEX] (TRACES: a folder or a list of traces)}
index=${2:-${SLURM_ARRAY_TASK_ID:-}}
per_task=${RANKS_PER_TASK:-1}
cli=${STRATA_CLI:-strata-cli}

case $index in
  '' | *[!0-9]*)
    echo "digest-array.sh: no task index: run it as a Slurm job array (sbatch --array=0-N) or give INDEX" >&2
    exit 2 ;;
esac
case $per_task in
  '' | 0 | *[!0-9]*)
    echo "digest-array.sh: RANKS_PER_TASK must be a whole number of 1 or more, not '$per_task'" >&2
    exit 2 ;;
esac

# The traces in a stable order, one per line: every task must see the same list.
list_traces() {
  if [ -d "$traces" ]; then
    find "$traces" -maxdepth 1 -type f \( -name '*.json' -o -name '*.json.gz' -o -name '*.pb' \
      -o -name '*.sqlite' \) |
      LC_ALL=C sort
  elif [ -f "$traces" ]; then
    grep -v '^[[:space:]]*$' "$traces"
  else
    echo "digest-array.sh: $traces is neither a folder nor a list of traces" >&2
    exit 2
  fi
}

first=$((index * per_task + 1))
last=$((first + per_task - 1))
mine=$(list_traces | sed -n "${first},${last}p")
if [ -z "$mine" ]; then
  echo "digest-array.sh: task $index has no trace: the list has fewer than $first" >&2
  exit 2
fi

status=0
# One strata-cli per trace, so one unreadable trace does not cost the others.
printf '%s\n' "$mine" | {
  failed=0
  while IFS= read -r trace; do
    if [ -n "${DIGEST_DIR:-}" ]; then
      "$cli" digest "$trace" -o "$DIGEST_DIR" || failed=1
    else
      "$cli" digest "$trace" || failed=1
    fi
  done
  exit $failed
} || status=1
exit $status
