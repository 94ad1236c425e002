/* st-profile-steps.h: a profile's steps (docs/metrics.md 8.1): its
 * ProfilerStep#N host slices, each from its start to its end on the host,
 * the outermost ones only (a step inside another is not a step of its
 * own), in time order. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

/* The steps of @trace as StTimeSpan (trace ns), by start; those inside
 * [start, end) only when @end > @start. NULL when @cancellable was
 * cancelled. */
GArray *st_profile_steps_find (StTrace *trace, gint64 start, gint64 end, GCancellable *cancellable);

G_END_DECLS
