/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flop-ops.h: the operations of a profile whose work Strata counts and
 * where it ran (docs/metrics.md 13.1, 13.2, 13.5): each counted op, with
 * FLOPs from its args or from the model of its shapes and the bytes the
 * model says it moves, spread over the kernels it launched, or timed on
 * the host where none is known; its shape; and the peak and bandwidth of
 * each device (13.4). Made once per trace and kept with it; read-only
 * after, so any thread may read it.
 */
#pragma once

#include "st-device-peak.h"
#include "st-device-work.h"
#include "st-shape-model.h"

G_BEGIN_DECLS

/* Kept for each counted op of a profile: 40 bytes, so that one of ten
 * events of a large profile being counted costs little memory. */
typedef struct
{
  StSliceRef slice;
  guint      shape;      /* in st_flop_ops_get_shape (): its name, data type, what its model read */
  guint      reading;    /* what its model made of its args (st_flop_ops_get_bytes ()) */
  double     flops;      /* args.flops, else its model's; 0: bytes only */
  gint64     device_ns;  /* its kernels' time; when host-timed its own duration */
  gboolean   host_timed; /* no kernel known: timed by its own interval on the host */
} StFlopOp;

/* What a row of 13.6 holds: an operation name with its Input Dims, its
 * data type and what else its model read. */
typedef struct
{
  StStringId        name;
  guint             name_index; /* of its name among the counted ops' names, from 0 */
  const char       *dims;       /* Input Dims as written, without white space; "" without */
  StFlopType        type;
  StShapeModelKind  kind;
  const char       *params; /* what else the model read, or NULL */
  StShapeAssumption assumed;
} StFlopShape;

/* A shape on one device (-1: its host-timed ops). */
typedef struct
{
  guint shape;
  gint  device;
} StFlopDeviceShape;

/* Where an op's work ran: one of its kernels, with its share of the op's
 * FLOPs and bytes, or the op itself when it is host-timed. */
typedef struct
{
  gint64 start;
  gint64 dur;
  guint  op;    /* in st_flop_ops_get_ops () */
  gint   prev;  /* the piece of the same op before it, or -1 */
  guint  row;   /* its op's shape on its device (or its host-timed ops), in
                   st_flop_ops_get_device_shapes () */
  guint8 klass; /* its kernel's StKernelClass; ST_N_KERNEL_CLASSES when host-timed */
} StFlopPiece;

/* An operator of a name with a model that the model could not read
 * (13.5): no model. */
typedef struct
{
  gint64     start;
  StStringId name;
} StFlopNoModel;

/* A piece's part of its op's @work (its FLOPs, its bytes): the share of
 * its duration in the op's device time. */
static inline double
st_flop_piece_share (const StFlopOp *op, const StFlopPiece *p, double work)
{
  return op->device_ns > 0 ? work * p->dur / op->device_ns : work;
}

typedef struct _StFlopOps StFlopOps;

/* The FLOP ops of @trace, made on first use; they belong to the trace.
 * NULL only when @cancellable is cancelled before they are made. */
StFlopOps *st_flop_ops_ensure (StTrace *trace, GCancellable *cancellable);

const StFlopOp *st_flop_ops_get_ops (StFlopOps *self, guint *n_ops);
/* How many names the counted ops have (their shapes' name_index). */
guint st_flop_ops_get_n_names (StFlopOps *self);
/* An op's bytes (0 unknown), and what its model counts beside args.flops
 * (0 without a model): the same for every op of its name and args. */
double st_flop_ops_get_bytes (StFlopOps *self, const StFlopOp *op);
double st_flop_ops_get_model_flops (StFlopOps *self, const StFlopOp *op);
/* The device of a piece, -1 when it is host-timed. */
gint                     st_flop_ops_get_piece_device (StFlopOps *self, const StFlopPiece *piece);
guint                    st_flop_ops_get_n_shapes (StFlopOps *self);
const StFlopShape       *st_flop_ops_get_shape (StFlopOps *self, guint shape);
const StFlopDeviceShape *st_flop_ops_get_device_shapes (StFlopOps *self, guint *n_rows);
/* By start. */
const StFlopNoModel *st_flop_ops_get_no_model (StFlopOps *self, guint *n);

/* By start; no piece lasts longer than st_flop_ops_get_longest (). */
const StFlopPiece *st_flop_ops_get_pieces (StFlopOps *self, guint *n_pieces);
gint64             st_flop_ops_get_longest (StFlopOps *self);
/* The peak of device @device of the device work. */
const StDevicePeak *st_flop_ops_get_peak (StFlopOps *self, guint device);

G_END_DECLS
