/* st-rank-item.h: one row of the Summary page's Ranks table as the column
 * view sees it: one file of a profile made of several (a rank), its device
 * busy share, communication and exposed communication in the chosen range,
 * and in how many collectives it was the straggler: the last rank to
 * arrive, 1 µs or more after the first. */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_RANK_ITEM (st_rank_item_get_type ())

G_DECLARE_FINAL_TYPE (StRankItem, st_rank_item, ST, RANK_ITEM, GObject)

/* A GListModel of StRankItem, one per rank of @summary (empty for a
 * profile of one file). */
GListModel *st_rank_item_new_model (StSummary *summary);
const char *st_rank_item_get_label (StRankItem *self);
/* -1 when the rank has no device events in the range */
double st_rank_item_get_busy_percent (StRankItem *self);
guint  st_rank_item_get_slowest (StRankItem *self);
char  *st_rank_item_dup_text (StRankItem *self, const char *column);

G_END_DECLS
