#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `meson install` puts every file where desktop environments look: the
# programs, the desktop file, metainfo, icons, the settings schema, the MIME
# types and the translations.
# Usage: check-install.sh BUILD_DIR PREFIX BINDIR DATADIR LOCALEDIR
set -eu
build=${1:?build dir}
prefix=${2:?prefix}
bindir=${3:?bindir}
datadir=${4:?datadir}
localedir=${5:?localedir}
app=io.github.strata.Strata

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest.log" 2>&1 ||
  { cat "$dest.log"; rm -f "$dest.log"; exit 1; }
rm -f "$dest.log"

case $bindir in /*) bin=$dest$bindir ;; *) bin=$dest$prefix/$bindir ;; esac
case $datadir in /*) data=$dest$datadir ;; *) data=$dest$prefix/$datadir ;; esac
case $localedir in /*) locale=$dest$localedir ;; *) locale=$dest$prefix/$localedir ;; esac

status=0
expect () # PATH
{
  if [ ! -s "$1" ]; then
    echo "not installed: ${1#$dest}"
    status=1
  fi
}
expect "$bin/strata"
expect "$bin/strata-cli"
expect "$data/applications/$app.desktop"
expect "$data/metainfo/$app.metainfo.xml"
expect "$data/icons/hicolor/scalable/apps/$app.svg"
expect "$data/icons/hicolor/symbolic/apps/$app-symbolic.svg"
expect "$data/glib-2.0/schemas/$app.gschema.xml"
expect "$data/mime/packages/$app.xml"
expect "$locale/de/LC_MESSAGES/strata.mo"

# the desktop file opens the profile types, and is translated
desktop=$data/applications/$app.desktop
if [ -f "$desktop" ]; then
  grep -qx 'Exec=strata %F' "$desktop" || { echo "$app.desktop: Exec is not 'strata %F'"; status=1; }
  for type in application/x-chrome-trace+json application/x-chrome-trace-compressed \
              application/x-stack-tracing-report+json application/x-neuron-profile+json \
              application/x-rocprofv3+json application/x-xplane+protobuf; do
    grep -q "^MimeType=.*$type;" "$desktop" || { echo "$app.desktop: MimeType lacks $type"; status=1; }
    grep -q "type=\"$type\"" "$data/mime/packages/$app.xml" || { echo "$app.xml does not define $type"; status=1; }
  done
  grep -q '^Comment\[de\]=' "$desktop" || { echo "$app.desktop: no German Comment"; status=1; }
  desktop-file-validate "$desktop" || status=1
fi
# the metainfo names the desktop file that is installed
if [ -f "$data/metainfo/$app.metainfo.xml" ]; then
  grep -q "<launchable type=\"desktop-id\">$app.desktop</launchable>" "$data/metainfo/$app.metainfo.xml" ||
    { echo "$app.metainfo.xml: no launchable $app.desktop"; status=1; }
fi
exit $status
