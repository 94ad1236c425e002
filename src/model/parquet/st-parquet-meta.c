/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-meta.c: the footer's FileMetaData: the schema as a list of
 * leaf columns, and each row group's column chunks.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-parquet-private.h"
#include "st-thrift.h"

#include <glib/gi18n-lib.h>
#include <string.h>

enum
{
  REQUIRED = 0,
  OPTIONAL = 1,
  REPEATED = 2,
};

typedef struct
{
  const char *name;
  gsize       name_len;
  gint32      type; /* -1: a group */
  gint32      repetition;
  gint32      num_children;
  gint32      type_length;
} Element;

static gboolean
read_element (StThrift *t, Element *e)
{
  gint16        last = 0;
  StThriftField f;

  *e = (Element){ "", 0, -1, REQUIRED, 0, 0 };
  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean ok = TRUE;

      switch (f.id)
        {
        case 1: ok = st_thrift_i32 (t, &f, &e->type); break;
        case 2: ok = st_thrift_i32 (t, &f, &e->type_length); break;
        case 3: ok = st_thrift_i32 (t, &f, &e->repetition); break;
        case 4: ok = st_thrift_binary (t, &f, &e->name, &e->name_len); break;
        case 5: ok = st_thrift_i32 (t, &f, &e->num_children); break;
        default: ok = st_thrift_skip (t, f.type);
        }
      if (!ok)
        break;
    }
  st_thrift_struct_end (t);
  return t->error == NULL;
}

static StParquetValues
values_of (gint32 type)
{
  switch (type)
    {
    case ST_PARQUET_BOOLEAN:
    case ST_PARQUET_INT32:
    case ST_PARQUET_INT64: return ST_PARQUET_VALUES_INT;
    case ST_PARQUET_FLOAT:
    case ST_PARQUET_DOUBLE: return ST_PARQUET_VALUES_DOUBLE;
    case ST_PARQUET_BYTE_ARRAY: return ST_PARQUET_VALUES_BYTES;
    default: return ST_PARQUET_VALUES_NONE;
    }
}

typedef struct
{
  StThrift      *t;
  const Element *elements;
  guint          n;
  guint          next;
  GArray        *leaves;
} Walk;

static void
add_leaf (Walk *w, const Element *e, const char *path, guint def, guint rep, guint depth)
{
  StParquetLeaf leaf = { { 0 } };

  leaf.name = g_strdup (path);
  leaf.info.name = leaf.name;
  leaf.type_length = e->type_length;
  leaf.max_def = def;
  leaf.max_rep = rep;
  leaf.info.type = e->type;
  leaf.info.values = values_of (e->type);
  leaf.info.optional = def > 0;
  leaf.info.flat = depth == 1 && rep == 0;
  leaf.info.is_bool = e->type == ST_PARQUET_BOOLEAN;
  leaf.info.is_float = e->type == ST_PARQUET_FLOAT;
  g_array_append_val (w->leaves, leaf);
}

/* The @count children of a group, depth first: the leaves in the order of
 * the column chunks. */
static gboolean
walk_children (Walk *w, gint32 count, const char *prefix, guint def, guint rep, guint depth)
{
  if (depth > ST_THRIFT_MAX_DEPTH)
    return st_thrift_fail (w->t, N_ ("the schema nests deeper than Strata follows"));
  for (gint32 c = 0; c < count; c++)
    {
      const Element   *e;
      g_autofree char *name = NULL, *path = NULL;
      guint            d, r;

      if (w->next >= w->n)
        return st_thrift_fail (w->t, N_ ("the schema has fewer columns than its groups say"));
      e = &w->elements[w->next++];
      name = g_strndup (e->name, e->name_len);
      path = *prefix ? g_strconcat (prefix, ".", name, NULL) : g_strdup (name);
      d = def + (e->repetition == OPTIONAL);
      r = rep + (e->repetition == REPEATED);
      if (e->num_children < 0)
        return st_thrift_fail (w->t, N_ ("a group of the schema has a negative number of "
                                         "columns"));
      if (e->num_children > 0 || e->type < 0)
        {
          if (!walk_children (w, e->num_children, path, d, r, depth + 1))
            return FALSE;
        }
      else
        add_leaf (w, e, path, d, r, depth);
    }
  return TRUE;
}

static gboolean
read_schema (StParquetFile *self, StThrift *t, const StThriftField *f)
{
  g_autoptr (GArray) elements = g_array_new (FALSE, TRUE, sizeof (Element));
  guint8             elem;
  guint32            count;
  Walk               w;

  if (!st_thrift_list_begin (t, f, &elem, &count))
    return FALSE;
  if (elem != ST_THRIFT_STRUCT)
    return st_thrift_fail (t, N_ ("the schema is not a list of elements"));
  g_array_set_size (elements, count);
  for (guint32 i = 0; i < count; i++)
    if (!read_element (t, &g_array_index (elements, Element, i)))
      return FALSE;
  if (count == 0)
    return st_thrift_fail (t, N_ ("the schema is empty"));
  w = (Walk){ t, (const Element *)(void *)elements->data, count, 1, self->leaves };
  if (!walk_children (&w, g_array_index (elements, Element, 0).num_children, "", 0, 0, 1))
    return FALSE;
  if (w.next != count)
    return st_thrift_fail (t, N_ ("the schema has more columns than its groups say"));
  return TRUE;
}

static gboolean
read_column_meta (StThrift *t, StParquetChunk *c)
{
  gint16        last = 0;
  StThriftField f;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean ok;

      switch (f.id)
        {
        case 1: ok = st_thrift_i32 (t, &f, &c->type); break;
        case 4: ok = st_thrift_i32 (t, &f, &c->codec); break;
        case 5: ok = st_thrift_i64 (t, &f, &c->num_values); break;
        case 7: ok = st_thrift_i64 (t, &f, &c->total_compressed_size); break;
        case 9: ok = st_thrift_i64 (t, &f, &c->data_page_offset); break;
        case 11: ok = st_thrift_i64 (t, &f, &c->dictionary_page_offset); break;
        default: ok = st_thrift_skip (t, f.type);
        }
      if (!ok)
        break;
    }
  st_thrift_struct_end (t);
  return t->error == NULL;
}

static gboolean
read_chunk (StThrift *t, StParquetChunk *c)
{
  gint16        last = 0;
  StThriftField f;
  gboolean      has_meta = FALSE;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean    ok;
      const char *path;
      gsize       len;

      if (f.id == 1 && f.type == ST_THRIFT_BINARY)
        {
          ok = st_thrift_binary (t, &f, &path, &len);
          c->external = len > 0;
        }
      else if (f.id == 3 && f.type == ST_THRIFT_STRUCT)
        ok = has_meta = read_column_meta (t, c);
      else
        ok = st_thrift_skip (t, f.type);
      if (!ok)
        break;
    }
  st_thrift_struct_end (t);
  if (t->error == NULL && !has_meta)
    return st_thrift_fail (t, N_ ("a column chunk has no metadata"));
  return t->error == NULL;
}

static gboolean
read_row_group (StParquetFile *self, StThrift *t, StParquetRowGroup *g)
{
  gint16        last = 0;
  StThriftField f;
  guint         n_leaves = self->leaves->len;
  gboolean      has_columns = FALSE;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean ok = TRUE;
      guint8   elem;
      guint32  count;

      if (f.id == 1 && g->chunks != NULL)
        ok = st_thrift_fail (t, N_ ("a row group lists its columns twice"));
      else if (f.id == 1 && st_thrift_list_begin (t, &f, &elem, &count))
        {
          if (elem != ST_THRIFT_STRUCT || count != n_leaves)
            {
              st_thrift_fail (t, N_ ("a row group has another number of columns than the "
                                     "schema"));
              break;
            }
          g->chunks = g_new0 (StParquetChunk, MAX (n_leaves, 1));
          for (guint32 i = 0; i < count && ok; i++)
            ok = read_chunk (t, &g->chunks[i]);
          has_columns = TRUE;
        }
      else if (f.id == 3)
        ok = st_thrift_i64 (t, &f, &g->num_rows);
      else if (f.id != 1)
        ok = st_thrift_skip (t, f.type);
      if (!ok || t->error != NULL)
        break;
    }
  st_thrift_struct_end (t);
  if (t->error == NULL && !has_columns)
    return st_thrift_fail (t, N_ ("a row group lists no columns"));
  if (t->error == NULL && (g->num_rows < 0 || (guint64)g->num_rows > ST_PARQUET_MAX_ROWS))
    return st_thrift_fail (t, N_ ("a row group says it holds more rows than Strata reads in one "
                                  "(268 million)"));
  return t->error == NULL;
}

static gboolean
read_row_groups (StParquetFile *self, StThrift *t, const StThriftField *f)
{
  guint8  elem;
  guint32 count;

  if (!st_thrift_list_begin (t, f, &elem, &count))
    return FALSE;
  if (elem != ST_THRIFT_STRUCT)
    return st_thrift_fail (t, N_ ("the row groups are not a list of structures"));
  self->groups = g_new0 (StParquetRowGroup, MAX (count, 1));
  self->n_groups = count;
  for (guint32 i = 0; i < count; i++)
    if (!read_row_group (self, t, &self->groups[i]))
      return FALSE;
  return TRUE;
}

static gboolean
read_file_metadata (StParquetFile *self, StThrift *t)
{
  gint16        last = 0;
  StThriftField f;
  gboolean      has_schema = FALSE, has_groups = FALSE;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean    ok;
      const char *text;
      gsize       len;

      switch (f.id)
        {
        case 2:
          ok = has_schema ? st_thrift_fail (t, N_ ("the metadata holds two schemas"))
                          : (has_schema = read_schema (self, t, &f));
          break;
        case 3: ok = st_thrift_i64 (t, &f, &self->num_rows); break;
        case 4:
          /* The schema comes first: the chunks are counted against it. */
          if (!has_schema || has_groups)
            ok = st_thrift_fail (t, N_ ("the row groups come before the schema, or twice"));
          else
            ok = has_groups = read_row_groups (self, t, &f);
          break;
        case 6:
          ok = st_thrift_binary (t, &f, &text, &len);
          if (ok)
            {
              g_free (self->created_by);
              self->created_by = g_strndup (text, len);
            }
          break;
        default: ok = st_thrift_skip (t, f.type);
        }
      if (!ok)
        break;
    }
  st_thrift_struct_end (t);
  if (t->error == NULL && (!has_schema || !has_groups))
    return st_thrift_fail (t, N_ ("the metadata has no schema or no row groups"));
  return t->error == NULL;
}

/* The FileMetaData of @len bytes at @meta (inside the file). */
gboolean
st_parquet_read_metadata (StParquetFile *self, const guint8 *meta, gsize len, GError **error)
{
  StThrift t;

  st_thrift_init (&t, meta, len);
  if (read_file_metadata (self, &t))
    return TRUE;
  return st_parquet_damaged (self, (meta - self->data) + st_thrift_offset (&t),
                             t.error ? t.error : N_ ("the metadata cannot be read"), error);
}

void
st_parquet_metadata_clear (StParquetFile *self)
{
  for (guint i = 0; i < self->leaves->len; i++)
    g_free (g_array_index (self->leaves, StParquetLeaf, i).name);
  g_array_set_size (self->leaves, 0);
  for (guint g = 0; g < self->n_groups; g++)
    g_free (self->groups[g].chunks);
  g_clear_pointer (&self->groups, g_free);
  self->n_groups = 0;
}
