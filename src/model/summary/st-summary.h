/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary.h: what the Summary page says about a time range of a trace:
 * metrics (derived from the timeline, or carried by the profile itself),
 * collective operations grouped by type and size, the operations tables,
 * per-engine / per-stream utilisation, the memory breakdown, and the
 * recommendations of the rule table (st-summary-rules). No GTK.
 *
 * Derived metric ids (DESIGN.md / issue 5), over device events (kernels,
 * memcpy, memset on device tracks; Neuron engine instructions and DMA)
 * overlapping [start, end), every union clipped to the range:
 *   span_ns, device_time_ns, device_busy_percent, compute_time_ns,
 *   communication_time_ns, memory_time_ns, idle_time_ns,
 *   exposed_communication_ns, kernel_count, memcpy_bytes,
 * plus memset_bytes, memcpy_count, memset_count, median_kernel_ns,
 * host_bound_gap_percent (share of idle gaps where the next kernel's launch
 * started after the previous kernel ended), busiest_stream_share_percent.
 * Profile-carried metrics (Neuron summary[0]) keep their own ids and groups
 * and have source ST_METRIC_PROFILE.
 */
#pragma once

#include <gio/gio.h>

#include "st-collective.h"
#include "st-flop-rates.h"
#include "st-memory-peak.h"
#include "st-operation.h"
#include "st-overlap.h"
#include "st-rank.h"
#include "st-stream-index.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_METRIC_DERIVED,
  ST_METRIC_PROFILE,
} StMetricSource;

typedef enum
{
  ST_UNIT_NONE,
  ST_UNIT_NS,
  ST_UNIT_PERCENT,
  ST_UNIT_COUNT,
  ST_UNIT_BYTES,
  ST_UNIT_BYTES_PER_SECOND,
  ST_UNIT_FLOPS,
  ST_UNIT_RATIO,
} StMetricUnit;

typedef struct
{
  char          *id;          /* "device_busy_percent", or the profile's own name */
  char          *group;       /* "compute", "memory", "communication", or the profile's group id */
  char          *group_title; /* "Compute performance statistics", … */
  char          *title;       /* "Device busy" */
  char          *description; /* what it means and how it is computed: the tooltip */
  gboolean       present;     /* FALSE: "not in this profile", never 0 */
  double         value;
  StMetricUnit   unit;
  StMetricSource source;
} StMetric;

typedef struct
{
  gint64     start; /* trace ns */
  gint64     dur;
  StSliceRef slice;
  gboolean   outlier; /* > 2× the median of its group */
} StCollectiveInstance;

/* Where a collective's size came from (docs/metrics.md 1.6). */
typedef enum
{
  ST_COLLECTIVE_SIZE_UNKNOWN,
  ST_COLLECTIVE_SIZE_ARGS, /* In msg nelems × dtype size, or bytes */
  ST_COLLECTIVE_SIZE_DIMS, /* derived from the call site's Input Dims and Input type */
} StCollectiveSizeSource;

typedef struct
{
  StCollectiveType       type;
  guint64                size_bytes; /* 0 when unknown */
  StCollectiveSizeSource size_source;
  guint64                elements;      /* 0 when its source does not give them */
  guint                  element_bytes; /* likewise */
  char                  *element_type;  /* a derived size's input type: "BFloat16"; else NULL */
  char                  *call_site;     /* its host op's name on one line, or NULL */
  /* "AllReduce · 64 MiB · c10d::allreduce_", "SendRecv · size unknown"
   * (docs/metrics.md 3.1) */
  char   *label;
  guint   count;
  gint64  min_ns;
  gint64  median_ns;
  gint64  mean_ns;
  gint64  max_ns;
  guint   n_outliers;
  GArray *instances; /* StCollectiveInstance, by start */
} StCollectiveGroup;

/* The operations tables (docs/metrics.md 4). */
typedef enum
{
  ST_OPERATIONS_HOST,    /* every slice of a slice track that is not a device event */
  ST_OPERATIONS_KERNELS, /* the device events: kernels, copies, sets, instructions, transfers */
  ST_N_OPERATIONS_TABLES
} StOperationsTable;

typedef struct
{
  StStringId name;
  guint      track; /* G_MAXUINT in the per-name table */
  guint      count;
  gint64     total_ns; /* durations clipped to the range */
  gint64     self_ns;  /* of that, not spent in the slices one level deeper inside them */
  gint64     min_ns;
  gint64     max_ns;
  double     share_percent; /* self over the table's total self time */
} StOperationRow;

typedef struct
{
  char  *name;         /* "stream 7", "Tensor", "GPU 0 / stream 7" */
  gint64 busy_ns;      /* union of its events in the range */
  double busy_percent; /* of the range's device time */
  GArray *classes; /* StEngineClass: kernel class → ns (GEMM, elementwise, reduce, collective, copy,
                      other) */
} StEngineUsage;

typedef struct
{
  const char *name; /* "GEMM", "Collective", "Memcpy", … */
  gint64      busy_ns;
} StEngineClass;

typedef struct
{
  const char *name; /* "Memcpy HtoD", "Memcpy DtoH", "Memcpy DtoD", "Memset", or Neuron
                     * "HBM read", "HBM write", "Spill save", "Spill reload", "Unused" */
  guint64  bytes;
  guint    count;
  gboolean has_bytes; /* FALSE: none of its events says how many: "not in this profile" */
} StMemoryPart;

typedef struct
{
  const char *rule;     /* the rule's id: "device-busy", "exposed-communication", … */
  char       *measured; /* "Device busy 41% (< 70%)" */
  const char *cause;
  const char *action;
  gboolean    variant;  /* the rule's variant held: its cause and action are the variant's */
  gint64      start_ns; /* where it happens: the range, or the worst spot */
  gint64      end_ns;
  double      severity; /* larger first */
} StRecommendation;

/* One device over the range (docs/metrics.md 2): a GPU, an MTIA, a
 * NeuronCore, with device events overlapping the range. */
typedef struct
{
  char    *label;  /* "GPU 0", "rank 1 / GPU 0" */
  guint    device; /* its index among the trace's devices (st-device-work.h) */
  guint    file;
  gint64   device_time_ns;
  gint64   busy_ns;
  double   busy_percent;
  gint64   compute_ns;
  gint64   communication_ns;
  gint64   exposed_communication_ns;
  gint64   memory_ns;
  gint64   wait_ns;
  gint64   idle_ns;
  gboolean has_active;     /* Neuron: the profile's own active time is in the file */
  double   active_percent; /* its union over the device time */
  /* Per kernel class (docs/metrics.md 8.12): its events' clipped durations
   * summed (not a union), and how many there are. */
  gint64 class_ns[ST_N_KERNEL_CLASSES];
  guint  class_count[ST_N_KERNEL_CLASSES];
} StDeviceUsage;

/* Per file of a profile made of several files (one per rank; see
 * st-profile-loader.h), over the range: StRankUsage (st-rank.h). */

/* One collective matched across ranks (docs/metrics.md 3.2): the k-th
 * merged interval with its combination of types on every rank in the
 * range, each rank's overlapping collectives merged first (as
 * st-highlight-collectives.c matches them). Its straggler is the rank
 * that started it last (on a tie, the one that ended last, then the first
 * file): every other rank waited for it. When every rank started within
 * 1 µs of the earliest, nobody waited: it has no straggler. */
typedef struct
{
  guint      types;         /* StCollectiveType bits */
  guint      sequence;      /* k, from 1 */
  char      *label;         /* "AllReduce #3" */
  guint      n_ranks;       /* the ranks it was found on, ≥ 2 */
  gint64     start_ns;      /* the earliest start over the ranks */
  gint64     end_ns;        /* the latest end */
  gboolean   has_straggler; /* FALSE: late_ns < 1 µs, nobody waited */
  guint      slowest_file;  /* the latest to start: the straggler when has_straggler */
  gint64     late_ns;       /* the latest start minus the earliest: the straggler's lateness */
  gint64     waited_ns;     /* Σ over its ranks of (the latest start − that rank's start) */
  StSliceRef slice;         /* the latest-starting rank's (first) instance */
} StRankCollective;

typedef struct _StSummary StSummary;

/* Computes everything for [start, end) (trace ns). Runs on any thread. */
StSummary *st_summary_compute (StTrace      *trace,
                               gint64        start,
                               gint64        end,
                               GCancellable *cancellable,
                               GError      **error);

/* The parts of a summary: the operations tables apart from the rest, so
 * that a window can show the numbers of its cards while the tables, the
 * longest part of a first summary of the whole profile, are made. */
typedef enum
{
  ST_SUMMARY_CARDS = 1 << 0,      /* all but the operations tables */
  ST_SUMMARY_OPERATIONS = 1 << 1, /* the operations tables */
  ST_SUMMARY_ALL = ST_SUMMARY_CARDS | ST_SUMMARY_OPERATIONS,
  /* with the cards: not their FLOP rates, which wait for the FLOP ops;
   * st_summary_add_flop_rates () adds them */
  ST_SUMMARY_LATER_FLOP_RATES = 1 << 2,
  /* without the cards: only the devices' rows and their means, and the
   * memory peaks (what a digest's steps read, docs/metrics.md 17.1) */
  ST_SUMMARY_DEVICE_TIMES = 1 << 3,
  /* with the cards: keep the range's device events, which the diagnosis
   * that follows takes (st_summary_take_device_events ()) rather than
   * collect them again */
  ST_SUMMARY_KEEP_DEVICE_EVENTS = 1 << 4,
  /* with the operations tables: their rows by name only, without the rows
   * per name and track (st_summary_get_operations (…, TRUE) is empty),
   * which strata-cli and the digests do not print: every slice is then
   * counted in one row rather than two */
  ST_SUMMARY_OPERATIONS_BY_NAME = 1 << 5,
} StSummaryParts;

/* Computes @parts for [start, end); what is left out reads as empty. */
StSummary *st_summary_compute_parts (StTrace       *trace,
                                     gint64         start,
                                     gint64         end,
                                     StSummaryParts parts,
                                     GCancellable  *cancellable,
                                     GError       **error);
/* Makes what the cards of a summary read and keep with @trace (the
 * analysis index first, then the stream index and queues, the memory
 * timeline and the FLOP ops), so that a first summary started meanwhile on
 * another thread finds them made or being made. A window calls it on a
 * thread as soon as a profile is loaded. FALSE: cancelled. */
gboolean st_summary_prepare_cards (StTrace *trace, GCancellable *cancellable);
/* The FLOP rates of cards computed with ST_SUMMARY_LATER_FLOP_RATES.
 * FALSE: cancelled. */
gboolean st_summary_add_flop_rates (StSummary *self, StTrace *trace, GCancellable *cancellable);
/* Moves the operations tables of @from, a summary of the same range
 * computed with ST_SUMMARY_OPERATIONS, into @self. */
void st_summary_take_operations (StSummary *self, StSummary *from);
/* The device events of the range (StDeviceEvent, as st_device_events_collect
 * () gives them) of cards computed with ST_SUMMARY_KEEP_DEVICE_EVENTS,
 * once; else NULL. */
GArray    *st_summary_take_device_events (StSummary *self);
void       st_summary_free (StSummary *self);
void       st_summary_get_range (StSummary *self, gint64 *start, gint64 *end);
GPtrArray *st_summary_get_problems (StSummary *self);

guint           st_summary_get_n_metrics (StSummary *self);
const StMetric *st_summary_get_metric (StSummary *self, guint index);
const StMetric *st_summary_lookup (StSummary *self, const char *id);

guint                    st_summary_get_n_collective_groups (StSummary *self);
const StCollectiveGroup *st_summary_get_collective_group (StSummary *self, guint index);

/* What every collective group of a summary shares (docs/metrics.md 3.1),
 * said once where the groups are listed. */
typedef struct
{
  gboolean         has_type; /* every group is of @type */
  StCollectiveType type;
  const char      *call_site; /* every group's, or NULL; the summary's string */
} StCollectivesCommon;

/* Nothing is common with fewer than two groups. */
void st_summary_get_collectives_common (StSummary *self, StCollectivesCommon *common);
/* "AllToAll · nccl:all_to_all": the shared parts, or NULL for none. */
char *st_collectives_common_dup_label (const StCollectivesCommon *common);
/* @group's label without the parts of @common (NULL: whole); its size at
 * least. */
char *st_collective_group_dup_label (const StCollectiveGroup   *group,
                                     const StCollectivesCommon *common);

/* StOperationRow of @table, by name (track G_MAXUINT) or by name and track;
 * by self time, largest first, then by total, then by name. */
GArray *st_summary_get_operations (StSummary *self, StOperationsTable table, gboolean by_track);
/* @rows (StOperationRow of @trace, as st_summary_get_operations gives
 * them) as StOperation objects (st-operation.h), in their order: what the
 * Summary's tables list. */
GListModel *st_summary_list_operations (StTrace *trace, GArray *rows);

guint                st_summary_get_n_engines (StSummary *self);
const StEngineUsage *st_summary_get_engine (StSummary *self, guint index);
GArray              *st_summary_get_memory (StSummary *self); /* StMemoryPart */

/* StMemoryPeak of each memory device that counts for the range
 * (docs/metrics.md 12.3); empty without "[memory]" events. */
GArray *st_summary_get_memory_peaks (StSummary *self);
/* The FLOP rates of the range (docs/metrics.md 13); NULL when no operation
 * of the profile carries FLOPs. */
const StFlopRates *st_summary_get_flops (StSummary *self);

/* 2–4 findings, most critical first (fewer when fewer rules fire). */
guint                   st_summary_get_n_recommendations (StSummary *self);
const StRecommendation *st_summary_get_recommendation (StSummary *self, guint index);

/* Per-device rows, in the order of their processes. */
guint                st_summary_get_n_devices (StSummary *self);
const StDeviceUsage *st_summary_get_device (StSummary *self, guint index);

/* Per-rank rows: empty unless the trace has two or more files. */
guint              st_summary_get_n_ranks (StSummary *self);
const StRankUsage *st_summary_get_rank (StSummary *self, guint index);
/* The ranks of @self (which may be NULL: none), an StRank each
 * (st-rank.h) in file order: what the Summary's Ranks table lists; empty
 * for a profile of one file. */
GListModel *st_summary_list_ranks (StSummary *self);
/* Collectives matched across ranks, by start. */
guint                   st_summary_get_n_rank_collectives (StSummary *self);
const StRankCollective *st_summary_get_rank_collective (StSummary *self, guint index);

/* Per stream (docs/metrics.md 10): its idle time by kind, its launch
 * delays and its largest queue, in the order of the devices and their
 * tracks. */
guint                st_summary_get_n_streams (StSummary *self);
const StStreamUsage *st_summary_get_stream (StSummary *self, guint index);
/* How the cards name a stream of @self, as short as tells the range's
 * streams apart: its track's name ("stream 7") when they are all one
 * device's, its rank's label and its name ("rank 1 / stream 7") when each
 * rank has one device, else its whole label ("rank 1 / GPU 1 / stream
 * 7"). */
char *st_summary_dup_stream_title (StSummary *self, StTrace *trace, const StStreamUsage *usage);
/* The streams of @self (which may be NULL: none) with a launch in the
 * range, an StStreamLaunches each (st-stream-launches.h) in the
 * summary's order: what the Idle Time card's launches table lists. */
GListModel *st_summary_list_streams (StSummary *self, StTrace *trace);
/* Communication overlapped by compute (docs/metrics.md 11). */
StOverlap *st_summary_get_overlap (StSummary *self);

/* A metric's value as people read it: "41%", "12.5 µs", "1 234", "32.77 kB". */
char *st_summary_format_value (StMetricUnit unit, double value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSummary, st_summary_free)

G_END_DECLS
