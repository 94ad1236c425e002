/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-steps.h: a profile's steps (docs/metrics.md 8.1): its
 * ProfilerStep#N host slices, each from its start to its end on the host,
 * the outermost ones only (a step inside another is not a step of its
 * own), in time order. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

/* Whether @name names a step: a step's slice is the step itself, so a
 * comparison leaves it out of the operations (docs/metrics.md 8.4). */
gboolean st_profile_steps_is_step_name (const char *name);
/* The steps of @trace as StTimeSpan (trace ns), by start; those inside
 * [start, end) only when @end > @start. NULL when @cancellable was
 * cancelled. */
GArray *st_profile_steps_find (StTrace *trace, gint64 start, gint64 end, GCancellable *cancellable);

/* A step with the number N of its ProfilerStep#N, which matches it across
 * the ranks of a job (docs/metrics.md 17.4). */
typedef struct
{
  StTimeSpan span;
  gint64     number; /* G_MAXINT64 when its digits do not fit */
  guint      file;   /* the file (rank) of its slice */
  StSliceRef slice;  /* its ProfilerStep#N slice */
} StProfileStep;

/* Every step of @trace as StProfileStep, by start; NULL when @cancellable
 * was cancelled. */
GArray *st_profile_steps_find_numbered (StTrace *trace, GCancellable *cancellable);
/* The steps of each file of @trace apart, the outermost of that file's
 * host tracks (a rank's step is not hidden by another rank's step that
 * encloses it in time), as StProfileStep by file, then by start; NULL when
 * @cancellable was cancelled. */
GArray *st_profile_steps_find_per_file (StTrace *trace, GCancellable *cancellable);

G_END_DECLS
