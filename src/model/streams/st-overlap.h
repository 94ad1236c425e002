/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-overlap.h: how much of a range's communication the same device's
 * compute hides, as docs/metrics.md 11 defines it: per device, per rank
 * (a file of a profile of several) and over time, in 50 bins of the
 * range. Fed with each device's compute and communication unions (the
 * summary's, docs/metrics.md 2), so it costs what their spans cost.
 */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_OVERLAP_N_BINS 50

typedef struct
{
  char    *label; /* a device's ("GPU 0") or a rank's ("rank 1") */
  guint    file;
  gint64   communication_ns;
  gint64   overlapped_ns;
  gboolean has_percent; /* FALSE: no communication */
  double   overlap_percent;
} StOverlapRow;

typedef struct
{
  gint64   start;
  gint64   end;
  gint64   communication_ns;
  gint64   overlapped_ns;
  gboolean has_percent;
  double   overlap_percent;
} StOverlapBin;

typedef struct _StOverlap StOverlap;

StOverlap *st_overlap_new (StTrace *trace, gint64 start, gint64 end);
void       st_overlap_free (StOverlap *self);
/* One device's unions over the range: sorted, disjoint spans. */
void st_overlap_add_device (StOverlap        *self,
                            const char       *label,
                            guint             file,
                            const StTimeSpan *compute,
                            guint             n_compute,
                            const StTimeSpan *communication,
                            guint             n_communication);
/* After the last device: the ranks and the percents. */
void st_overlap_finish (StOverlap *self);

guint               st_overlap_get_n_devices (StOverlap *self);
const StOverlapRow *st_overlap_get_device (StOverlap *self, guint index);
/* Empty unless the trace has several files. */
guint               st_overlap_get_n_ranks (StOverlap *self);
const StOverlapRow *st_overlap_get_rank (StOverlap *self, guint index);
const StOverlapBin *st_overlap_get_bins (StOverlap *self); /* ST_OVERLAP_N_BINS */
/* communication_overlap_percent: the mean over the devices that
 * communicate; FALSE when none does. */
gboolean st_overlap_get_mean_percent (StOverlap *self, double *percent);
/* Whether any device communicates in the range. */
gboolean st_overlap_has_communication (StOverlap *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StOverlap, st_overlap_free)

G_END_DECLS
