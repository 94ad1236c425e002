/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-row-item.h: a row of a query's result on the Query page
 * (docs/sql.md, "The Query page"): its cells as SQLite gave them, shown
 * as text and compared by value, in SQLite's order of types, for sorting. */
#pragma once

#include "st-sql-session.h"

G_BEGIN_DECLS

#define ST_TYPE_QUERY_ROW_ITEM (st_query_row_item_get_type ())

G_DECLARE_FINAL_TYPE (StQueryRowItem, st_query_row_item, ST, QUERY_ROW_ITEM, GObject)

/* The row @query is on. */
StQueryRowItem *st_query_row_item_new (StSqlQuery *query);
guint           st_query_row_item_get_n_cells (StQueryRowItem *self);
/* Its place in the result, from 0 (whatever the table's sort). */
void  st_query_row_item_set_number (StQueryRowItem *self, guint number);
guint st_query_row_item_get_number (StQueryRowItem *self);
/* The cell as text: NULL for SQL's null. */
const char *st_query_row_item_get_text (StQueryRowItem *self, guint cell);
/* The cell's integer: FALSE when it holds none. */
gboolean st_query_row_item_get_int (StQueryRowItem *self, guint cell, gint64 *value);
/* Whether the cell holds an integer or a real. */
gboolean st_query_row_item_is_number (StQueryRowItem *self, guint cell);
/* Null first, then numbers by value, then text by its bytes, then blobs:
 * SQLite's own order. */
int st_query_row_item_compare (StQueryRowItem *a, StQueryRowItem *b, guint cell);
/* The row's values, "column: value" a line each, titled by @columns
 * (GtkColumnViewColumn, one per cell). */
char *st_query_row_item_describe (StQueryRowItem *self, GListModel *columns);
/* The rows' cells, a tab between cells and a line per row; null as
 * nothing. */
char *st_query_row_item_format_rows (StQueryRowItem **rows, guint n_rows);

G_END_DECLS
