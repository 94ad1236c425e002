/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-heatmap.h: a matrix of values drawn as coloured cells, a row per rank
 * and a column per step or collective (docs/metrics.md 17.4, 17.3). A cell
 * is coloured by how far its value lies from the median of all cells: the
 * series' red above, its blue below, the theme's track colour at the
 * median; an absent value is left empty. Rows and columns that stand out
 * carry a mark at their edge (high or low). When the rows outnumber bands
 * of 3 px, a band shows the value of its rows that lies farthest from the
 * median, so an outlier is never averaged away; hovering names it.
 *
 * Hover tells the cell's row, column and value; the arrows, Page Up/Down,
 * Home and End move a cursor; a click, Enter or Space activates the cell. */
#pragma once

#include "st-chart.h"
#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_HEATMAP (st_heatmap_get_type ())

G_DECLARE_FINAL_TYPE (StHeatmap, st_heatmap, ST, HEATMAP, StChart)

typedef enum
{
  ST_HEATMAP_MARK_NONE,
  ST_HEATMAP_MARK_HIGH,
  ST_HEATMAP_MARK_LOW,
} StHeatmapMark;

GtkWidget *st_heatmap_new (void);
/* @values: @n_rows × @n_cols, row by row, NAN where absent (copied), in
 * @unit. The labels name each row and column (copied; NULL-terminated
 * arrays of @n_rows and @n_cols strings); @column_title names what a column
 * is ("Step"). Clears the marks and the cursor. */
void st_heatmap_set_data (StHeatmap         *self,
                          guint              n_rows,
                          guint              n_cols,
                          const double      *values,
                          StMetricUnit       unit,
                          const char *const *row_labels,
                          const char *const *col_labels,
                          const char        *column_title);
/* The marks of the rows and columns that stand out (StHeatmapMark each;
 * NULL: none). */
void  st_heatmap_set_marks (StHeatmap *self, const guint8 *row_marks, const guint8 *col_marks);
guint st_heatmap_get_n_rows (StHeatmap *self);
guint st_heatmap_get_n_cols (StHeatmap *self);
/* The cell under (@x, @y) in widget coordinates; FALSE outside the cells. */
gboolean st_heatmap_cell_at (StHeatmap *self, double x, double y, guint *row, guint *col);
/* The middle of the pixels that show cell (@row, @col). */
void st_heatmap_cell_center (StHeatmap *self, guint row, guint col, double *x, double *y);
/* What hovering a cell says: "rank 5 · Step 6: 8.20 ms". */
char *st_heatmap_describe (StHeatmap *self, guint row, guint col);
/* The cursor; FALSE while there is none. */
gboolean st_heatmap_get_cursor (StHeatmap *self, guint *row, guint *col);
void     st_heatmap_set_cursor (StHeatmap *self, guint row, guint col);

G_END_DECLS
