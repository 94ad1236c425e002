#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The bundled sample profile is what the generator makes: regenerate it and
# compare the JSON text (gzip headers may differ between zlib versions).
set -eu
gen=${1:?st-gen-kineto} sample=${2:?bundled sample}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gen" --steps 4 --ranks 2 -o "$tmp/sample.json" 2>/dev/null
gzip -dc "$sample" > "$tmp/bundled.json"
cmp "$tmp/sample.json" "$tmp/bundled.json"
