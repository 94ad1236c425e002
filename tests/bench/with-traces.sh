#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the generated traces a benchmark reads when they are missing, then
# runs the benchmark. The traces are big (up to 3 GB), so they are made on
# first use, not by the default build.
#
#   with-traces.sh GENERATOR 'GENERATOR OPTIONS' TRACE... -- BENCHMARK [ARG...]
set -eu
generator=$1
options=$2
shift 2
while [ "$1" != "--" ]; do
  if [ ! -s "$1" ]; then
    # written aside under a name with the same ending (.gz means gzip), then moved
    part=$(dirname "$1")/part-$(basename "$1")
    # shellcheck disable=SC2086 # the options are words
    "$generator" $options -o "$part"
    mv "$part" "$1"
  fi
  shift
done
shift
exec "$@"
