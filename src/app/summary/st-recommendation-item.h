/* st-recommendation-item.h: one finding of the Summary as its list shows
 * it: its number, what was measured, its cause and what to do, the rule
 * that fired and the time range it points at. */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_RECOMMENDATION_ITEM (st_recommendation_item_get_type ())

G_DECLARE_FINAL_TYPE (StRecommendationItem,
                      st_recommendation_item,
                      ST,
                      RECOMMENDATION_ITEM,
                      GObject)

/* A GListModel of StRecommendationItem, one per recommendation of
 * @summary, most critical first. */
GListModel *st_recommendation_item_new_model (StSummary *summary);

G_END_DECLS
