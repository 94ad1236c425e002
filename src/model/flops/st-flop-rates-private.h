/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flop-rates-private.h: what the files of the FLOP rates share: the
 * walk over the pieces of a range reads each piece once for the FLOP
 * rates (st-flop-rates.c) and the roofline's rows (st-flop-rows.c). */
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

/* A piece's part in the range, read once. */
typedef struct
{
  const StFlopPiece *piece;
  const StFlopOp    *op;
  const StFlopShape *shape;
  gint               device; /* -1: host-timed */
  gint64             from;   /* [from, to): its time in the range */
  gint64             to;
  double             flops; /* its FLOPs and bytes in that time */
  double             bytes;
  double             peak;  /* FLOP/s of its data type on its device, 0 unknown */
  gboolean           first; /* its op counts here: its first piece in the range */
} StFlopPart;

typedef struct _StFlopRowsJob StFlopRowsJob;

StFlopRowsJob *_st_flop_rows_begin (StFlopOps *ops);
void           _st_flop_rows_add (StFlopRowsJob *job, const StFlopPart *part);
/* The rows of 13.6 into @rates, the job freed. */
void _st_flop_rows_finish (StFlopRowsJob *job,
                           StFlopRates   *rates,
                           const gint64  *class_ns,
                           gint64         start,
                           gint64         end);

G_END_DECLS
