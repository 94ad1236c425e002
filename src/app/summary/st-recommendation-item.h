/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-recommendation-item.h: one finding of the diagnosis as the Summary's
 * list shows it (docs/metrics.md 16): its number, what it found in
 * numbers, the time at stake, what to do where a fix applies, its kind
 * and the time range it points at. */
#pragma once

#include <gio/gio.h>

#include "st-diagnosis.h"

G_BEGIN_DECLS

#define ST_TYPE_RECOMMENDATION_ITEM (st_recommendation_item_get_type ())

G_DECLARE_FINAL_TYPE (StRecommendationItem,
                      st_recommendation_item,
                      ST,
                      RECOMMENDATION_ITEM,
                      GObject)

/* A GListModel of StRecommendationItem, one per finding @diagnosis
 * shows, in its order (the bound first, then by time at stake). */
GListModel *st_recommendation_item_new_model (StDiagnosis *diagnosis);

G_END_DECLS
