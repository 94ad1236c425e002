/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-name-distribution.h: how the durations of one operation spread
 * (docs/metrics.md 14): every slice of one name in a range, its statistics
 * with nearest-rank percentiles, a histogram on a log axis, and the same
 * per track or per parent. The window's Distribution pane and `strata-cli
 * stats` show it.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_GROUPING_NONE,
  ST_GROUPING_TRACK,
  ST_GROUPING_PARENT,
} StGrouping;

typedef struct
{
  guint  count;
  gint64 total_ns;
  gint64 min_ns;
  gint64 p50_ns;
  gint64 p90_ns;
  gint64 p99_ns;
  gint64 mean_ns;
  gint64 max_ns;
} StDurationStats;

/* Durations in [lo_ns, hi_ns); its instances are those of the distribution
 * from @first on, @count of them (instances are shortest first). */
typedef struct
{
  gint64 lo_ns;
  gint64 hi_ns;
  gint   k; /* 10^(k/B) ≤ duration < 10^((k+1)/B); the bin of 0 ns has no k (G_MININT) */
  guint  first;
  guint  count;
} StDurationBin;

typedef struct
{
  char           *label; /* NULL: no parent */
  StDurationStats stats;
  guint          *bin_counts; /* one per bin of the distribution */
} StDurationGroup;

typedef struct
{
  StStringId      name;
  StDurationStats stats;
  guint           bins_per_decade; /* B; 0 with no positive duration */
  StDurationBin  *bins;
  guint           n_bins;
  /* every instance, shortest first (on a tie, in track order) */
  StSliceRef      *instances;
  gint64          *durations;
  guint            n_instances;
  StGrouping       grouping;
  StDurationGroup *groups; /* largest first */
  guint            n_groups;
  guint           *instance_group; /* per instance, its group; NULL without grouping */
} StNameDistribution;

/* The distribution of the slices named @name that overlap @range (NULL:
 * every one), split by @grouping. NULL only when @cancellable was
 * cancelled. */
StNameDistribution *st_name_distribution_compute (StTrace          *trace,
                                                  StStringId        name,
                                                  const StTimeSpan *range,
                                                  StGrouping        grouping,
                                                  GCancellable     *cancellable);
void                st_name_distribution_free (StNameDistribution *self);

/* ⌈10^(k/B)⌉: the first whole ns of bin @k at @bins_per_decade (clamped to
 * G_MAXINT64). */
gint64 st_name_distribution_edge (guint bins_per_decade, gint k);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StNameDistribution, st_name_distribution_free)

G_END_DECLS
