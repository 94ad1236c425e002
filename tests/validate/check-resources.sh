#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every .ui and .css file under ui/ is compiled into the GResource.
set -eu
top=${1:?source root}
cd "$top/ui"
status=0
for f in $(find . -name '*.ui' -o -name '*.css' | sed 's|^\./||' | sort); do
  grep -q ">$f</file>" strata.gresource.xml || { echo "ui/strata.gresource.xml lacks $f"; status=1; }
done
exit $status
