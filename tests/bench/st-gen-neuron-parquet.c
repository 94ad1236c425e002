/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-neuron-parquet: writes a synthetic Neuron Explorer profile, a
 * folder of Parquet tables (Instruction, DmaPacket, Metadata, Summary), for
 * the load benchmark. The rows follow the formulas of
 * st-gen-neuron.h, as the JSON generator's do; the strings that repeat
 * (engine, opcode, layer, queue) are dictionary-encoded, the others plain,
 * every page compressed with snappy, in row groups of a million rows, as
 * the writers Neuron Explorer uses make them.
 *
 * Usage:
 *   st-gen-neuron-parquet [--instructions N] [--cores K] -o FOLDER
 *
 *   -n, --instructions N    instructions per NeuronCore (default 3000)
 *   -c, --cores K           NeuronCores (physical cores of one logical one), 1 to 8
 *
 * A profile of N instructions per core holds N × K × 1.25 rows that make
 * events: every instruction, and a DMA packet for every fourth.
 * Usage errors exit with status 2, write errors with status 1.
 */

#include "st-gen-neuron.h"
#include "st-parquet-writer.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#define ROW_GROUP (1024 * 1024)
#define MAX_CORES 8

static const char *const engines[GEN_N_ENGINES] = {
  "tensor", "tensor", "vector", "scalar", "gpsimd", "sync",
};

enum
{
  I_START,
  I_END,
  I_DUR,
  I_ENGINE,
  I_TRACK,
  I_PCORE,
  I_OPCODE,
  I_OPERANDS,
  I_ID,
  I_PC,
  I_HLO,
  I_LAYER,
  I_HBM_READ,
  I_HBM_WRITE,
  I_WEIGHT,
  I_FLOPS,
};

static const PwColumn instruction_columns[] = {
  { "start_ts", PW_INT64, FALSE, FALSE },
  { "end_ts", PW_INT64, FALSE, FALSE },
  { "duration_ns", PW_INT64, FALSE, FALSE },
  { "engine", PW_STRING, FALSE, TRUE },
  { "timeline_track", PW_STRING, TRUE, TRUE },
  { "pcore_idx", PW_INT64, TRUE, FALSE },
  { "opcode", PW_STRING, FALSE, TRUE },
  { "operands", PW_STRING, FALSE, FALSE },
  { "id", PW_INT64, FALSE, FALSE },
  { "pc", PW_INT64, FALSE, FALSE },
  { "hlo_name", PW_STRING, TRUE, TRUE },
  { "layer", PW_STRING, TRUE, TRUE },
  { "hbm_read_bytes", PW_INT64, TRUE, FALSE },
  { "hbm_write_bytes", PW_INT64, TRUE, FALSE },
  { "weight_queue_bytes", PW_INT64, TRUE, FALSE },
  { "raw_flops", PW_INT64, TRUE, FALSE },
};

static void
optional_int (PwWriter *w, guint column, guint64 v)
{
  if (v > 0)
    pw_int (w, column, (gint64)v);
  else
    pw_null (w, column);
}

static void
instruction (PwWriter *w, guint c, guint64 j, guint64 n, char **layers)
{
  char  operands[64], hlo[32];
  guint e = gen_engine (j);

  g_snprintf (operands, sizeof operands, "src=sb[%u] dst=psum[%u]", (guint)(j % 4096),
              (guint)(j % 8));
  g_snprintf (hlo, sizeof hlo, "dot.%u", (guint)(j / 64 % 512));
  pw_int (w, I_START, gen_ts (c, j, n));
  pw_int (w, I_END, gen_ts (c, j, n) + gen_dur (j));
  pw_int (w, I_DUR, gen_dur (j));
  pw_string (w, I_ENGINE, engines[e]);
  if (e == 1)
    pw_string (w, I_TRACK, "TensorMatrix");
  else
    pw_null (w, I_TRACK);
  pw_int (w, I_PCORE, c);
  pw_string (w, I_OPCODE, gen_opcode (j, n));
  pw_string (w, I_OPERANDS, operands);
  pw_int (w, I_ID, (gint64)gen_id (c, j));
  pw_int (w, I_PC, (gint64)j);
  if (e <= 1)
    pw_string (w, I_HLO, hlo);
  else
    pw_null (w, I_HLO);
  pw_string (w, I_LAYER, layers[gen_block (j, n)]);
  optional_int (w, I_HBM_READ, gen_hbm_read (j));
  optional_int (w, I_HBM_WRITE, gen_hbm_write (j));
  optional_int (w, I_WEIGHT, gen_weight_queue (j));
  optional_int (w, I_FLOPS, gen_flops (j));
}

static const PwColumn dma_columns[] = {
  { "start_ts", PW_INT64, FALSE, FALSE },
  { "end_ts", PW_INT64, FALSE, FALSE },
  { "duration_ns", PW_INT64, FALSE, FALSE },
  { "pcore_idx", PW_INT64, TRUE, FALSE },
  { "id", PW_INT64, FALSE, FALSE },
  { "packet_idx", PW_INT32, FALSE, FALSE },
  { "packet_aggregation_id", PW_INT64, FALSE, FALSE },
  { "read_bytes", PW_INT64, FALSE, FALSE },
  { "write_bytes", PW_INT64, FALSE, FALSE },
  { "transfer_bytes", PW_INT64, FALSE, FALSE },
  { "throughput", PW_DOUBLE, FALSE, FALSE },
  { "queue_type", PW_STRING, FALSE, TRUE },
  { "queue_name", PW_STRING, TRUE, TRUE },
};

static void
dma (PwWriter *w, guint c, guint64 j, guint64 n)
{
  guint64 size = gen_dma_size (j);

  pw_int (w, 0, gen_dma_ts (c, j, n));
  pw_int (w, 1, gen_dma_ts (c, j, n) + gen_dma_dur (j));
  pw_int (w, 2, gen_dma_dur (j));
  pw_int (w, 3, c);
  pw_int (w, 4, (gint64)(j / GEN_DMA_EVERY));
  pw_int (w, 5, (gint64)(j / GEN_DMA_EVERY % 2));
  pw_int (w, 6, (gint64)(j / GEN_DMA_EVERY / 2));
  pw_int (w, 7, (gint64)size);
  pw_int (w, 8, (gint64)size);
  pw_int (w, 9, (gint64)size);
  pw_double (w, 10, size * 1e9 / gen_dma_dur (j));
  pw_string (w, 11, "data");
  pw_string (w, 12, gen_dma_queue (j, n));
}

static gboolean
write_table (const char     *folder,
             const char     *table,
             const PwColumn *columns,
             guint           n_columns,
             guint           cores,
             guint64         n,
             gboolean        instructions)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.parquet", folder, table);
  PwWriter        *w = pw_open (path, columns, n_columns);
  char            *layers[GEN_N_BLOCKS];

  if (w == NULL)
    {
      g_printerr ("st-gen-neuron-parquet: cannot write %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  for (guint b = 0; b < GEN_N_BLOCKS; b++)
    layers[b] = gen_layer_path (b);
  for (guint c = 0; c < cores; c++)
    for (guint64 j = 0; j < n; j++)
      {
        if (instructions)
          instruction (w, c, j, n, layers);
        else if (gen_has_dma (j))
          dma (w, c, j, n);
        if (pw_rows_buffered (w) == ROW_GROUP)
          pw_end_row_group (w);
      }
  for (guint b = 0; b < GEN_N_BLOCKS; b++)
    g_free (layers[b]);
  return pw_close (w);
}

/* Metadata and Summary: one row each. */
static gboolean
write_small_tables (const char *folder, guint cores, guint64 n)
{
  static const PwColumn metadata[] = {
    { "profile_schema_version", PW_STRING, FALSE, FALSE },
    { "num_physical_cores", PW_INT32, FALSE, FALSE },
    { "tensor_engine_num_rows", PW_INT64, FALSE, FALSE },
    { "tensor_engine_num_cols", PW_INT64, FALSE, FALSE },
    { "hbm_ddr_bandwidth", PW_DOUBLE, FALSE, FALSE },
  };
  static const PwColumn summary[] = {
    { "total_time", PW_DOUBLE, FALSE, FALSE },
    { "tensor_engine_instruction_count", PW_INT64, FALSE, FALSE },
  };
  g_autofree char *meta_path = g_strdup_printf ("%s/Metadata.parquet", folder);
  g_autofree char *summary_path = g_strdup_printf ("%s/Summary.parquet", folder);
  PwWriter        *m = pw_open (meta_path, metadata, G_N_ELEMENTS (metadata));
  PwWriter        *s = pw_open (summary_path, summary, G_N_ELEMENTS (summary));

  if (m == NULL || s == NULL)
    return FALSE;
  pw_string (m, 0, "7.4.0");
  pw_int (m, 1, cores);
  pw_int (m, 2, 128);
  pw_int (m, 3, 128);
  pw_double (m, 4, 4e11);
  pw_double (s, 0, (gen_ts (cores - 1, n - 1, n) + gen_dur (n - 1) - GEN_T0) / 1e9);
  pw_int (s, 1, (gint64)(n / 3 * cores));
  return pw_close (m) && pw_close (s);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GOptionContext) context
      = g_option_context_new ("— a synthetic Neuron Explorer profile");
  g_autoptr (GError) error = NULL;
  g_autofree char   *output = NULL;
  gint64             n = 3000;
  gint               cores = 1;
  GOptionEntry       entries[] = {
          { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "folder to write", "FOLDER" },
          { "instructions", 'n', 0, G_OPTION_ARG_INT64, &n, "instructions per NeuronCore", "N" },
          { "cores", 'c', 0, G_OPTION_ARG_INT, &cores, "NeuronCores, 1 to 8", "K" },
          { NULL },
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("st-gen-neuron-parquet: %s\n", error->message);
      return 2;
    }
  if (output == NULL || argc > 1 || cores < 1 || cores > MAX_CORES
      || n < GEN_N_BLOCKS * GEN_N_ENGINES)
    {
      g_printerr ("st-gen-neuron-parquet: give -o FOLDER, 1 to %d cores and at least %d "
                  "instructions\n",
                  MAX_CORES, GEN_N_BLOCKS * GEN_N_ENGINES);
      return 2;
    }
  if (g_mkdir_with_parents (output, 0755) != 0)
    {
      g_printerr ("st-gen-neuron-parquet: cannot make %s: %s\n", output, g_strerror (errno));
      return 1;
    }
  if (!write_table (output, "Instruction", instruction_columns, G_N_ELEMENTS (instruction_columns),
                    cores, n, TRUE)
      || !write_table (output, "DmaPacket", dma_columns, G_N_ELEMENTS (dma_columns), cores, n,
                       FALSE)
      || !write_small_tables (output, cores, n))
    return 1;
  return 0;
}
