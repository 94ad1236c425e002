#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The C sources are formatted as the repo's .clang-format says, by the
# clang-format of Debian 12 (14): another version formats some constructs
# differently, so with another one the check is skipped (exit 77), not passed.
set -eu
top=${1:?source root}
cd "$top"
command -v clang-format >/dev/null 2>&1 || { echo "clang-format is not installed"; exit 77; }
version=$(clang-format --version | sed -n 's/.*version \([0-9]*\).*/\1/p')
[ "$version" = 14 ] || { echo "clang-format $version, not 14: formatting not checked"; exit 77; }
files=$(git ls-files 'src/*.c' 'src/*.h' 'tests/*.c' 'tests/*.h' 2>/dev/null ||
        find src tests -name '*.[ch]' -not -path '*/data/*')
# shellcheck disable=SC2086
clang-format --dry-run -Werror $files
