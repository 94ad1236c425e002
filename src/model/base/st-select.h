/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-select.h: the k-th smallest of an array of times, found in place in
 * linear time on average (a sort would be n log n): medians and
 * percentiles over a range's durations and delays. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gint64 st_select_kth (gint64 *v, gsize n, gsize k);

G_END_DECLS
