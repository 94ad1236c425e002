/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-file.c: a Parquet file, mapped, and its footer.
 *
 * The layout: "PAR1", the column chunks, the FileMetaData (Thrift compact
 * protocol), its length as 4 bytes little-endian, "PAR1".
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-parquet-private.h"
#include "st-trace-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define MAGIC     "PAR1"
#define MAGIC_LEN 4

/* Whether @data starts like a Parquet file. */
gboolean
st_parquet_has_magic (const char *data, gsize len)
{
  return len >= MAGIC_LEN && memcmp (data, MAGIC, MAGIC_LEN) == 0;
}

/* One line for a damaged file: its name, the byte, what was wrong. */
gboolean
st_parquet_damaged (StParquetFile *self, guint64 at, const char *what, GError **error)
{
  g_autofree char *byte = g_strdup_printf ("%" G_GUINT64_FORMAT, at);

  g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_DAMAGED,
               _ ("%s: byte %s: the Parquet file is damaged: %s."), self->display_name, byte,
               _ (what));
  return FALSE;
}

static StParquetFile *
file_new (const char *display_name)
{
  StParquetFile *self = g_new0 (StParquetFile, 1);

  self->display_name = g_strdup (display_name);
  self->leaves = g_array_new (FALSE, TRUE, sizeof (StParquetLeaf));
  return self;
}

static gboolean
read_footer (StParquetFile *self, GError **error)
{
  guint32 meta_len;

  if (self->size < MAGIC_LEN || memcmp (self->data, MAGIC, MAGIC_LEN) != 0)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_DAMAGED,
                   _ ("%s: this is not a Parquet file: it does not start with “PAR1”."),
                   self->display_name);
      return FALSE;
    }
  if (self->size < 2 * MAGIC_LEN + 4
      || memcmp (self->data + self->size - MAGIC_LEN, MAGIC, MAGIC_LEN) != 0)
    return st_parquet_damaged (self, self->size,
                               N_ ("it does not end with “PAR1”: it was cut short or is still "
                                   "being written"),
                               error);
  memcpy (&meta_len, self->data + self->size - MAGIC_LEN - 4, 4);
  meta_len = GUINT32_FROM_LE (meta_len);
  if (meta_len > self->size - 2 * MAGIC_LEN - 4)
    return st_parquet_damaged (self, self->size - MAGIC_LEN - 4,
                               N_ ("the footer's length is larger than the file"), error);
  return st_parquet_read_metadata (self, self->data + self->size - MAGIC_LEN - 4 - meta_len,
                                   meta_len, error);
}

/* Opens @file, mapped, and reads its footer. */
StParquetFile *
st_parquet_file_open (GFile        *file,
                      const char   *display_name,
                      GCancellable *cancellable,
                      GError      **error)
{
  g_autoptr (StParquetFile) self = NULL;
  StSource                 *source;
  gboolean                  complete = FALSE;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  source = st_source_open (file, display_name, cancellable, error);
  if (source == NULL)
    return NULL;
  self = file_new (display_name);
  self->source = source;
  /* A file that is not local is spooled: wait for all of it. */
  while (!complete && !g_cancellable_is_cancelled (cancellable))
    st_source_wait (source, st_source_get_size (source), &complete);
  if (g_cancellable_set_error_if_cancelled (cancellable, error)
      || !st_source_finish (source, error))
    return NULL;
  self->data = (const guint8 *)st_source_get_data (source);
  self->size = st_source_get_size (source);
  if (!read_footer (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* Reads the footer of @size bytes at @data, which the caller keeps alive
 * for the life of the file. */
StParquetFile *
st_parquet_file_new_for_data (const char *display_name,
                              const char *data,
                              gsize       size,
                              GError    **error)
{
  g_autoptr (StParquetFile) self = file_new (display_name);

  self->data = (const guint8 *)data;
  self->size = size;
  if (!read_footer (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

void
st_parquet_file_free (StParquetFile *self)
{
  if (self == NULL)
    return;
  st_parquet_metadata_clear (self);
  g_array_unref (self->leaves);
  g_clear_pointer (&self->source, st_source_unref);
  g_free (self->display_name);
  g_free (self->created_by);
  g_free (self);
}

const char *
st_parquet_file_get_display_name (StParquetFile *self)
{
  return self->display_name;
}

/* The writer, as it names itself ("DuckDB version v1.5.6"), or NULL. */
const char *
st_parquet_file_get_created_by (StParquetFile *self)
{
  return self->created_by;
}

guint64
st_parquet_file_get_size (StParquetFile *self)
{
  return self->size;
}

guint64
st_parquet_file_get_n_rows (StParquetFile *self)
{
  guint64 n = 0;

  for (guint g = 0; g < self->n_groups; g++)
    n += (guint64)self->groups[g].num_rows;
  return n;
}

guint
st_parquet_file_get_n_row_groups (StParquetFile *self)
{
  return self->n_groups;
}

guint64
st_parquet_file_get_row_group_rows (StParquetFile *self, guint group)
{
  g_return_val_if_fail (group < self->n_groups, 0);
  return (guint64)self->groups[group].num_rows;
}

guint
st_parquet_file_get_n_columns (StParquetFile *self)
{
  return self->leaves->len;
}

const StParquetColumnInfo *
st_parquet_file_get_column (StParquetFile *self, guint column)
{
  g_return_val_if_fail (column < self->leaves->len, NULL);
  return &g_array_index (self->leaves, StParquetLeaf, column).info;
}

/* The top-level column @name, or -1. */
gint
st_parquet_file_find_column (StParquetFile *self, const char *name)
{
  for (guint i = 0; i < self->leaves->len; i++)
    {
      const StParquetLeaf *leaf = &g_array_index (self->leaves, StParquetLeaf, i);

      if (leaf->info.flat && g_str_equal (leaf->name, name))
        return (gint)i;
    }
  return -1;
}

/* Column @column of row group @group, all of its rows. */
StParquetColumn *
st_parquet_file_read (StParquetFile *self, guint group, guint column, GError **error)
{
  g_return_val_if_fail (group < self->n_groups, NULL);
  g_return_val_if_fail (column < self->leaves->len, NULL);
  return st_parquet_read_chunk (self, group, column, error);
}

void
st_parquet_column_free (StParquetColumn *column)
{
  if (column == NULL)
    return;
  g_free (column->nulls);
  g_free (column->ints);
  g_free (column->doubles);
  g_free (column->index);
  g_free (column->entries);
  if (column->buffers != NULL)
    g_ptr_array_unref (column->buffers);
  g_free (column);
}
