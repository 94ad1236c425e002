/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-parquet: the Parquet reader, given any bytes: the footer, then every
 * column of every row group, as the Neuron Parquet importer reads them.
 * Its checks of every offset, length and count are what stand between the
 * bytes and memory. */
#include "config.h"

#include "st-fuzz-util.h"
#include "st-parquet.h"

/* Row groups larger than this are not read: a lying count is held to
 * ST_PARQUET_MAX_ROWS, and reading that many rows would only slow the run. */
#define MAX_FUZZ_ROWS (1u << 22)

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)        error = NULL;
  g_autofree char          *copy = st_fuzz_copy (data, size);
  g_autoptr (StParquetFile) file = NULL;

  st_fuzz_init ();
  file = st_parquet_file_new_for_data ("fuzz.parquet", copy, size, &error);
  g_assert ((file == NULL) == (error != NULL));
  for (guint g = 0; file != NULL && g < st_parquet_file_get_n_row_groups (file); g++)
    {
      if (st_parquet_file_get_row_group_rows (file, g) > MAX_FUZZ_ROWS)
        continue;
      for (guint c = 0; c < st_parquet_file_get_n_columns (file); c++)
        {
          g_autoptr (GError)          column_error = NULL;
          g_autoptr (StParquetColumn) column = st_parquet_file_read (file, g, c, &column_error);

          g_assert ((column == NULL) == (column_error != NULL));
          /* Every row's value is where the column says. */
          for (guint64 r = 0; column != NULL && r < column->n_rows; r++)
            if (column->values == ST_PARQUET_VALUES_BYTES && !st_parquet_column_is_null (column, r))
              {
                const StParquetBytes *b = st_parquet_column_bytes (column, r);

                g_assert (column->index[r] < column->n_entries);
                /* The sanitizer checks that its first and last byte are
                 * memory the value may point into. */
                if (b->len > 0)
                  {
                    volatile char first = b->data[0], last = b->data[b->len - 1];

                    (void)first;
                    (void)last;
                  }
              }
        }
    }
  return 0;
}
