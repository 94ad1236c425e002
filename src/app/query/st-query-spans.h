/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-spans.h: what the timeline draws of a query's result
 * (docs/sql.md, "The Query page"): when the result has a `ts` and a `dur`
 * column (through any alias, as a slice id is found), a span per row that
 * holds both, named by its `name` column if it has one; and the slices its
 * rows name (by a slice id column, else by `track_id`, `ts` and `dur`),
 * highlighted on their own tracks. Made on the query's thread. */
#pragma once

#include "st-query-row-item.h"
#include "st-span-track.h"
#include "st-sql-session.h"

G_BEGIN_DECLS

/* The columns a result's spans read, -1 for none. */
typedef struct
{
  int ts;
  int dur;
  int name;
  int track_id;
  int slice_id;
} StQuerySpanColumns;

/* Finds them in @query's columns; FALSE when it has no ts or no dur. */
gboolean st_query_span_columns_find (StQuerySpanColumns *columns, StSqlQuery *query);
/* The spans of @rows (StQueryRowItem; a span's item is its place), NULL
 * when no row holds both a ts and a dur. *@slices gets the slices the
 * rows name, by start (NULL for none); @session answers slice ids. */
StSpanTrack *st_query_spans_new (const StQuerySpanColumns *columns,
                                 GPtrArray                *rows,
                                 StSqlSession             *session,
                                 GArray                  **slices);

G_END_DECLS
