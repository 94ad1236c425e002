/* st-summary-private.h: what the parts of the summary share while it is
 * computed: the device events of the range, the metric set being filled,
 * and the spots the rules point at. */
#pragma once

#include "st-event-class.h"
#include "st-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ST_DEVICE_COMPUTE,    /* a kernel that is not a collective; a Neuron instruction */
  ST_DEVICE_COLLECTIVE, /* an NCCL/RCCL kernel; a Neuron collective instruction or DMA */
  ST_DEVICE_MEMCPY,
  ST_DEVICE_MEMSET,
  ST_DEVICE_DMA, /* a Neuron DMA transfer */
} StDeviceKind;

#define ST_DEVICE_MASK(kind) (1u << (kind))

/* What a track runs, per track of the job. */
enum
{
  ST_SUMMARY_TRACK_NONE,
  ST_SUMMARY_TRACK_GPU,    /* kernels, copies, memsets */
  ST_SUMMARY_TRACK_ENGINE, /* Neuron instructions of one engine */
  ST_SUMMARY_TRACK_DMA,    /* Neuron DMA transfers of one queue */
};

/* One device event overlapping the range, its interval clipped to it. */
typedef struct
{
  gint64     start;
  gint64     end;
  gint64     dur; /* the event's own duration, unclipped */
  StSliceRef ref;
  guint8     kind;   /* StDeviceKind */
  guint8     kernel; /* a kernel or a Neuron instruction, not a copy or a DMA */
} StDeviceEvent;

typedef struct
{
  gint64 start;
  gint64 end;
} StSpan;

struct _StSummary
{
  gint64  start;
  gint64  end;
  GArray *metrics;          /* StMetric, in display order */
  GArray *collectives;      /* StCollectiveGroup */
  GArray *operations;       /* StOperationRow, per name */
  GArray *track_operations; /* StOperationRow, per name and track */
  GArray *engines;          /* StEngineUsage */
  GArray *memory;           /* StMemoryPart */
  GArray *recommendations;  /* StRecommendation */
  GArray *ranks;            /* StRankUsage, per file of a profile of several */
  GArray *rank_collectives; /* StRankCollective */

  /* Where the rules point: the longest idle gap, the worst collective. */
  StSpan longest_gap;
  StSpan worst_collective;
  double worst_collective_ratio;
};

typedef struct
{
  StTrace           *trace;
  StEventClassifier *classes;
  GCancellable      *cancellable;
  gint64             start;
  gint64             end;
  gboolean           neuron;
  gboolean           whole;        /* the range is the whole profile */
  gboolean           has_device;   /* the profile has device tracks */
  guint8            *device_track; /* per track: TRUE when it runs device work */
  GArray            *device;       /* StDeviceEvent, by start */
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

/* Merges the intervals of the kinds in @mask of the (sorted) device events;
 * the total length. @merged, when not NULL, receives the StSpans. */
gint64 st_summary_union (GArray *device, guint mask, GArray *merged);
gint64 st_summary_spans_length (GArray *spans);
gint64 st_summary_spans_overlap (GArray *a, GArray *b);
/* Median by selection; reorders @values. */
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

void     st_summary_collect_device (StSummaryJob *job);
void     st_summary_device_metrics (StSummaryJob *job);
void     st_summary_engines (StSummaryJob *job);
void     st_summary_memory (StSummaryJob *job);
void     st_summary_collectives (StSummaryJob *job);
void     st_summary_ranks (StSummaryJob *job);
void     st_summary_operations (StSummaryJob *job);
gboolean st_summary_profile_metrics (StSummaryJob *job, GError **error);
void     st_summary_apply_rules (StSummary *self, gboolean neuron);

G_END_DECLS
