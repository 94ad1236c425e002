/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-metric-table.h: a table of summary metrics, a row per metric: its
 * title (the tooltip says what it means and how it is computed), its
 * value in one column per summary, so regions compared side by side line
 * up row by row with the best and worst marked, and for a percentage what
 * it is of ("of device time", docs/metrics.md 2.2). A metric the profile lacks
 * reads "not in this profile", never 0. */
#pragma once

#include <gtk/gtk.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_METRIC_TABLE (st_metric_table_get_type ())

G_DECLARE_FINAL_TYPE (StMetricTable, st_metric_table, ST, METRIC_TABLE, GtkWidget)

GtkWidget *st_metric_table_new (void);
/* @ids: the metric ids, in row order; @summaries: one value column each;
 * @column_titles: a header per column when there are several, or NULL. */
void  st_metric_table_set_metrics (StMetricTable     *self,
                                   const char *const *ids,
                                   guint              n_ids,
                                   StSummary        **summaries,
                                   guint              n_summaries,
                                   const char *const *column_titles);
guint st_metric_table_get_n_rows (StMetricTable *self);
/* What the table shows for @id in @column, or NULL when it has no such row. */
const char *st_metric_table_get_value_text (StMetricTable *self, const char *id, guint column);
/* What the percentage of row @id is of, as written after its values
 * ("of device time"); NULL when it is no percentage or has no such row. */
const char *st_metric_table_get_denominator_text (StMetricTable *self, const char *id);

G_END_DECLS
