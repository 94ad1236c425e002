/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-private.h: what the parts of the summary share while it is
 * computed: the device events of the range, the metric set being filled,
 * and the spots the rules point at. */
#pragma once

#include "st-device-event.h"
#include "st-device-work.h"
#include "st-summary.h"
#include "st-span.h"
#include "st-time.h"

G_BEGIN_DECLS

struct _StSummary
{
  gint64     start;
  gint64     end;
  GArray    *metrics;                                  /* StMetric, in display order */
  GArray    *collectives;                              /* StCollectiveGroup */
  GArray    *operations[ST_N_OPERATIONS_TABLES];       /* StOperationRow, per name */
  GArray    *track_operations[ST_N_OPERATIONS_TABLES]; /* StOperationRow, per name and track */
  GArray    *engines;                                  /* StEngineUsage */
  GArray    *memory;                                   /* StMemoryPart */
  GArray    *recommendations;                          /* StRecommendation */
  GArray    *devices;          /* StDeviceUsage, per device with device events in the range */
  GArray    *ranks;            /* StRankUsage, per file of a profile of several */
  GArray    *rank_collectives; /* StRankCollective */
  GPtrArray *problems;         /* sentences: parts of the file that could not be read */
  GArray    *streams;          /* StStreamUsage, NULL before they are computed */
  StOverlap *overlap;
  GArray *device_events; /* StDeviceEvent, kept for the diagnosis (ST_SUMMARY_KEEP_DEVICE_EVENTS) */

  /* docs/metrics.md 12 and 13 */
  GArray      *memory_peaks; /* StMemoryPeak */
  StFlopRates *flops;        /* NULL: no FLOP op in the profile */

  /* Where the rules point: the longest idle gap, the worst collective. */
  StSpan longest_gap;
  StSpan worst_collective;
  double worst_collective_ratio;
};

typedef struct
{
  StTrace           *trace;
  StDeviceWork      *work;
  StEventClassifier *classes; /* the device work's */
  GCancellable      *cancellable;
  gint64             start;
  gint64             end;
  gboolean           neuron;
  gboolean           whole;          /* the range is the whole profile */
  gboolean           has_device;     /* the profile has device tracks */
  gboolean           by_name_only;   /* the operations tables without their rows per track */
  GArray            *device;         /* StDeviceEvent, by device, then start */
  GThread           *kernels_thread; /* measuring the next two, or NULL */
  guint              n_kernels;
  gint64             median_kernel_ns;
  StSummary         *summary;
} StSummaryJob;

/* Calls @func for each slice of @track overlapping [start, end). */
typedef void (*StSliceFunc) (const StSlice *slice, guint index, gpointer data);
void   st_summary_each_slice (StTrace    *trace,
                              guint       track,
                              gint64      start,
                              gint64      end,
                              StSliceFunc func,
                              gpointer    data);
gint64 st_summary_clipped (const StSlice *slice, gint64 start, gint64 end);
/* A kernel, instruction or MTIA event, not a copy, set or transfer. */

/* What the summary reads from the text of device events is read once per
 * trace and kept with it, in arrays by slice key: track, then index. */
static inline guint64
st_summary_slice_key (StSliceRef ref)
{
  return (guint64)ref.track << 32 | ref.index;
}

static inline StSliceRef
st_summary_slice_ref (guint64 key)
{
  return (StSliceRef){ (guint32)(key >> 32), (guint32)key };
}

/* The place of @key in the @n sorted @keys, or G_MAXUINT. */
guint st_summary_find_key (const guint64 *keys, guint n, guint64 key);

/* Merges the intervals of the slots in @mask of @n device events sorted by
 * start; the total length. @merged, when not NULL, receives the StSpans. */
gint64 st_summary_union_of (const StDeviceEvent *events, guint n, guint mask, GArray *merged);
gint64 st_summary_union (GArray *device, guint mask, GArray *merged);
gint64 st_summary_spans_length (GArray *spans);
/* The length of the intersection of two sets of sorted, disjoint spans. */
gint64 st_summary_spans_overlap (GArray *a, GArray *b);
/* The median (docs/metrics.md 2: for an even count the mean of the two
 * middle values, rounded down); reorders @values. */
gint64 st_summary_median (gint64 *values, guint n);

StMetric   *st_summary_add_metric (StSummary   *self,
                                   const char  *id,
                                   const char  *group,
                                   const char  *title,
                                   const char  *description,
                                   StMetricUnit unit);
void        st_summary_set_value (StMetric *metric, double value);
StMetric   *st_summary_lookup_mutable (StSummary *self, const char *id);
const char *st_summary_group_title (const char *group);

gboolean st_summary_scan_uint (StTrace    *trace,
                               guint64     offset,
                               const char *object,
                               const char *key,
                               guint64    *out);
gboolean
st_summary_scan_slice_uint (StTrace *trace, const StSlice *slice, const char *key, guint64 *out);

void st_summary_device_metrics (StSummaryJob *job);
/* Sets what st_summary_device_metrics() left measuring on a thread. */
void st_summary_device_metrics_finish (StSummaryJob *job);
void st_summary_engines (StSummaryJob *job);
void st_summary_active (StSummaryJob *job);
void st_summary_memory (StSummaryJob *job);
void st_summary_collectives (StSummaryJob *job);
void st_summary_ranks (StSummaryJob *job);
void st_summary_operations (StSummaryJob *job);
void st_summary_profile_metrics (StSummaryJob *job);
void st_summary_apply_rules (StSummary *self, gboolean neuron);

G_END_DECLS
