/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet.c: the tables of a Neuron Explorer profile folder and
 * their parts, and the import that reads them in order. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"
#include "st-trace-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* More files than this in a profile folder (or a table's folder) are not
 * looked at: a profile has about fifty tables. */
#define MAX_FILES 4096

static void
part_free (gpointer data)
{
  NpPart *p = data;

  g_object_unref (p->path);
  g_free (p->name);
  g_free (p);
}

static int
compare_parts (gconstpointer a, gconstpointer b)
{
  const NpPart *x = *(NpPart *const *)a, *y = *(NpPart *const *)b;

  if (x->number != y->number)
    return x->number < y->number ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* The number at the end of a part's name ("part-12"), or -1. */
static gint64
trailing_number (const char *stem, gsize len)
{
  gsize   i = len;
  guint64 n;

  while (i > 0 && g_ascii_isdigit (stem[i - 1]))
    i--;
  if (i == len || len - i > 15)
    return -1;
  g_autofree char *digits = g_strndup (stem + i, len - i);
  return g_ascii_string_to_unsigned (digits, 10, 0, G_MAXINT64, &n, NULL) ? (gint64)n : -1;
}

/* "Instruction.parquet" is the table Instruction; "Instruction_3.parquet",
 * "Instruction-3.parquet" and "Instruction.3.parquet" its part 3. */
static char *
table_of_name (const char *name, gint64 *number)
{
  gsize  len;
  gint64 n;

  if (!g_str_has_suffix (name, ".parquet") || strlen (name) == strlen (".parquet"))
    return NULL;
  len = strlen (name) - strlen (".parquet");
  n = trailing_number (name, len);
  *number = -1;
  if (n >= 0)
    {
      gsize digits = 0;

      while (g_ascii_isdigit (name[len - 1 - digits]))
        digits++;
      if (len > digits + 1 && strchr ("_-.", name[len - digits - 1]) != NULL)
        {
          *number = n;
          len -= digits + 1;
        }
    }
  return g_strndup (name, len);
}

static NpTable *
table_for (GHashTable *tables, const char *name)
{
  NpTable *t = g_hash_table_lookup (tables, name);

  if (t == NULL)
    {
      t = g_new0 (NpTable, 1);
      t->name = g_strdup (name);
      t->paths = g_ptr_array_new_with_free_func (part_free);
      g_hash_table_insert (tables, t->name, t);
    }
  return t;
}

static void
table_free (gpointer data)
{
  NpTable *t = data;

  g_ptr_array_unref (t->paths);
  g_free (t->name);
  g_free (t);
}

static void
add_part (GHashTable *tables, const char *table, GFile *path, gint64 number, const char *name)
{
  NpPart *p = g_new0 (NpPart, 1);

  p->path = g_object_ref (path);
  p->number = number;
  p->name = g_strdup (name);
  g_ptr_array_add (table_for (tables, table)->paths, p);
}

/* The parts of a table kept in a folder of its own: its *.parquet files. */
static void
list_table_folder (GHashTable *tables, GFile *folder, const char *table, GCancellable *cancellable)
{
  g_autoptr (GFileEnumerator) e = g_file_enumerate_children (
      folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  GFileInfo *info;
  GFile     *child;
  guint      seen = 0;

  while (e != NULL && seen++ < MAX_FILES
         && g_file_enumerator_iterate (e, &info, &child, cancellable, NULL) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
          && g_str_has_suffix (name, ".parquet"))
        add_part (tables, table, child, trailing_number (name, strlen (name) - strlen (".parquet")),
                  name);
    }
}

/* The folder's tables (name -> NpTable), their parts in order, and the
 * bytes they hold. */
static GHashTable *
list_tables (GFile *folder, GCancellable *cancellable, guint64 *size, GError **error)
{
  g_autoptr (GHashTable) tables = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, table_free);
  g_autoptr (GFileEnumerator) e = NULL;
  GFileInfo                  *info;
  GFile                      *child;
  guint                       seen = 0;

  e = g_file_enumerate_children (folder,
                                 G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE
                                                                "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                 G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (e == NULL)
    return NULL;
  while (seen++ < MAX_FILES && g_file_enumerator_iterate (e, &info, &child, cancellable, NULL)
         && info != NULL)
    {
      const char      *name = g_file_info_get_name (info);
      g_autofree char *table = NULL;
      gint64           number;

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY && np_table_is_known (name))
        list_table_folder (tables, child, name, cancellable);
      else if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
               && (table = table_of_name (name, &number)) != NULL)
        {
          add_part (tables, table, child, number, name);
          *size += g_file_info_get_size (info);
        }
    }
  {
    GHashTableIter iter;
    gpointer       value;

    g_hash_table_iter_init (&iter, tables);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_ptr_array_sort (((NpTable *)value)->paths, compare_parts);
  }
  return g_steal_pointer (&tables);
}

static gboolean
starts_like_parquet (GFile *file, GCancellable *cancellable)
{
  g_autoptr (GFileInputStream) in = g_file_read (file, cancellable, NULL);
  char                         magic[4];
  gsize                        got = 0;

  return in != NULL
         && g_input_stream_read_all (G_INPUT_STREAM (in), magic, sizeof magic, &got, cancellable,
                                     NULL)
         && st_parquet_has_magic (magic, got);
}

/* Whether @folder is a Neuron Explorer profile: it holds a table Strata
 * reads, in Parquet. */
gboolean
st_neuron_parquet_is_profile (GFile *folder, GCancellable *cancellable)
{
  guint64                size = 0;
  g_autoptr (GHashTable) tables = list_tables (folder, cancellable, &size, NULL);
  GHashTableIter         iter;
  gpointer               value;

  if (tables == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, tables);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      NpTable *t = value;

      if (np_table_is_read (t->name) && t->paths->len > 0
          && starts_like_parquet (((NpPart *)g_ptr_array_index (t->paths, 0))->path, cancellable))
        return TRUE;
    }
  return FALSE;
}

/* The profile folder of a Parquet file: its folder, or the folder above
 * when the file is a part kept in a table's own folder; NULL when neither
 * is a Neuron Explorer profile. */
GFile *
st_neuron_parquet_find_folder (GFile *table_file, GCancellable *cancellable)
{
  g_autoptr (GFile) parent = g_file_get_parent (table_file);
  g_autoptr (GFile) above = parent ? g_file_get_parent (parent) : NULL;

  if (parent != NULL && st_neuron_parquet_is_profile (parent, cancellable))
    return g_steal_pointer (&parent);
  if (above != NULL && st_neuron_parquet_is_profile (above, cancellable))
    return g_steal_pointer (&above);
  return NULL;
}

static void
note_unknown_tables (StNeuronParquet *self)
{
  GHashTableIter iter;
  gpointer       key;

  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!np_table_is_known (key))
      g_ptr_array_add (self->unknown_tables, g_strdup (key));
  g_ptr_array_sort (self->unknown_tables, (GCompareFunc)g_strcmp0);
}

/* Finds the tables of @folder; the text the import writes goes into a
 * spool, the source of the trace. */
StNeuronParquet *
st_neuron_parquet_open (GFile        *folder,
                        const char   *display_name,
                        GCancellable *cancellable,
                        GError      **error)
{
  g_autoptr (StNeuronParquet) self = g_new0 (StNeuronParquet, 1);
  StSpool                    *spool;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  self->folder = g_object_ref (folder);
  self->display_name = g_strdup (display_name);
  self->unknown_tables = g_ptr_array_new_with_free_func (g_free);
  self->cannot_read = g_ptr_array_new_with_free_func (g_free);
  self->unknown_fields = g_ptr_array_new_with_free_func (g_free);
  self->cores = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->last_core_pid = ST_STRING_NONE;
  self->empty_args = G_MAXUINT64;
  self->routes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->tables = list_tables (folder, cancellable, &self->disk_size, error);
  if (self->tables == NULL)
    return NULL;
  note_unknown_tables (self);
  spool = st_spool_new (display_name, error);
  if (spool == NULL)
    return NULL;
  self->spool = spool;
  self->source = st_source_new_for_spool (display_name, spool, self->disk_size);
  return g_steal_pointer (&self);
}

void
st_neuron_parquet_free (StNeuronParquet *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->folder);
  g_free (self->display_name);
  g_clear_pointer (&self->tables, g_hash_table_unref);
  g_clear_pointer (&self->unknown_tables, g_ptr_array_unref);
  g_clear_pointer (&self->cannot_read, g_ptr_array_unref);
  g_clear_pointer (&self->unknown_fields, g_ptr_array_unref);
  g_clear_pointer (&self->cores, g_hash_table_unref);
  g_clear_pointer (&self->routes, g_hash_table_unref);
  g_clear_pointer (&self->source, st_source_unref);
  g_clear_error (&self->write_error);
  g_free (self->version);
  g_free (self);
}

/* The trace's text: the rows' fields and the metadata, as JSON. */
StSource *
st_neuron_parquet_get_source (StNeuronParquet *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->source;
}

static guint64
rows_to_read (StNeuronParquet *self)
{
  GHashTableIter iter;
  gpointer       key;
  guint64        rows = 0;

  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (np_table_is_read (key))
      rows += np_table_rows (self, key);
  return rows;
}

static gboolean
read_tables (StNeuronParquet *self, StTraceBuilder *builder, GError **error)
{
  return np_read_metadata (self, builder, error) && np_read_summary (self, builder, error)
         && np_read_warnings (self, error) && np_read_routes (self, error)
         && np_read_instructions (self, error) && np_read_dma (self, error)
         && np_read_active_time (self, error) && np_read_series (self, error);
}

/* Reads the tables into @builder, whose source is this profile's. */
gboolean
st_neuron_parquet_import (StNeuronParquet *self,
                          StTraceBuilder  *builder,
                          GCancellable    *cancellable,
                          StImportProgress progress,
                          gpointer         progress_data,
                          GError         **error)
{
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);

  st_neuron_sink_init (&self->sink, st_trace_builder_add_shard (builder));
  self->cancellable = cancellable;
  self->progress = progress;
  self->progress_data = progress_data;
  self->rows_total = rows_to_read (self);
  ok = read_tables (self, builder, error);
  if (ok && self->rows_made == 0 && !self->has_summary)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: this Neuron Explorer profile holds no instructions, DMA transfers, time "
                      "series or summary metrics."),
                   self->display_name);
      ok = FALSE;
    }
  if (ok)
    {
      st_neuron_sink_build_layers (&self->sink);
      np_warn_schema (self);
      ok = np_flush (self, TRUE, error);
      st_trace_builder_set_flavor (builder, "device-profile");
    }
  st_neuron_sink_clear (&self->sink);
  if (ok && progress != NULL)
    progress (1.0, progress_data);
  return ok;
}
