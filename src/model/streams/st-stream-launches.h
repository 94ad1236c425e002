/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-stream-launches.h: one stream's launches over a range, as a row of
 * the Idle Time card's launches table: how many launches started in it
 * and the percentiles of their delays (docs/metrics.md 10.3), and its
 * longest queue (10.4). The properties are what the table's columns show
 * and sort by; the table formats the numbers. */
#pragma once

#include <gio/gio.h>

#include "st-stream-index.h"

G_BEGIN_DECLS

#define ST_TYPE_STREAM_LAUNCHES (st_stream_launches_get_type ())

G_DECLARE_FINAL_TYPE (StStreamLaunches, st_stream_launches, ST, STREAM_LAUNCHES, GObject)

/* The launches of @usage, a stream named @label, the @index-th of its
 * list (the order the table sorts its Stream column by). */
StStreamLaunches             *
st_stream_launches_new (const StStreamUsage *usage, const char *label, guint index);
const char *st_stream_launches_get_label (StStreamLaunches *self);
guint       st_stream_launches_get_launches (StStreamLaunches *self);
/* The delays' p50, p90, p99 and max, @i from 0 to 3. */
gint64 st_stream_launches_get_delay (StStreamLaunches *self, guint i);
guint  st_stream_launches_get_queue (StStreamLaunches *self);

G_END_DECLS
