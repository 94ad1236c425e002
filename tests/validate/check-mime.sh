#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The MIME types are well-formed XML that update-mime-database accepts, and
# with them installed a file manager (GIO) tells each profile type by its
# name, and by its first bytes where the name says nothing.
# Usage: check-mime.sh SOURCE_XML MERGED_XML TEST_DATA_DIR
set -eu
src=${1:?source MIME XML}
merged=${2:?merged MIME XML}
data=${3:?tests/data}

xmllint --noout "$src" "$merged"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/mime/packages" "$tmp/files"
# the parents of Strata's types (application/json, application/gzip)
[ -f /usr/share/mime/packages/freedesktop.org.xml ] && cp /usr/share/mime/packages/freedesktop.org.xml "$tmp/mime/packages/"
cp "$merged" "$tmp/mime/packages/io.github.strata.Strata.xml"
update-mime-database "$tmp/mime" 2>"$tmp/update.log" || { cat "$tmp/update.log"; exit 1; }
if grep -qi 'warning\|error' "$tmp/update.log"; then cat "$tmp/update.log"; exit 1; fi

status=0
expect () # FILE TYPE
{
  got=$(XDG_DATA_HOME="$tmp" XDG_DATA_DIRS="$tmp" gio info -a standard::content-type "$1" |
        sed -n 's/.*standard::content-type: //p')
  if [ "$got" != "$2" ]; then
    echo "$(basename "$1"): $got, expected $2"
    status=1
  fi
}

cp "$data/real/hta_ns_resolution_rank0.pt.trace.json.gz" "$tmp/files/rank0.pt.trace.json.gz"
cp "$data/real/catapult_simple_trace.json" "$tmp/files/step.trace.json"
cp "$data/stack-tracing/llama_chrome_tracing_report.json" "$tmp/files/"
# by content: no suffix to go by
cp "$data/real/clang19_ftime_trace_main.json" "$tmp/files/object-form"
cp "$data/real/speedscope_simple-partial.json" "$tmp/files/array-form"
cp "$data/neuron/truncated.json" "$tmp/files/neuron-profile"
cp "$data/neuron/percent-as-percent.json" "$tmp/files/neuron-summary-first"
cp "$data/rocprof/908_results.json" "$tmp/files/rocprof-results"
cp "$data/neuron-parquet/profile/Summary.parquet" "$tmp/files/"
cp "$data/neuron-parquet/profile/Metadata.parquet" "$tmp/files/metadata-table"
cp "$data/real/tracelens_jax_gpu_te_fused_attn.xplane.pb" "$tmp/files/host0.xplane.pb"
# an Nsight Systems export is SQLite's own type, which the desktop file lists
cp "$data/real/pipit_nsys_saxpy_mpi_2022.sqlite" "$tmp/files/report1.sqlite"
# a rank's digest is gzip by its name: any gzip stream will do
printf '{}' | gzip > "$tmp/files/rank-3.pt.trace.stdg"

expect "$tmp/files/rank0.pt.trace.json.gz" application/x-chrome-trace-compressed
expect "$tmp/files/step.trace.json" application/x-chrome-trace+json
expect "$tmp/files/llama_chrome_tracing_report.json" application/x-stack-tracing-report+json
expect "$tmp/files/object-form" application/x-chrome-trace+json
expect "$tmp/files/array-form" application/x-chrome-trace+json
expect "$tmp/files/neuron-profile" application/x-neuron-profile+json
expect "$tmp/files/neuron-summary-first" application/x-neuron-profile+json
expect "$tmp/files/rocprof-results" application/x-rocprofv3+json
expect "$tmp/files/Summary.parquet" application/vnd.apache.parquet
expect "$tmp/files/metadata-table" application/vnd.apache.parquet
expect "$tmp/files/host0.xplane.pb" application/x-xplane+protobuf
expect "$tmp/files/report1.sqlite" application/vnd.sqlite3
expect "$tmp/files/rank-3.pt.trace.stdg" application/x-strata-digest
exit $status
