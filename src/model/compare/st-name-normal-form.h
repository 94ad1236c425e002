/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-name-normal-form.h: the normal form of an operation's name
 * (docs/metrics.md 8.4), what stays the same between two runs of the same
 * code: without template argument lists, addresses, a trailing number and
 * extra white space. Two profiles' operations whose names differ only in
 * those are one row of a comparison. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The normal form of @name: every "<…>" removed with what it holds (nested
 * ones with it), every "0x" followed by hex digits written "0x…", a
 * trailing number removed with the '#', '_', '-', '.' or space before it
 * ("ProfilerStep#12" is "ProfilerStep"), runs of white space made one
 * space, and white space at either end removed. */
char *st_name_normal_form (const char *name);

G_END_DECLS
