/* st-stream-item.h: one row of the Idle Time card's launches table as the
 * column view sees it: one stream over the chosen range, as
 * docs/metrics.md 10.3 and 10.4 define its numbers: how many launches
 * started in it, the percentiles of their delays, and its longest queue. */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_STREAM_ITEM (st_stream_item_get_type ())

G_DECLARE_FINAL_TYPE (StStreamItem, st_stream_item, ST, STREAM_ITEM, GObject)

/* How the cards name a stream of @summary, as short as tells the range's
 * streams apart: its track's name ("stream 7") when they are all one
 * device's, its rank's label and its name ("rank 1 / stream 7") when each
 * rank has one device, else its whole label ("rank 1 / GPU 1 / stream
 * 7"). */
char *st_stream_item_dup_title (StTrace *trace, StSummary *summary, const StStreamUsage *usage);
/* A GListModel of StStreamItem, one per stream of @summary with a launch
 * in the range, in its order. */
GListModel *st_stream_item_new_model (StTrace *trace, StSummary *summary);

G_END_DECLS
