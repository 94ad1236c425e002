#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every button that shows only an icon has an accessible name, so a screen
# reader says what it does (a tooltip is not a name).
set -eu
top=${1:?source root}
status=0
for f in $(find "$top/ui" -name '*.ui' | sort); do
  bad=$(xmllint --xpath "//object[@class='GtkButton' or @class='GtkToggleButton' or @class='GtkMenuButton']
                         [property[@name='icon-name']]
                         [not(property[@name='label'])]
                         [not(accessibility/property[@name='label'])]
                         [not(accessibility/relation[@name='labelled-by'])]
                         /property[@name='icon-name']/text()" "$f" 2>/dev/null || true)
  if [ -n "$bad" ]; then
    echo "${f#"$top"/}: icon-only buttons without an accessible name: $bad"
    status=1
  fi
done
exit $status
