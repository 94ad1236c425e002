/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-name-index.h: every slice of the trace by name, made once on first use
 * and kept with the trace (st_trace_ensure_data), so that the instances of
 * one name are found without a walk over every slice: the Distribution
 * pane and `strata-cli stats` ask for one name after another.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

typedef struct _StNameIndex StNameIndex;

/* The trace's index, made by the first caller (others wait for it); NULL
 * only when @cancellable was cancelled first. */
StNameIndex *st_name_index_get (StTrace *trace, GCancellable *cancellable);

/* The slices named @name as numbers of the index, in track order and, on a
 * track, in the order of its slices; *n_slices of them. The array belongs
 * to the index. */
const guint32 *st_name_index_lookup (StNameIndex *self, StStringId name, guint *n_slices);
/* The slice that number @number of the index stands for. */
StSliceRef st_name_index_get_ref (StNameIndex *self, guint32 number);

G_END_DECLS
