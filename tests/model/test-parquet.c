/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Parquet reader, on files real writers made (DuckDB and parquet-rs,
 * tests/data/neuron-parquet/types, written by make-fixtures.mjs) and on
 * those files damaged here: cut short, a wrong magic, a page header that
 * lies about its size, a footer longer than the file, a corrupt page. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-parquet.h"
#include "st-trace-error.h"

#define N_ROWS 40

static const char *const type_files[] = {
  "duckdb-snappy.parquet",            /* data pages v1, dictionaries, snappy */
  "duckdb-v2-encodings-zstd.parquet", /* DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT…, zstd */
  "duckdb-gzip.parquet",
  "duckdb-uncompressed.parquet",
  "parquet-rs-v2-pages-snappy.parquet", /* data pages v2, row groups of 16 */
  "parquet-rs-v2-pages-gzip.parquet",
};

static char *
types_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "neuron-parquet", "types", file, NULL);
}

static GBytes *
read_bytes (const char *file)
{
  g_autofree char   *path = types_path (file);
  g_autoptr (GError) error = NULL;
  char              *data;
  gsize              len;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

static StParquetFile *
open_types (const char *file)
{
  g_autofree char   *path = types_path (file);
  g_autoptr (GFile)  gfile = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  StParquetFile     *pf = st_parquet_file_open (gfile, file, NULL, &error);

  g_assert_no_error (error);
  return pf;
}

/* Row i of the types table, as make-fixtures.mjs writes it: b = i % 3 == 0,
 * i32 = 7i − 100, i64 = 2^60 + i, f = i / 4, d = i / 8, s = "s<i % 7>" but
 * null when i % 5 == 0, u = "u<i²>". */
static void
check_row (StParquetFile *pf, StParquetColumn **cols, guint64 r, guint64 i)
{
  g_autofree char      *s = g_strdup_printf ("s%u", (guint)(i % 7));
  g_autofree char      *u = g_strdup_printf ("u%u", (guint)(i * i));
  const StParquetBytes *bytes;

  g_assert_cmpint (cols[0]->ints[r], ==, i % 3 == 0);
  g_assert_cmpint (cols[1]->ints[r], ==, 7 * (gint64)i - 100);
  g_assert_cmpint (cols[2]->ints[r], ==, (G_GINT64_CONSTANT (1) << 60) + (gint64)i);
  g_assert_cmpfloat (cols[3]->doubles[r], ==, i * 0.25);
  g_assert_cmpfloat (cols[4]->doubles[r], ==, i / 8.0);
  g_assert_cmpint (st_parquet_column_is_null (cols[5], r), ==, i % 5 == 0);
  if (i % 5 != 0)
    {
      bytes = st_parquet_column_bytes (cols[5], r);
      g_assert_cmpmem (bytes->data, bytes->len, s, strlen (s));
    }
  bytes = st_parquet_column_bytes (cols[6], r);
  g_assert_cmpmem (bytes->data, bytes->len, u, strlen (u));
  for (guint c = 0; c < 7; c++)
    if (c != 5)
      g_assert_false (st_parquet_column_is_null (cols[c], r));
}

/* Every value of every column, in every row group, is the formula's. */
static void
test_types (gconstpointer data)
{
  const char                *file = data;
  g_autoptr (StParquetFile)  pf = open_types (file);
  static const char *const   names[] = { "b", "i32", "i64", "f", "d", "s", "u" };
  static const StParquetType types[] = {
    ST_PARQUET_BOOLEAN, ST_PARQUET_INT32,      ST_PARQUET_INT64,      ST_PARQUET_FLOAT,
    ST_PARQUET_DOUBLE,  ST_PARQUET_BYTE_ARRAY, ST_PARQUET_BYTE_ARRAY,
  };
  guint64 i = 0;

  g_assert_cmpuint (st_parquet_file_get_n_rows (pf), ==, N_ROWS);
  g_assert_cmpuint (st_parquet_file_get_n_columns (pf), ==, 7);
  for (guint c = 0; c < 7; c++)
    {
      g_assert_cmpint (st_parquet_file_find_column (pf, names[c]), ==, c);
      g_assert_cmpint (st_parquet_file_get_column (pf, c)->type, ==, types[c]);
    }
  g_assert_true (st_parquet_file_get_column (pf, 5)->optional);
  g_assert_cmpint (st_parquet_file_find_column (pf, "no_such_column"), ==, -1);
  for (guint g = 0; g < st_parquet_file_get_n_row_groups (pf); g++)
    {
      StParquetColumn   *cols[7];
      g_autoptr (GError) error = NULL;

      for (guint c = 0; c < 7; c++)
        {
          cols[c] = st_parquet_file_read (pf, g, c, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (cols[c]->n_rows, ==, st_parquet_file_get_row_group_rows (pf, g));
        }
      for (guint64 r = 0; r < cols[0]->n_rows; r++, i++)
        check_row (pf, cols, r, i);
      for (guint c = 0; c < 7; c++)
        st_parquet_column_free (cols[c]);
    }
  g_assert_cmpuint (i, ==, N_ROWS);
}

/* parquet-rs writes row groups of at most 16 rows: 16, 16 and 8. */
static void
test_row_groups (void)
{
  g_autoptr (StParquetFile) pf = open_types ("parquet-rs-v2-pages-snappy.parquet");

  g_assert_cmpuint (st_parquet_file_get_n_row_groups (pf), ==, 3);
  g_assert_cmpuint (st_parquet_file_get_row_group_rows (pf, 2), ==, 8);
  g_assert_nonnull (strstr (st_parquet_file_get_created_by (pf), "parquet-rs"));
}

/* A dictionary-encoded text column keeps its dictionary: s has seven
 * distinct values in forty rows (s0…s6), so at most seven entries. */
static void
test_dictionary (void)
{
  g_autoptr (StParquetFile)   pf = open_types ("duckdb-snappy.parquet");
  g_autoptr (GError)          error = NULL;
  g_autoptr (StParquetColumn) s = st_parquet_file_read (pf, 0, 5, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (s->n_entries, <=, 7);
}

typedef struct
{
  const char *name;
  void (*damage) (guint8 *data, gsize *len);
  const char *says;
} Damage;

static void
cut_short (guint8 *data, gsize *len)
{
  *len -= 100;
}

static void
wrong_magic (guint8 *data, gsize *len)
{
  data[0] = 'X';
}

/* The footer's length, 4 bytes before the final magic, beyond the file. */
static void
long_footer (guint8 *data, gsize *len)
{
  data[*len - 8] = 0xff;
  data[*len - 7] = 0xff;
  data[*len - 6] = 0xff;
}

/* The first page of the file (at byte 4, column b: booleans, stored
 * uncompressed) begins with its type, uncompressed and compressed sizes,
 * each a Thrift field header 0x15 and a zigzag varint: the compressed size
 * becomes 63 (0x7e), more than the chunk of 40 booleans holds. */
static void
lying_page (guint8 *data, gsize *len)
{
  gsize p = 4;

  for (guint field = 0; field < 3; field++)
    {
      g_assert_cmpint (data[p], ==, 0x15);
      p++;
      if (field == 2)
        {
          g_assert_cmpint (data[p] & 0x80, ==, 0);
          data[p] = 0x7e;
        }
      while (data[p] & 0x80)
        p++;
      p++;
    }
}

static const Damage damages[] = {
  { "cut-short", cut_short, "it does not end with “PAR1”" },
  { "wrong-magic", wrong_magic, "this is not a Parquet file" },
  { "long-footer", long_footer, "the footer's length is larger than the file" },
  { "lying-page", lying_page,
    "byte 4: the Parquet file is damaged: a page header says its data "
    "runs past the column chunk" },
};

/* One sentence naming the file and where, in ST_TRACE_ERROR_DAMAGED;
 * opening fails, or reading the damaged column does. */
static void
test_damaged (gconstpointer data)
{
  const Damage             *d = data;
  g_autoptr (GBytes)        bytes = read_bytes ("duckdb-uncompressed.parquet");
  gsize                     len = g_bytes_get_size (bytes);
  g_autofree guint8        *copy = g_memdup2 (g_bytes_get_data (bytes, NULL), len);
  g_autoptr (GError)        error = NULL;
  g_autoptr (StParquetFile) pf = NULL;

  d->damage (copy, &len);
  pf = st_parquet_file_new_for_data ("broken.parquet", (const char *)copy, len, &error);
  for (guint c = 0; pf != NULL && error == NULL && c < st_parquet_file_get_n_columns (pf); c++)
    st_parquet_column_free (st_parquet_file_read (pf, 0, c, &error));
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_DAMAGED);
  g_assert_true (g_str_has_prefix (error->message, "broken.parquet: "));
  g_assert_null (strchr (error->message, '\n'));
  if (strstr (error->message, d->says) == NULL)
    g_error ("“%s” does not say “%s”", error->message, d->says);
}

/* A snappy page whose bytes were overwritten: the codec's own check, or
 * the size it inflates to, says so; never a crash. Every byte of the
 * column chunks is tried in turn. */
static void
test_every_byte (void)
{
  g_autoptr (GBytes) bytes = read_bytes ("duckdb-snappy.parquet");
  gsize              len = g_bytes_get_size (bytes);
  guint              failures = 0;

  for (gsize at = 4; at < len; at++)
    {
      g_autofree guint8        *copy = g_memdup2 (g_bytes_get_data (bytes, NULL), len);
      g_autoptr (GError)        error = NULL;
      g_autoptr (StParquetFile) pf = NULL;

      copy[at] ^= 0x5a;
      pf = st_parquet_file_new_for_data ("x.parquet", (const char *)copy, len, &error);
      for (guint c = 0; pf != NULL && c < st_parquet_file_get_n_columns (pf); c++)
        for (guint g = 0; error == NULL && g < st_parquet_file_get_n_row_groups (pf); g++)
          st_parquet_column_free (st_parquet_file_read (pf, g, c, &error));
      if (error != NULL)
        {
          g_assert_true (error->domain == ST_TRACE_ERROR);
          failures++;
        }
    }
  /* Most bytes are structure or compressed data: a change is noticed. */
  g_assert_cmpuint (failures, >, len / 4);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (type_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/parquet/types/%s", type_files[i]);
      g_test_add_data_func (path, type_files[i], test_types);
    }
  g_test_add_func ("/model/parquet/row-groups", test_row_groups);
  g_test_add_func ("/model/parquet/dictionary", test_dictionary);
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/parquet/damaged/%s", damages[i].name);
      g_test_add_data_func (path, &damages[i], test_damaged);
    }
  g_test_add_func ("/model/parquet/every-byte", test_every_byte);
  return g_test_run ();
}
