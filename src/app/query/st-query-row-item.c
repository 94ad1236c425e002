/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-row-item.c: a row of a query's result. Each cell keeps its
 * value and its text, made once on the worker thread that read the row,
 * so that drawing and sorting a long result read no SQLite. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-query-row-item.h"

#include "st-format.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

typedef struct
{
  StSqlType type;
  gint64    i;
  double    d;
  char     *text; /* NULL for null */
  gsize     size; /* a text's or a blob's bytes */
} Cell;

struct _StQueryRowItem
{
  GObject parent_instance;
  guint   n_cells;
  Cell   *cells;
  guint   number; /* its place in the result */
};

G_DEFINE_FINAL_TYPE (StQueryRowItem, st_query_row_item, G_TYPE_OBJECT)

static void
st_query_row_item_finalize (GObject *object)
{
  StQueryRowItem *self = ST_QUERY_ROW_ITEM (object);

  for (guint c = 0; c < self->n_cells; c++)
    g_free (self->cells[c].text);
  g_free (self->cells);
  G_OBJECT_CLASS (st_query_row_item_parent_class)->finalize (object);
}

static void
st_query_row_item_class_init (StQueryRowItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_query_row_item_finalize;
}

static void
st_query_row_item_init (StQueryRowItem *self)
{
}

static void
read_cell (Cell *cell, StSqlQuery *query, guint column)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  cell->type = st_sql_query_get_value_type (query, column);
  switch (cell->type)
    {
    case ST_SQL_NULL: break;
    case ST_SQL_INTEGER:
      cell->i = st_sql_query_get_int (query, column);
      cell->d = (double)cell->i;
      cell->text = g_strdup_printf ("%" G_GINT64_FORMAT, cell->i);
      break;
    case ST_SQL_REAL:
      cell->d = st_sql_query_get_double (query, column);
      cell->text = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.15g", cell->d));
      break;
    case ST_SQL_TEXT:
      cell->text = g_strdup (st_sql_query_get_text (query, column, &cell->size));
      break;
    case ST_SQL_BLOB:
      {
        g_autofree char *size = NULL;

        st_sql_query_get_blob (query, column, &cell->size);
        size = st_format_count (cell->size);
        /* Translators: a cell of a query's result that holds bytes, not
         * text: their number */
        cell->text = g_strdup_printf (_ ("(%s bytes)"), size);
      }
      break;
    default: g_assert_not_reached ();
    }
}

StQueryRowItem *
st_query_row_item_new (StSqlQuery *query)
{
  StQueryRowItem *self;

  g_return_val_if_fail (query != NULL, NULL);

  self = g_object_new (ST_TYPE_QUERY_ROW_ITEM, NULL);
  self->n_cells = st_sql_query_get_n_columns (query);
  self->cells = g_new0 (Cell, self->n_cells);
  for (guint c = 0; c < self->n_cells; c++)
    read_cell (&self->cells[c], query, c);
  return self;
}

guint
st_query_row_item_get_n_cells (StQueryRowItem *self)
{
  g_return_val_if_fail (ST_IS_QUERY_ROW_ITEM (self), 0);
  return self->n_cells;
}

const char *
st_query_row_item_get_text (StQueryRowItem *self, guint cell)
{
  g_return_val_if_fail (ST_IS_QUERY_ROW_ITEM (self), NULL);
  g_return_val_if_fail (cell < self->n_cells, NULL);
  return self->cells[cell].text;
}

gboolean
st_query_row_item_get_int (StQueryRowItem *self, guint cell, gint64 *value)
{
  g_return_val_if_fail (ST_IS_QUERY_ROW_ITEM (self), FALSE);

  if (cell >= self->n_cells || self->cells[cell].type != ST_SQL_INTEGER)
    return FALSE;
  *value = self->cells[cell].i;
  return TRUE;
}

gboolean
st_query_row_item_is_number (StQueryRowItem *self, guint cell)
{
  g_return_val_if_fail (ST_IS_QUERY_ROW_ITEM (self), FALSE);

  return cell < self->n_cells
         && (self->cells[cell].type == ST_SQL_INTEGER || self->cells[cell].type == ST_SQL_REAL);
}

/* Null, numbers, text, blobs. */
static int
type_rank (StSqlType type)
{
  switch (type)
    {
    case ST_SQL_NULL: return 0;
    case ST_SQL_INTEGER:
    case ST_SQL_REAL: return 1;
    case ST_SQL_TEXT: return 2;
    default: return 3;
    }
}

int
st_query_row_item_compare (StQueryRowItem *a, StQueryRowItem *b, guint cell)
{
  const Cell *x, *y;
  int         rx, ry;

  g_return_val_if_fail (cell < a->n_cells && cell < b->n_cells, 0);

  x = &a->cells[cell];
  y = &b->cells[cell];
  rx = type_rank (x->type);
  ry = type_rank (y->type);
  if (rx != ry)
    return rx < ry ? -1 : 1;
  if (rx == 1 && x->type == ST_SQL_INTEGER && y->type == ST_SQL_INTEGER)
    return x->i < y->i ? -1 : x->i > y->i;
  if (rx == 1)
    return x->d < y->d ? -1 : x->d > y->d;
  if (rx == 2)
    return g_strcmp0 (x->text, y->text);
  return x->size < y->size ? -1 : x->size > y->size;
}

char *
st_query_row_item_format_rows (StQueryRowItem **rows, guint n_rows)
{
  GString *out = g_string_new (NULL);

  for (guint r = 0; r < n_rows; r++)
    {
      for (guint c = 0; c < rows[r]->n_cells; c++)
        {
          if (c > 0)
            g_string_append_c (out, '\t');
          /* a tab or a line break inside a cell would split it */
          for (const char *t = rows[r]->cells[c].text; t != NULL && *t != '\0'; t++)
            g_string_append_c (out, *t == '\t' || *t == '\n' || *t == '\r' ? ' ' : *t);
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

void
st_query_row_item_set_number (StQueryRowItem *self, guint number)
{
  g_return_if_fail (ST_IS_QUERY_ROW_ITEM (self));
  self->number = number;
}

guint
st_query_row_item_get_number (StQueryRowItem *self)
{
  g_return_val_if_fail (ST_IS_QUERY_ROW_ITEM (self), 0);
  return self->number;
}

/* The row's values, "column: value" a line each, the columns' titles
 * read from @columns (GtkColumnViewColumn, one per cell); null as NULL. */
char *
st_query_row_item_describe (StQueryRowItem *self, GListModel *columns)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (ST_IS_QUERY_ROW_ITEM (self), NULL);
  for (guint c = 0; c < self->n_cells; c++)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
      const char                     *value = self->cells[c].text;

      g_string_append_printf (text, "%s%s: %s", c > 0 ? "\n" : "",
                              column ? gtk_column_view_column_get_title (column) : "",
                              value != NULL ? value : "NULL");
    }
  return g_string_free (text, FALSE);
}
