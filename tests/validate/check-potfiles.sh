#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every file with translatable strings is in po/POTFILES.in, and every file
# listed there exists and has some.
set -eu
top=${1:?source root}
cd "$top"
found=$( (grep -lE '(\b_ ?\(|\bN_ ?\(|ngettext ?\(|translatable="yes")' -r src ui --include='*.c' --include='*.ui';
         grep -lE '<(summary|description)>' data/*.gschema.xml;
         # the desktop file, metainfo and MIME types are merged with the translations
         ls data/*.desktop.in data/*.metainfo.xml.in data/*.mime.xml.in) | sort)
listed=$(grep -v '^#' po/POTFILES.in | grep -v '^$' | sort)
status=0
for f in $found; do
  echo "$listed" | grep -qx "$f" || { echo "po/POTFILES.in lacks $f"; status=1; }
done
for f in $listed; do
  [ -f "$f" ] || { echo "po/POTFILES.in lists $f, which does not exist"; status=1; continue; }
  echo "$found" | grep -qx "$f" || { echo "po/POTFILES.in lists $f, which has no translatable strings"; status=1; }
done
exit $status
