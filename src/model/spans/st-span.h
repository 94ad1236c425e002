/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-span.h: spans of time [start, end) in ns, and the time a set of them
 * covers together. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64 start;
  gint64 end;
} StSpan;

/* The time the StSpans of @spans cover together, each counted once where
 * they overlap (sorted by start here); saturating at G_MAXINT64. A span
 * that ends before it starts covers nothing. */
gint64 st_spans_union (GArray *spans);

G_END_DECLS
