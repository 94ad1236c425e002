#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The digest map on a real engine: a single-node Slurm on localhost, the
# test's own munged, slurmctld and slurmd with their own key, configuration
# and state in a temporary folder, on ports of their own. It runs
# contrib/slurm/digest-array.sh as a job array over the ranks of a
# generated job (st-gen-fleet: rank 5 late at the all-reduces of steps 2
# and 5, rank 3's link slow, step 6 slow), one rank per task, then
# `strata-cli fleet` over the digests it wrote beside the traces, and
# checks that the three plants come first (their stakes derived by hand in
# tests/model/test-fleet.c).
#
#   test-slurm.sh STRATA_CLI ST_GEN_FLEET DIGEST_ARRAY_SH
#
# Exit 77 (skipped) where Slurm cannot start: its programs missing (Debian:
# slurm-wlm, munge), or its daemons not coming up here; the reason on
# stderr, and the daemons' logs when they were started.
set -eu

cli=$1
gen=$2
script=$3
ranks=8

skip() {
  echo "test-slurm: skipped: $*" >&2
  exit 77
}

for program in munged mungekey slurmctld slurmd sbatch sinfo; do
  command -v "$program" >/dev/null 2>&1 ||
    PATH=$PATH:/usr/sbin:/sbin command -v "$program" >/dev/null 2>&1 ||
    skip "$program is not installed (Debian: apt install slurm-wlm munge)"
done
PATH=$PATH:/usr/sbin:/sbin
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"

dir=$(mktemp -d -t strata-slurm-XXXXXX)
pids=""
cleanup() {
  for pid in $pids; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in $pids; do
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  done
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

logs() {
  for log in "$dir"/*.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
  done
}

# A free TCP port on localhost, from the kernel.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/job"
chmod 700 "$dir" "$dir/munge"
mungekey --create --keyfile="$dir/munge/munge.key" 2>"$dir/mungekey.log" ||
  { logs; skip "mungekey could not make a key"; }
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.sock" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/munged.log" \
  --seed-file="$dir/munge/munge.seed" 2>>"$dir/munged.log" ||
  { logs; skip "munged could not start"; }
for _ in $(seq 50); do [ -s "$dir/munge/munged.pid" ] && break; sleep 0.1; done
[ -s "$dir/munge/munged.pid" ] || { logs; skip "munged did not start"; }
pids="$(cat "$dir/munge/munged.pid")"

user=$(id -un)
host=$(hostname -s)
cpus=$(nproc)
cat >"$dir/slurm.conf" <<EOF
ClusterName=strata-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
PlugStackConfig=$dir/plugstack.conf
NodeName=strata1 NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1024 State=UNKNOWN
PartitionName=strata Nodes=strata1 Default=YES MaxTime=INFINITE State=UP
EOF
: >"$dir/plugstack.conf"
export SLURM_CONF="$dir/slurm.conf"

slurmctld -D -i -f "$SLURM_CONF" >>"$dir/slurmctld.log" 2>&1 &
pids="$pids $!"
slurmd -D -N strata1 -f "$SLURM_CONF" >>"$dir/slurmd.log" 2>&1 &
pids="$pids $!"

state=""
for _ in $(seq 120); do
  state=$(sinfo -h -N -o %T 2>/dev/null | head -n 1 || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || { logs; skip "Slurm did not come up here (the node is '${state:-unknown}')"; }

"$gen" --ranks "$ranks" --steps 8 --straggler 5 --straggler-steps 2,5 --slow-link 3 \
  --slow-step 6 -o "$dir/job"

# The map: one task per rank, each writing its digest beside its trace.
STRATA_CLI=$cli sbatch --wait --quiet --array=0-$((ranks - 1)) --chdir="$dir" \
  --output="$dir/task-%a.out" --cpus-per-task=1 --mem=256M "$script" "$dir/job" || {
  logs
  # no task wrote anything: Slurm could not launch one here (a slurmd not
  # run as root may not), which says nothing of the digest map
  ls "$dir"/task-*.out >/dev/null 2>&1 || skip "Slurm could not run a task here"
  cat "$dir"/task-*.out >&2
  echo "test-slurm: the job array failed" >&2
  exit 1
}
n=$(find "$dir/job" -name '*.stdg' | wc -l)
[ "$n" = "$ranks" ] || { echo "test-slurm: $n digests, not $ranks" >&2; exit 1; }

# The reduce.
"$cli" fleet "$dir/job" --json >"$dir/fleet.json"
python3 - "$dir/fleet.json" <<'EOF'
import json
import sys

fleet = json.load(open(sys.argv[1]))
findings = [(f["kind"], f["row"], f["number"], f["time_at_stake_ns"]) for f in fleet["findings"]]
# tests/model/test-fleet.c derives these by hand from st-gen-fleet's timings
expected = [("straggler", 5, None, 5999884), ("slow-link", 3, None, 4799200),
            ("slow-step", None, 6, 2000000)]
if findings[:3] != expected:
    sys.exit(f"test-slurm: the fleet found {findings}, not {expected}")
if len(fleet["ranks"]) != 8:
    sys.exit(f"test-slurm: {len(fleet['ranks'])} ranks, not 8")
print("test-slurm: the job array wrote 8 digests; the fleet found the straggler, the slow link "
      "and the slow step")
EOF
