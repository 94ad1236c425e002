/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-recommendation-row.h: one finding in the Summary's list: its number,
 * what was measured, its cause and what to do (in small print when
 * compact), and its range as a link to the timeline; the rule that fired
 * in the tooltip. */
#pragma once

#include <gtk/gtk.h>

#include "st-recommendation-item.h"

G_BEGIN_DECLS

#define ST_TYPE_RECOMMENDATION_ROW (st_recommendation_row_get_type ())

G_DECLARE_FINAL_TYPE (StRecommendationRow, st_recommendation_row, ST, RECOMMENDATION_ROW, GtkWidget)

GtkWidget *st_recommendation_row_new (StRecommendationItem *item, gboolean compact);
gboolean   st_recommendation_row_get_compact (StRecommendationRow *self);
void       st_recommendation_row_set_compact (StRecommendationRow *self, gboolean compact);

G_END_DECLS
