/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-args.c: the trace's text, written into the spool: a
 * slice's args (its row's fields as a JSON object on a line) and the
 * metadata the JSON carries.
 *
 * The args of a table's rows are written by a thread of their own while
 * the import's thread makes the slices: the writer keeps each row's offset
 * in the text, and the slices ask for it (np_args_offset), waiting when the
 * writer has not got that far. Only the writer touches the text while a
 * table is read; the metadata is written before and after.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Text is written into the spool in rooms of this size. */
#define ROOM_BYTES (4 * 1024 * 1024)
/* The writer says how far it got every this many rows. */
#define PUBLISH_ROWS 1024

/* Room for @n more bytes at the end of the trace's text, written in place
 * in the spool: rooms of a few megabytes are begun, and committed as far
 * as they were filled. NULL, with np->write_error, when the spool is full. */
static char *
reserve (StNeuronParquet *np, gsize n)
{
  if (np->write_error != NULL)
    return NULL;
  if (np->room != NULL && np->used + n <= np->room_len)
    return np->room + np->used;
  if (np->room != NULL && !st_spool_commit (np->spool, np->used, &np->write_error))
    return NULL;
  np->room_len = MAX (ROOM_BYTES, n);
  np->used = 0;
  np->room = st_spool_begin (np->spool, np->room_len, &np->write_error);
  return np->room;
}

/* Where the next byte of the text goes. */
guint64
np_text_offset (StNeuronParquet *np)
{
  return st_spool_get_size (np->spool) + np->used;
}

void
np_append (StNeuronParquet *np, const char *text, gsize len)
{
  char *p = reserve (np, len);

  if (p == NULL)
    return;
  memcpy (p, text, len);
  np->used += len;
}

/* @text as a JSON string, at the end of the trace's text. */
void
np_append_json (StNeuronParquet *np, const char *text, gsize len)
{
  g_autoptr (GString) json = g_string_new (NULL);

  np_append_json_string (json, text, len);
  np_append (np, json->str, json->len);
}

/* @text as a JSON string; invalid UTF-8 made valid first. Most text needs
 * neither escapes nor repair: it is copied in runs. */
void
np_append_json_string (GString *out, const char *text, gsize len)
{
  g_autofree char *valid = NULL;
  gboolean         ascii = TRUE;
  gsize            run = 0;

  for (gsize i = 0; i < len && ascii; i++)
    ascii = (guchar)text[i] < 0x80;
  if (!ascii && !g_utf8_validate_len (text, len, NULL))
    {
      valid = g_utf8_make_valid (text, len);
      text = valid;
      len = strlen (valid);
    }
  g_string_append_c (out, '"');
  for (gsize i = 0; i < len; i++)
    {
      guchar c = text[i];

      if (c != '"' && c != '\\' && c >= 0x20)
        continue;
      g_string_append_len (out, text + run, i - run);
      if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
        }
      run = i + 1;
    }
  g_string_append_len (out, text + run, len - run);
  g_string_append_c (out, '"');
}

static void
append_int (GString *out, gint64 v)
{
  char    buf[24], *p = buf + sizeof buf;
  guint64 u = v < 0 ? (guint64)0 - (guint64)v : (guint64)v;

  do
    *--p = '0' + (char)(u % 10);
  while ((u /= 10) != 0);
  if (v < 0)
    *--p = '-';
  g_string_append_len (out, p, buf + sizeof buf - p);
}

/* The fewest digits that read back as the same number: a FLOAT's as the
 * float it was (0.1f is "0.1", not its double's 0.10000000149011612). */
static void
append_double (GString *out, double v, gboolean is_float)
{
  static const char *const formats[]
      = { "%.6g", "%.7g", "%.8g", "%.9g", "%.15g", "%.16g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (v))
    {
      g_string_append (out, "null");
      return;
    }
  /* A whole double is written as one, exactly; a FLOAT as the digits it
   * was written with (4e11, not the 399999991808 it holds). */
  if (!is_float && v == (double)(gint64)v && v > -9e15 && v < 9e15)
    {
      append_int (out, (gint64)v);
      return;
    }
  for (guint i = is_float ? 0 : 4; i < G_N_ELEMENTS (formats); i++)
    {
      double back;

      g_ascii_formatd (buf, sizeof buf, formats[i], v);
      back = g_ascii_strtod (buf, NULL);
      if (is_float ? (float)back == (float)v : back == v)
        break;
    }
  g_string_append (out, buf);
}

static void
append_value (GString *out, const StParquetColumnInfo *info, const StParquetColumn *c, guint64 row)
{
  const StParquetBytes *bytes;

  switch (c->values)
    {
    case ST_PARQUET_VALUES_INT:
      if (info->is_bool)
        g_string_append (out, c->ints[row] ? "true" : "false");
      else
        append_int (out, c->ints[row]);
      break;
    case ST_PARQUET_VALUES_DOUBLE: append_double (out, c->doubles[row], info->is_float); break;
    default:
      bytes = st_parquet_column_bytes (c, row);
      np_append_json_string (out, bytes->data, bytes->len);
    }
}

/* The row's fields that are there and not null, as members of a JSON
 * object ("name":value, comma-separated); @first when none is written
 * before them. Whether it wrote any. */
gboolean
np_write_members (NpBatch *b, guint64 row, gboolean first)
{
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean            wrote = FALSE;

  for (guint i = 0; i < b->n_fields; i++)
    {
      const StParquetColumn *c = b->col[i];

      if (c == NULL || st_parquet_column_is_null (c, row))
        continue;
      if (!first || wrote)
        g_string_append_c (text, ',');
      wrote = TRUE;
      g_string_append_len (text, b->keys[i]->str, b->keys[i]->len);
      append_value (text, b->info[i], c, row);
    }
  np_append (b->np, text->str, text->len);
  return wrote;
}

/* The most bytes field @i of @row takes as JSON after its key: a string
 * may be escaped (\u0001 is six bytes for one). */
/* Two digits at a time: "00" to "99". */
static const char digit_pairs[201]
    = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";

static char *
put_int (char *p, gint64 v)
{
  char    buf[24], *q = buf + sizeof buf;
  guint64 u = v < 0 ? (guint64)0 - (guint64)v : (guint64)v;

  while (u >= 100)
    {
      q -= 2;
      memcpy (q, digit_pairs + 2 * (u % 100), 2);
      u /= 100;
    }
  if (u >= 10)
    {
      q -= 2;
      memcpy (q, digit_pairs + 2 * u, 2);
    }
  else
    *--q = '0' + (char)u;
  if (v < 0)
    *--q = '-';
  memcpy (p, q, buf + sizeof buf - q);
  return p + (buf + sizeof buf - q);
}

static char *
put_string_slow (char *p, const StParquetBytes *bytes)
{
  g_autoptr (GString) json = g_string_new (NULL);

  np_append_json_string (json, bytes->data, bytes->len);
  memcpy (p, json->str, json->len);
  return p + json->len;
}

/* A string that needs neither escapes nor repair is copied as it is
 * scanned; any other is written again, escaped. */
static char *
put_string (char *p, const StParquetBytes *bytes)
{
  const guchar *s = (const guchar *)bytes->data;
  char         *q = p;

  *q++ = '"';
  for (gsize i = 0; i < bytes->len; i++)
    {
      guchar c = s[i];

      if (G_UNLIKELY (c < 0x20 || c >= 0x80 || c == '"' || c == '\\'))
        return put_string_slow (p, bytes);
      *q++ = (char)c;
    }
  *q++ = '"';
  return q;
}

static char *
put_value (char *p, const NpBatch *b, guint i, guint64 row)
{
  const StParquetColumn *c = b->col[i];
  g_autoptr (GString)    number = NULL;

  switch (c->values)
    {
    case ST_PARQUET_VALUES_INT:
      if (!b->info[i]->is_bool)
        return put_int (p, c->ints[row]);
      memcpy (p, c->ints[row] ? "true" : "false", c->ints[row] ? 4 : 5);
      return p + (c->ints[row] ? 4 : 5);
    case ST_PARQUET_VALUES_DOUBLE:
      number = g_string_new (NULL);
      append_double (number, c->doubles[row], b->info[i]->is_float);
      memcpy (p, number->str, number->len);
      return p + number->len;
    default: return put_string (p, st_parquet_column_bytes (c, row));
    }
}

/* The row's args (its fields but its name, track, start and length,
 * which the slice says) as one JSON object on a line of the trace's text;
 * its offset there. Written in place: room for the longest it can be, then
 * the bytes. */
/* A key of at most KEY_COPY bytes is copied as that many: one fixed-size
 * move, with room kept for what it writes past the key. */
#define KEY_COPY 32

static guint64
write_row (NpBatch *b, guint64 row)
{
  StNeuronParquet *np = b->np;
  guint64          offset;
  gsize            bound = b->args_fixed;
  char            *p, *start;

  for (guint k = 0; k < b->n_args_strings; k++)
    {
      const StParquetColumn *c = b->col[b->args_strings[k]];

      if (!st_parquet_column_is_null (c, row))
        bound += 6 * st_parquet_column_bytes (c, row)->len;
    }
  start = p = reserve (np, bound);
  offset = np_text_offset (np);
  if (p == NULL)
    return offset;
  *p++ = '{';
  for (guint i = 0; i < b->n_fields; i++)
    {
      const GString *key = b->keys[i];

      if (!b->fields[i].arg || b->col[i] == NULL || st_parquet_column_is_null (b->col[i], row))
        continue;
      if (p > start + 1)
        *p++ = ',';
      if (key->len <= KEY_COPY)
        memcpy (p, key->str, KEY_COPY);
      else
        memcpy (p, key->str, key->len);
      p = put_value (p + key->len, b, i, row);
    }
  *p++ = '}';
  *p++ = '\n';
  np->used += p - start;
  return offset;
}

/* What a row's args take at most, besides 6 bytes per byte of its text:
 * each field's key, a comma and its value or quotes, the braces, and the
 * room a key's fixed-size copy writes past it. */
static void
measure_args (NpBatch *b)
{
  b->args_fixed = 3 + KEY_COPY;
  b->n_args_strings = 0;
  for (guint i = 0; i < b->n_fields; i++)
    {
      if (!b->fields[i].arg || b->col[i] == NULL)
        continue;
      b->args_fixed += 1 + b->keys[i]->len;
      if (b->col[i]->values == ST_PARQUET_VALUES_BYTES)
        {
          b->args_fixed += 2;
          b->args_strings[b->n_args_strings++] = i;
        }
      else
        b->args_fixed
            += b->col[i]->values == ST_PARQUET_VALUES_DOUBLE ? G_ASCII_DTOSTR_BUF_SIZE : 24;
    }
}

static void
publish (NpBatch *b, guint64 rows)
{
  g_mutex_lock (&b->args_lock);
  g_atomic_pointer_set (&b->args_written, rows);
  g_cond_broadcast (&b->args_cond);
  g_mutex_unlock (&b->args_lock);
}

static gpointer
write_args (gpointer data)
{
  NpBatch *b = data;
  guint64  row;

  for (row = 0; row < b->n_rows && !g_atomic_int_get (&b->args_stop); row++)
    {
      if (row > 0 && row % PUBLISH_ROWS == 0)
        publish (b, row);
      b->args_offsets[row] = write_row (b, row);
    }
  publish (b, b->n_rows);
  return NULL;
}

static gboolean
has_args (const NpBatch *b)
{
  for (guint i = 0; i < b->n_fields; i++)
    if (b->fields[i].arg && b->col[i] != NULL)
      return TRUE;
  return FALSE;
}

/* Starts writing the args of the row group's rows, when its table has
 * args; a table without them shares one empty object. */
void
np_start_args (NpBatch *b)
{
  b->args_written = 0;
  b->args_stop = FALSE;
  if (!has_args (b))
    {
      if (b->np->empty_args == G_MAXUINT64)
        {
          b->np->empty_args = np_text_offset (b->np);
          np_append (b->np, "{}\n", 3);
        }
      return;
    }
  measure_args (b);
  b->args_offsets = g_new (guint64, MAX (b->n_rows, 1));
  g_mutex_init (&b->args_lock);
  g_cond_init (&b->args_cond);
  b->args_writer = g_thread_new ("strata-parquet-args", write_args, b);
}

/* Waits for the writer (stopping it when the rows were not all read). */
void
np_finish_args (NpBatch *b)
{
  if (b->args_writer == NULL)
    return;
  g_atomic_int_set (&b->args_stop, TRUE);
  g_thread_join (b->args_writer);
  b->args_writer = NULL;
  g_mutex_clear (&b->args_lock);
  g_cond_clear (&b->args_cond);
  g_clear_pointer (&b->args_offsets, g_free);
}

/* Where the args of @row are in the text, once the writer wrote them. */
guint64
np_args_offset (NpBatch *b, guint64 row)
{
  if (b->args_writer == NULL)
    return b->np->empty_args;
  if (row >= (guint64)g_atomic_pointer_get (&b->args_written))
    {
      g_mutex_lock (&b->args_lock);
      while (row >= (guint64)b->args_written)
        g_cond_wait (&b->args_cond, &b->args_lock);
      g_mutex_unlock (&b->args_lock);
    }
  return b->args_offsets[row];
}

/* Counts a row that made a slice or a sample, and now and then looks at the
 * cancellable: a row group may hold millions. (Whether the text could be
 * written is known once the writer is done: np_flush() says.) */
gboolean
np_made_row (StNeuronParquet *np, GError **error)
{
  return (++np->rows_made & 0xffff) != 0
         || !g_cancellable_set_error_if_cancelled (np->cancellable, error);
}

/* Says whether the text was written so far; with @complete, commits the
 * last room and ends the spool. */
gboolean
np_flush (StNeuronParquet *np, gboolean complete, GError **error)
{
  if (np->write_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&np->write_error));
      return FALSE;
    }
  if (!complete)
    return TRUE;
  if (np->room != NULL && !st_spool_commit (np->spool, np->used, error))
    return FALSE;
  np->room = NULL;
  np->used = 0;
  st_spool_complete (np->spool);
  return TRUE;
}
