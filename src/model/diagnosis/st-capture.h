/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-capture.h: the CUDA / HIP graph captures of a range (docs/metrics.md
 * 16.2 rule 5): per file, the capture windows of its host threads — from a
 * stream's begin-capture call to the next end-capture call on the same
 * thread — in which launches record work into a graph and run nothing;
 * how many of the range's launch calls fall in them; and whether the range
 * launches graphs at all.
 */
#pragma once

#include "st-device-work.h"

G_BEGIN_DECLS

typedef struct _StCaptures StCaptures;

StCaptures *st_captures_new (StTrace *trace, StDeviceWork *work, gint64 start, gint64 end);
void        st_captures_free (StCaptures *self);

/* The capture windows of file @file (StTimeSpan, by start, disjoint),
 * clipped to the range; NULL when it has none. */
GArray *st_captures_get_windows (StCaptures *self, guint file);
/* Whether any file has a capture window in the range. */
gboolean st_captures_any (StCaptures *self);
/* The kernel launch calls (a name that starts with cu or hip and holds
 * Launch and Kernel) starting in the range, and how many of them start in
 * a capture window of their file. */
void st_captures_count_launches (StCaptures *self, guint *n_launches, guint *n_captured);
/* Whether a graph launch (cudaGraphLaunch and the like) starts in the
 * range. */
gboolean st_captures_has_graph_launches (StCaptures *self);
/* Whether @name launches a graph: cudaGraphLaunch, hipGraphLaunch, cuGraphLaunch. */
gboolean st_captures_is_graph_launch (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StCaptures, st_captures_free)

G_END_DECLS
