/* st-flop-rates-private.h: what the files of the FLOP rates share. */
#pragma once

#include "st-flop-rates.h"

G_BEGIN_DECLS

/* Whether piece @p (before the range's end) holds time of the range
 * starting at @start. */
static inline gboolean
_st_flop_piece_in_range (const StFlopPiece *p, gint64 start)
{
  return p->dur == 0 ? p->start >= start : p->start + p->dur > start;
}

/* The first piece starting at or after @from. */
guint _st_flop_rates_first_piece (const StFlopPiece *pieces, guint n, gint64 from);

/* The rows of 13.6 over [start, end) into @rates: shapes, per device,
 * kernel classes, no model. */
void _st_flop_rates_fill_rows (StFlopRates  *rates,
                               StFlopOps    *ops,
                               const gint64 *class_ns,
                               gint64        start,
                               gint64        end);

G_END_DECLS
