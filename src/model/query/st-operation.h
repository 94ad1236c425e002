/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation.h: the events of one name — or of one name on one track —
 * counted and timed, as a row of a table a person reads: the Summary's
 * Operations tables (docs/metrics.md 4) and the details pane's names of a
 * selection. Its name comes whole and in the short form a column shows
 * (st_operation_name_shorten: a head that may be cut and a tail that is
 * never), its track as "process / track" and as what tells the track apart
 * ("rank 1 · GPU 0 · stream 7"). The properties are what the tables'
 * columns show and sort by. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATION (st_operation_get_type ())

G_DECLARE_FINAL_TYPE (StOperation, st_operation, ST, OPERATION, GObject)

/* The events named @name of @trace (on track @track, or G_MAXUINT for
 * every track): @count of them, @total_ns long, @self_ns of it their own,
 * the shortest @min_ns and the longest @max_ns; @share is of the table's
 * whole, in percent. */
StOperation *st_operation_new (StTrace   *trace,
                               StStringId name,
                               guint      track,
                               guint      count,
                               gint64     total_ns,
                               gint64     self_ns,
                               gint64     min_ns,
                               gint64     max_ns,
                               double     share);
const char  *st_operation_get_name (StOperation *self);
guint        st_operation_get_count (StOperation *self);
gint64       st_operation_get_total (StOperation *self);
gint64       st_operation_get_self (StOperation *self);
gint64       st_operation_get_min (StOperation *self);
gint64       st_operation_get_max (StOperation *self);
double       st_operation_get_share (StOperation *self);

/* The selected events @selection (StEventRef) of @trace by name, an
 * StOperation each in no particular order, their shares in percent of
 * *@span: the time from the first start to the last end. */
GListModel *st_operation_list_selection (StTrace *trace, GArray *selection, gint64 *span);

G_END_DECLS
