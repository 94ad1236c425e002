/* st-event-row.h: one selected event as the details pane's list of a
 * name's events shows it: its start, duration and track, as text. */
#pragma once

#include <glib-object.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_EVENT_ROW (st_event_row_get_type ())

G_DECLARE_FINAL_TYPE (StEventRow, st_event_row, ST, EVENT_ROW, GObject)

StEventRow *st_event_row_new (StTrace *trace, StEventRef ref);
StEventRef  st_event_row_get_ref (StEventRow *self);

G_END_DECLS
