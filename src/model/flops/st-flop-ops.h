/* st-flop-ops.h: the operations of a profile that carry FLOPs and where
 * their work ran (docs/metrics.md 13.1, 13.2): each FLOP op spread over the
 * kernels it launched, or timed on the host where none is known; and the
 * peak of each device (13.4). Made once per trace and kept with it;
 * read-only after, so any thread may read it.
 */
#pragma once

#include "st-device-peak.h"
#include "st-device-work.h"

G_BEGIN_DECLS

typedef struct
{
  StSliceRef slice;
  StStringId name;
  guint      name_index; /* of its name among the FLOP ops' names, from 0 */
  double     flops;
  StFlopType type;
  gboolean   host_timed; /* no kernel known: timed by its own interval on the host */
} StFlopOp;

/* Where an op's work ran: one of its kernels with its share of the op's
 * FLOPs, or the op itself when it is host-timed. */
typedef struct
{
  gint64 start;
  gint64 dur;
  double flops;
  guint  op;     /* in st_flop_ops_get_ops () */
  gint   device; /* in the device work; -1 when host-timed */
  gint   prev;   /* the piece of the same op before it, or -1 */
} StFlopPiece;

typedef struct _StFlopOps StFlopOps;

/* The FLOP ops of @trace, made on first use; they belong to the trace.
 * NULL only when @cancellable is cancelled before they are made. */
StFlopOps *st_flop_ops_ensure (StTrace *trace, GCancellable *cancellable);

const StFlopOp *st_flop_ops_get_ops (StFlopOps *self, guint *n_ops);
/* How many names the FLOP ops have (their name_index). */
guint st_flop_ops_get_n_names (StFlopOps *self);
/* By start; no piece lasts longer than st_flop_ops_get_longest (). */
const StFlopPiece *st_flop_ops_get_pieces (StFlopOps *self, guint *n_pieces);
gint64             st_flop_ops_get_longest (StFlopOps *self);
/* The peak of device @device of the device work. */
const StDevicePeak *st_flop_ops_get_peak (StFlopOps *self, guint device);

G_END_DECLS
