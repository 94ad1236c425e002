/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-event-item.h: one selected event as the details pane's list of a
 * name's events shows it: its start, duration and track, as text. */
#pragma once

#include <glib-object.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_EVENT_ITEM (st_event_item_get_type ())

G_DECLARE_FINAL_TYPE (StEventItem, st_event_item, ST, EVENT_ITEM, GObject)

StEventItem *st_event_item_new (StTrace *trace, StEventRef ref);
StEventRef   st_event_item_get_ref (StEventItem *self);

G_END_DECLS
