#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Each translation in po/LINGUAS compiles (msgfmt --check: headers and
# printf formats) and is complete for the sources as they are now: every
# msgid of a fresh template, none fuzzy or untranslated.
set -eu
top=${1:?source root}
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the template as meson's strata-pot makes it (i18n.gettext, preset glib)
xgettext --package-name=strata --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  --files-from=po/POTFILES.in -o "$tmp/strata.pot" 2>"$tmp/xgettext.log" ||
  { cat "$tmp/xgettext.log"; exit 1; }

status=0
langs=$(grep -v '^#' po/LINGUAS | tr -s ' \n' ' ')
[ -n "$langs" ] || { echo "po/LINGUAS lists no translation"; exit 1; }
for lang in $langs; do
  po=po/$lang.po
  [ -f "$po" ] || { echo "po/LINGUAS lists $lang, and $po does not exist"; status=1; continue; }
  msgfmt --check --check-accelerators=_ -o /dev/null "$po" || status=1
  # every message of the sources, translated and not fuzzy
  msgcmp "$po" "$tmp/strata.pot" || { echo "$po: run 'meson compile strata-update-po' and translate"; status=1; }
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid' || true)
  untranslated=$(msgattrib --untranslated --no-obsolete "$po" | grep -c '^msgid' || true)
  if [ "$fuzzy" != 0 ] || [ "$untranslated" != 0 ]; then
    echo "$po: $fuzzy fuzzy and $untranslated untranslated messages"
    status=1
  fi
done
exit $status
