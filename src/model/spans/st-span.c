/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-span.c: see st-span.h. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-span.h"
#include "st-sort.h"
#include "st-time.h"

ST_DEFINE_SORT (sort_spans, StSpan, a->start < b->start)

gint64
st_spans_union (GArray *spans)
{
  StSpan *s = (StSpan *)(void *)spans->data;
  gint64  total = 0, at = G_MININT64;

  sort_spans (s, spans->len, NULL);
  for (guint i = 0; i < spans->len; i++)
    {
      /* the part of each past every span before it */
      total = st_time_add_sat (total, st_time_span (MAX (s[i].start, at), s[i].end));
      at = MAX (at, s[i].end);
    }
  return total;
}
