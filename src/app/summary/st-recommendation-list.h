/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-recommendation-list.h: the findings of one summary, most critical
 * first, each with its range as a link to the timeline; or a line saying
 * that no rule fires. It shows a GListModel of StRecommendationItem, a
 * StRecommendationRow per item, stacked 6 px apart as a vertical box does:
 * in GTK 4.8 a GtkListView is not measured height-for-width and a
 * GtkListBox measures its rows' width regardless of the height it is
 * given, so either would lay the page out differently. Compact, the cause
 * and the action are in small print (a column of Compare). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_RECOMMENDATION_LIST (st_recommendation_list_get_type ())

G_DECLARE_FINAL_TYPE (StRecommendationList,
                      st_recommendation_list,
                      ST,
                      RECOMMENDATION_LIST,
                      GtkWidget)

gboolean    st_recommendation_list_get_compact (StRecommendationList *self);
void        st_recommendation_list_set_compact (StRecommendationList *self, gboolean compact);
GListModel *st_recommendation_list_get_model (StRecommendationList *self);
void        st_recommendation_list_set_model (StRecommendationList *self, GListModel *model);

G_END_DECLS
