/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-event-list.h: the events of a selection, longest first, as a
 * GListModel of StEventItem made only for the rows a list shows, so a
 * selection of a million events costs a sort, not a million objects. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_EVENT_LIST (st_event_list_get_type ())

G_DECLARE_FINAL_TYPE (StEventList, st_event_list, ST, EVENT_LIST, GObject)

/* @refs: StEventRef, copied. */
StEventList *st_event_list_new (StTrace *trace, GArray *refs);

G_END_DECLS
