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

typedef struct
{
  StSliceRef slice;
  StStringId name;
  guint      name_index;  /* of its name among the counted ops' names, from 0 */
  guint      shape;       /* in st_flop_ops_get_shape () */
  double     flops;       /* args.flops, else its model's; 0: bytes only */
  double     model_flops; /* what its model counts, beside args.flops; 0 without a model */
  double     bytes;       /* 0: unknown */
  gint64     device_ns;   /* its kernels' time; when host-timed its own duration */
  StFlopType type;
  gboolean   host_timed; /* no kernel known: timed by its own interval on the host */
} StFlopOp;

/* What a row of 13.6 holds: an operation name with its Input Dims, its
 * data type and what else its model read. */
typedef struct
{
  StStringId        name;
  const char       *dims; /* Input Dims as written, without white space; "" without */
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
  guint  op;     /* in st_flop_ops_get_ops () */
  gint   device; /* in the device work; -1 when host-timed */
  gint   prev;   /* the piece of the same op before it, or -1 */
  guint  row;    /* its op's shape on its device, in st_flop_ops_get_device_shapes () */
  guint8 klass;  /* its kernel's StKernelClass; ST_N_KERNEL_CLASSES when host-timed */
} StFlopPiece;

/* An operator of a name with a model that the model could not read
 * (13.5): no model. */
typedef struct
{
  gint64     start;
  StStringId name;
} StFlopNoModel;

/* A piece's FLOPs and bytes: its op's, in the share of its duration. */
static inline double
st_flop_piece_flops (const StFlopOp *op, const StFlopPiece *p)
{
  return op->device_ns > 0 ? op->flops * p->dur / op->device_ns : op->flops;
}

static inline double
st_flop_piece_bytes (const StFlopOp *op, const StFlopPiece *p)
{
  return op->device_ns > 0 ? op->bytes * p->dur / op->device_ns : op->bytes;
}

typedef struct _StFlopOps StFlopOps;

/* The FLOP ops of @trace, made on first use; they belong to the trace.
 * NULL only when @cancellable is cancelled before they are made. */
StFlopOps *st_flop_ops_ensure (StTrace *trace, GCancellable *cancellable);

const StFlopOp *st_flop_ops_get_ops (StFlopOps *self, guint *n_ops);
/* How many names the counted ops have (their name_index). */
guint                    st_flop_ops_get_n_names (StFlopOps *self);
guint                    st_flop_ops_get_n_shapes (StFlopOps *self);
const StFlopShape       *st_flop_ops_get_shape (StFlopOps *self, guint shape);
const StFlopDeviceShape *st_flop_ops_get_device_shapes (StFlopOps *self, guint *n_rows);
/* By start. */
const StFlopNoModel *st_flop_ops_get_no_model (StFlopOps *self, guint *n);
/* A shape as people read it: "aten::mm [15360, 4096], [4096, 24576] bf16",
 * with what else its model read ("…, causal"). */
char *st_flop_ops_dup_shape_label (StFlopOps *self, StTrace *trace, guint shape);
/* By start; no piece lasts longer than st_flop_ops_get_longest (). */
const StFlopPiece *st_flop_ops_get_pieces (StFlopOps *self, guint *n_pieces);
gint64             st_flop_ops_get_longest (StFlopOps *self);
/* The peak of device @device of the device work. */
const StDevicePeak *st_flop_ops_get_peak (StFlopOps *self, guint device);

G_END_DECLS
