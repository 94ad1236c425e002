/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-batch.c: a table read a row group at a time, its
 * values, and a row's fields written as JSON text. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"
#include "st-trace-error.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Progress is said and cancellation looked at once per this many rows. */
#define CHECK_ROWS 65536

void
np_string_free (gpointer data)
{
  g_string_free (data, TRUE);
}

static gboolean
kind_matches (const StParquetColumnInfo *info, NpKind kind)
{
  switch (kind)
    {
    case NP_INT: return info->values == ST_PARQUET_VALUES_INT;
    case NP_NUM:
      return info->values == ST_PARQUET_VALUES_INT || info->values == ST_PARQUET_VALUES_DOUBLE;
    case NP_TEXT:
    default: return info->values == ST_PARQUET_VALUES_BYTES;
    }
}

/* Each field's column in the part; FALSE when a field the table needs is
 * missing or of another kind (noted: the table is not read). */
static gboolean
resolve (NpBatch *b)
{
  for (guint i = 0; i < b->n_fields; i++)
    {
      const NpField             *f = &b->fields[i];
      gint                       c = st_parquet_file_find_column (b->file, f->name);
      const StParquetColumnInfo *info = c >= 0 ? st_parquet_file_get_column (b->file, c) : NULL;

      b->index[i] = -1;
      if (info == NULL)
        {
          if (f->need != NP_OPTIONAL)
            np_cannot_read (b->np, b->table, f->name,
                            f->need == NP_NEEDED ? N_ ("missing, so the table was not read")
                                                 : N_ ("missing"));
          if (f->need == NP_NEEDED)
            return FALSE;
          continue;
        }
      if (!kind_matches (info, f->kind))
        {
          np_cannot_read (b->np, b->table, f->name,
                          f->need == NP_NEEDED ? N_ ("of another type, so the table was not read")
                                               : N_ ("of another type"));
          if (f->need == NP_NEEDED)
            return FALSE;
          continue;
        }
      b->index[i] = c;
      b->info[i] = info;
    }
  return TRUE;
}

static void
clear_columns (NpBatch *b)
{
  for (guint i = 0; i < b->n_fields; i++)
    {
      g_clear_pointer (&b->col[i], st_parquet_column_free);
      g_clear_pointer (&b->ids[i], g_free);
    }
}

static gboolean
read_columns (NpBatch *b, guint group, GError **error)
{
  for (guint i = 0; i < b->n_fields; i++)
    {
      if (b->index[i] < 0)
        continue;
      b->col[i] = st_parquet_file_read (b->file, group, b->index[i], error);
      if (b->col[i] == NULL)
        return FALSE;
      if (b->col[i]->values == ST_PARQUET_VALUES_BYTES)
        {
          b->ids[i] = g_new (StStringId, MAX (b->col[i]->n_entries, 1));
          memset (b->ids[i], 0xff, MAX (b->col[i]->n_entries, 1) * sizeof (StStringId));
        }
    }
  b->n_rows = st_parquet_file_get_row_group_rows (b->file, group);
  return TRUE;
}

static gboolean
report (StNeuronParquet *np, guint64 rows, GError **error)
{
  guint64 before = np->rows_read;

  np->rows_read += rows;
  if (np->progress != NULL && np->rows_total > 0
      && before / CHECK_ROWS != np->rows_read / CHECK_ROWS)
    np->progress (MIN (1.0, (double)np->rows_read / np->rows_total), np->progress_data);
  return !g_cancellable_set_error_if_cancelled (np->cancellable, error);
}

static StParquetFile *
open_part (StNeuronParquet *np, GFile *path, GError **error)
{
  g_autofree char *name = g_file_get_parse_name (path);

  return st_parquet_file_open (path, name, np->cancellable, error);
}

static gboolean
read_part (NpBatch *b, NpRowsFunc func, gpointer data, GError **error)
{
  guint n_groups = st_parquet_file_get_n_row_groups (b->file);

  np_check_fields (b);
  for (guint g = 0; g < n_groups; g++)
    {
      gboolean ok = read_columns (b, g, error);

      if (ok)
        {
          np_start_args (b);
          ok = func (b, data, error);
          np_finish_args (b);
          ok = ok && np_flush (b->np, FALSE, error) && report (b->np, b->n_rows, error);
          b->np->sink.shard->counts.events += b->n_rows;
        }
      clear_columns (b);
      if (!ok)
        return FALSE;
      b->first_row += b->n_rows;
    }
  return TRUE;
}

/* Reads @table, every part and row group in order, handing each row group
 * to @func with the columns of @fields that the part has. A table that
 * lacks a field it needs is left out (and noted), not an error. */
gboolean
np_read_table (StNeuronParquet *np,
               const char      *table,
               const NpField   *fields,
               guint            n_fields,
               NpRowsFunc       func,
               gpointer         data,
               GError         **error)
{
  NpTable              *t = g_hash_table_lookup (np->tables, table);
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (np_string_free);

  g_assert (n_fields <= NP_MAX_FIELDS);
  if (t == NULL)
    return TRUE;
  /* Each field's `"name":`, written once here rather than per row. */
  for (guint i = 0; i < n_fields; i++)
    {
      GString *key = g_string_sized_new (64); /* read a fixed 32 bytes at a time */

      np_append_json_string (key, fields[i].name, strlen (fields[i].name));
      g_string_append_c (key, ':');
      g_ptr_array_add (keys, key);
    }
  for (guint p = 0; p < t->paths->len; p++)
    {
      GFile                    *path = ((NpPart *)g_ptr_array_index (t->paths, p))->path;
      g_autoptr (StParquetFile) file = open_part (np, path, error);
      g_autofree char          *base = g_file_get_basename (path);
      NpBatch                   b = { np, table, file, base, fields, n_fields };

      if (file == NULL)
        return FALSE;
      memcpy (b.keys, keys->pdata, n_fields * sizeof (GString *));
      if (!resolve (&b))
        return TRUE;
      if (!read_part (&b, func, data, error))
        return FALSE;
    }
  return TRUE;
}

/* The rows of @table over its parts, from their footers. */
guint64
np_table_rows (StNeuronParquet *np, const char *table)
{
  NpTable *t = g_hash_table_lookup (np->tables, table);
  guint64  rows = 0;

  for (guint p = 0; t != NULL && p < t->paths->len; p++)
    {
      g_autoptr (StParquetFile) file
          = open_part (np, ((NpPart *)g_ptr_array_index (t->paths, p))->path, NULL);

      if (file != NULL)
        rows += st_parquet_file_get_n_rows (file);
    }
  return rows;
}

gboolean
np_int (const NpBatch *b, guint field, guint64 row, gint64 *out)
{
  const StParquetColumn *c = b->col[field];

  if (c == NULL || st_parquet_column_is_null (c, row))
    return FALSE;
  if (c->values == ST_PARQUET_VALUES_INT)
    *out = c->ints[row];
  else if (c->values == ST_PARQUET_VALUES_DOUBLE && c->doubles[row] > -9e18
           && c->doubles[row] < 9e18)
    *out = (gint64)c->doubles[row];
  else
    return FALSE;
  return TRUE;
}

/* The number a FLOAT was written as: the shortest decimal that reads back
 * as the same float, 1.4 rather than its double's 1.39999997615814. */
static double
float_value (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (v))
    return v;
  for (guint digits = 6; digits <= 9; digits++)
    {
      double back = g_ascii_strtod (g_ascii_formatd (buf, sizeof buf,
                                                     digits == 6   ? "%.6g"
                                                     : digits == 7 ? "%.7g"
                                                     : digits == 8 ? "%.8g"
                                                                   : "%.9g",
                                                     v),
                                    NULL);

      if ((float)back == (float)v)
        return back;
    }
  return v;
}

gboolean
np_num (const NpBatch *b, guint field, guint64 row, double *out)
{
  const StParquetColumn *c = b->col[field];

  if (c == NULL || st_parquet_column_is_null (c, row))
    return FALSE;
  if (c->values == ST_PARQUET_VALUES_INT)
    *out = (double)c->ints[row];
  else if (c->values == ST_PARQUET_VALUES_DOUBLE)
    *out = st_parquet_file_get_column (b->file, b->index[field])->is_float
               ? float_value (c->doubles[row])
               : c->doubles[row];
  else
    return FALSE;
  return TRUE;
}

const StParquetBytes *
np_text (const NpBatch *b, guint field, guint64 row)
{
  const StParquetColumn *c = b->col[field];

  if (c == NULL || c->values != ST_PARQUET_VALUES_BYTES || st_parquet_column_is_null (c, row))
    return NULL;
  return st_parquet_column_bytes (c, row);
}

/* The text of @field at @row, interned once per distinct value of the row
 * group; ST_STRING_NONE when null or absent. */
StStringId
np_id (NpBatch *b, guint field, guint64 row)
{
  const StParquetBytes *text = np_text (b, field, row);
  guint32               entry;

  if (text == NULL)
    return ST_STRING_NONE;
  entry = b->col[field]->index[row];
  if (b->ids[field][entry] == ST_STRING_NONE)
    b->ids[field][entry] = st_neuron_sink_intern (&b->np->sink, G_MAXUINT64, text->data, text->len);
  return b->ids[field][entry];
}

/* Where a row is, for a warning: "Instruction.parquet, row 12". */
char *
np_place (const NpBatch *b, guint64 row)
{
  g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, b->first_row + row + 1);

  return g_strdup_printf (_ ("%s, row %s"), b->file_name, number);
}

/* The process of the row's NeuronCore (docs/formats-neuron-parquet.md). */
StStringId
np_core (StNeuronParquet *np, const NpBatch *b, guint field, guint64 row)
{
  gint64     pcore = 0, core;
  gpointer   id;
  char       text[32];
  StStringId pid;

  np_int (b, field, row, &pcore);
  core = np->core_base + pcore;
  if (np->last_core_pid != ST_STRING_NONE && core == np->last_core)
    return np->last_core_pid;
  np->last_core = core;
  id = g_hash_table_lookup (np->cores, &core);
  if (id != NULL)
    return np->last_core_pid = GPOINTER_TO_UINT (id) - 1;
  g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, core);
  pid = st_neuron_sink_literal (&np->sink, text);
  st_neuron_sink_note_core (&np->sink, pid);
  g_hash_table_insert (np->cores, g_memdup2 (&core, sizeof core), GUINT_TO_POINTER (pid + 1));
  return np->last_core_pid = pid;
}

/* The fields of @table: @fields[0, @n_fixed) as given, then every other
 * flat column of its first part that is a number (or text, when @text),
 * named in @names. How many there are; 0 when the table is absent. */
guint
np_table_fields (StNeuronParquet *np,
                 const char      *table,
                 NpField         *fields,
                 guint            n_fixed,
                 gboolean         text,
                 GPtrArray       *names)
{
  NpTable                  *t = g_hash_table_lookup (np->tables, table);
  g_autoptr (StParquetFile) file = NULL;
  guint                     n = n_fixed;

  if (t == NULL)
    return 0;
  file = open_part (np, ((NpPart *)g_ptr_array_index (t->paths, 0))->path, NULL);
  for (guint c = 0; file != NULL && c < st_parquet_file_get_n_columns (file) && n < NP_MAX_FIELDS;
       c++)
    {
      const StParquetColumnInfo *info = st_parquet_file_get_column (file, c);
      gboolean                   fixed = FALSE;

      for (guint f = 0; f < n_fixed; f++)
        fixed |= g_str_equal (fields[f].name, info->name);
      if (fixed || !info->flat || info->values == ST_PARQUET_VALUES_NONE
          || (info->values == ST_PARQUET_VALUES_BYTES && !text))
        continue;
      g_ptr_array_add (names, g_strdup (info->name));
      fields[n++]
          = (NpField){ g_ptr_array_index (names, names->len - 1),
                       info->values == ST_PARQUET_VALUES_BYTES ? NP_TEXT : NP_NUM, NP_OPTIONAL };
    }
  return n;
}
