/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flop-rows.h: the rows of docs/metrics.md 13.6 — a shape's work over a
 * range, on one device or on all, or a kernel class's — and what the
 * roofline says of each: the FLOP and byte rates, the arithmetic
 * intensity, the ridge point of where it ran, which roof bounds it and
 * its share of that roof.
 */
#pragma once

#include "st-flop-ops.h"

G_BEGIN_DECLS

typedef struct
{
  guint    key;    /* a shape (st_flop_ops_get_shape ()), or a StKernelClass */
  gint     device; /* per device: its device, -1 for its host-timed ops; else -1 */
  guint    count;  /* ops counted in the range (classes: 0) */
  double   flops;
  double   bytes;
  gint64   device_ns;
  gint64   kernel_ns;   /* classes: all their device events' time in the range */
  double   peak_flops;  /* over the pieces with FLOPs, Σ clipped ns × peak FLOP/s / 10⁹ */
  double   ridge_bytes; /* over the same pieces, Σ clipped ns × bandwidth / 10⁹ */
  double   peak_bytes;  /* over every piece, Σ clipped ns × bandwidth / 10⁹ */
  double   roof_ns;     /* Σ over its pieces of bytes / bandwidth, in ns: its bytes at the roof */
  gboolean host_timed;
  gboolean no_peak;      /* a piece with FLOPs and no peak for its data type */
  gboolean no_bandwidth; /* a piece on a device of unknown bandwidth */
  gint64   first_ns;     /* where its pieces in the range begin and end */
  gint64   last_ns;
  guint    klass; /* shapes: the StKernelClass of most of its kernels' time; ST_N_KERNEL_CLASSES
                     when host-timed */
} StFlopRow;

typedef enum
{
  ST_FLOP_BOUND_UNKNOWN,
  ST_FLOP_BOUND_COMPUTE,
  ST_FLOP_BOUND_MEMORY,
} StFlopBound;

typedef struct
{
  guint name; /* StStringId */
  guint count;
} StFlopNoModelCount;

/* Each FALSE where 13.6 says the field is absent. */
gboolean    st_flop_row_get_rate (const StFlopRow *row, double *flops_per_second);
gboolean    st_flop_row_get_bandwidth (const StFlopRow *row, double *bytes_per_second);
gboolean    st_flop_row_get_intensity (const StFlopRow *row, double *flops_per_byte);
gboolean    st_flop_row_get_ridge (const StFlopRow *row, double *flops_per_byte);
gboolean    st_flop_row_get_peak_percent (const StFlopRow *row, double *percent);
gboolean    st_flop_row_get_bandwidth_percent (const StFlopRow *row, double *percent);
StFlopBound st_flop_row_get_bound (const StFlopRow *row);
gboolean    st_flop_row_get_roof_percent (const StFlopRow *row, double *percent);
/* "compute", "memory", NULL when unknown. */
const char *st_flop_bound_to_string (StFlopBound bound);
/* A shape as people read it: "aten::mm [15360, 4096], [4096, 24576] bf16",
 * with what else its model read ("…, causal"). */
char *st_flop_shape_dup_label (const StFlopShape *shape, StTrace *trace);
/* The slices of the ops of @shape counted in [@start, @end): its instances
 * (13.6), in the order of their first piece in the range. */
GArray *st_flop_ops_find_instances (StFlopOps *ops, guint shape, gint64 start, gint64 end);

G_END_DECLS
