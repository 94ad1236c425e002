/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flop-rates.h: the FLOP rates of a range (docs/metrics.md 13.3, 13.4,
 * 13.6): the rate the FLOP ops' kernels ran at, per operation name and in
 * all, each device's Model FLOPs Utilisation against its peak, and the
 * rows of the roofline: per shape, per shape on each device, per kernel
 * class.
 */
#pragma once

#include "st-flop-ops.h"
#include "st-flop-rows.h"

G_BEGIN_DECLS

typedef struct
{
  guint       device; /* in the device work */
  char       *label;  /* "GPU 0" */
  guint       file;
  double      flops;
  gint64      device_time_ns; /* the device's time in the range (docs/metrics.md 2), 0 unknown */
  const char *model;          /* the peak table's row ("A100"), NULL when unknown */
  char       *peak_name;      /* the deviceProperties name, "" when none */
  StFlopType  type;           /* the data type of most of its FLOPs */
  double      peak_flops_per_second; /* its peak for that type, 0 unknown */
  double      peak_bytes_per_second; /* its bandwidth, 0 unknown */
  double      ridge;                 /* FLOPs per byte for that type, 0 unknown */
  char       *bandwidth_note;        /* why there is no bandwidth, or NULL */
  gboolean    has_mfu;
  double      mfu_percent;
  char       *note; /* why there is no MFU ("peak unknown for …"), or NULL */
} StFlopDevice;

typedef struct
{
  StStringId name;
  guint      count; /* FLOP ops of that name with work in the range */
  double     flops;
  gint64     device_ns;
  StFlopType type; /* of most of its FLOPs */
  gboolean   host_timed;
  gboolean   has_peak_percent;
  double     peak_percent;
  StSliceRef largest; /* its op with the most FLOPs in the range */
} StFlopOperation;

typedef struct
{
  guint   ops;
  guint   host_timed_ops;
  double  flops;
  gint64  device_ns;
  GArray *devices;       /* StFlopDevice, in the device work's order */
  GArray *operations;    /* StFlopOperation, by FLOPs, largest first */
  GArray *shapes;        /* StFlopRow, over the devices: by device_ns, largest first */
  GArray *device_shapes; /* StFlopRow, per device: by device, then as shapes */
  GArray *classes;       /* StFlopRow, per kernel class with counted kernels, in 8.12's order */
  GArray *no_model;      /* StFlopNoModelCount, most first */
} StFlopRates;

/* The rates over [start, end); @device_time_ns holds each device's time in
 * the range (0 where it has none), @class_ns each kernel class's time in
 * it summed over the devices (NULL: unknown). */
StFlopRates *st_flop_rates_compute (StFlopOps    *ops,
                                    StDeviceWork *work,
                                    const gint64 *device_time_ns,
                                    const gint64 *class_ns,
                                    gint64        start,
                                    gint64        end);
void         st_flop_rates_free (StFlopRates *self);
/* FLOP/s; FALSE when the range has no device time of FLOP ops. */
gboolean st_flop_rates_get_achieved (const StFlopRates *self, double *flops_per_second);
/* The mean MFU over the devices that have one; FALSE when none has. */
gboolean st_flop_rates_get_mfu (const StFlopRates *self, double *percent);

/* "142.3 TFLOP/s", "1.75 PFLOP": the one way the window and strata-cli
 * write them. */
char *st_flop_rates_format_rate (double flops_per_second);
char *st_flop_rates_format_flops (double flops);
/* "3.35 TB/s" */
char *st_flop_rates_format_bandwidth (double bytes_per_second);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StFlopRates, st_flop_rates_free)

G_END_DECLS
