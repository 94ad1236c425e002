/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-meta.c: the Metadata, Summary and SchemaFields tables
 * as the metadata the profiler's JSON carries, so that the profile's own
 * metrics are read by the same code (st-neuron-metrics.h, docs/metrics.md
 * 2.3): "metadata" [{…}], "summary" [{…}], "summary_groups" [{pattern:
 * group}], "summary_group_order" [{group: order}] and "terminology" [{metric:
 * description}], written into the trace's text.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"

#include <string.h>

/* docs/metrics.md 2.3: the groups of a Parquet profile's metrics, in
 * order; a name is tried against them in this order. */
static const struct
{
  const char *pattern;
  const char *group;
} groups[] = {
  { "total_time", "overall_stats" },
  { "total_exec_time", "overall_stats" },
  { "total_active_time*", "overall_stats" },
  { "neuroncore_cycle_count", "overall_stats" },
  { "trace_count", "overall_stats" },
  { "event_count", "overall_stats" },
  { "total_row_count", "overall_stats" },
  { "*_engine_*", "overall_stats" },
  { "activate_instruction_*", "overall_stats" },
  { "matmul_instruction_count", "overall_stats" },
  { "mfu_*", "tensor_engine" },
  { "hfu_*", "tensor_engine" },
  { "*_flops", "tensor_engine" },
  { "mm_arithmetic_intensity", "tensor_engine" },
  { "mbu_*", "data_movement" },
  { "hbm_*", "data_movement" },
  { "sbuf_*", "data_movement" },
  { "spill_*", "data_movement" },
  { "psum_*", "data_movement" },
  { "*dma*", "data_movement" },
  { "*_queue_bytes", "data_movement" },
  { "weight_*", "data_movement" },
  { "inputs_*", "data_movement" },
  { "cc_*", "collectives" },
  { "peak_flops_bandwidth_ratio", "system" },
};

static const char *const group_order[] = {
  "overall_stats", "tensor_engine", "data_movement", "collectives", "system",
};

typedef struct
{
  StTraceBuilder *builder;
  const char     *key;
  gboolean        done;
  gboolean        wrote; /* a member was written */
} Section;

/* Writes `[{` … `}]` around what @write adds, as the metadata @key. */
static void
begin_section (StNeuronParquet *np, guint64 *start)
{
  *start = np_text_offset (np);
  np_append (np, "[{", 2);
}

static void
end_section (StNeuronParquet *np, StTraceBuilder *builder, const char *key, guint64 start)
{
  np_append (np, "}]\n", 3);
  st_trace_builder_add_metadata (builder, key, start, np_text_offset (np) - start);
}

static void
append_number (StNeuronParquet *np, gboolean *first, const char *key, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!*first)
    np_append (np, ",", 1);
  *first = FALSE;
  np_append_json (np, key, strlen (key));
  np_append (np, ":", 1);
  g_ascii_dtostr (buf, sizeof buf, v);
  np_append (np, buf, strlen (buf));
}

/* The version, the core numbers, and the hardware under the JSON's names. */
static void
read_first_metadata_row (NpBatch *b, gboolean *first)
{
  StNeuronParquet *np = b->np;
  gint64           core = 0, cores = 1, v;
  double           d;

  for (guint f = 0; f < b->n_fields; f++)
    {
      const StParquetBytes *text = np_text (b, f, 0);
      const char           *name = b->fields[f].name;

      if (text != NULL && g_str_equal (name, "profile_schema_version"))
        np_parse_version (np, text->data, text->len);
      else if (g_str_equal (name, "neuroncore_idx") && np_int (b, f, 0, &v))
        core = v;
      else if (g_str_equal (name, "num_physical_cores") && np_int (b, f, 0, &v) && v > 0)
        cores = v;
      else if (g_str_equal (name, "tensor_engine_num_rows") && np_num (b, f, 0, &d))
        append_number (np, first, "pe_num_rows", d);
      else if (g_str_equal (name, "tensor_engine_num_cols") && np_num (b, f, 0, &d))
        append_number (np, first, "pe_num_cols", d);
      else if (g_str_equal (name, "tensor_engine_clock_freq") && np_num (b, f, 0, &d))
        append_number (np, first, "pe_clock_freq", d * 1e9);
    }
  if (core >= 0 && core < G_MAXINT32 && cores < G_MAXINT32)
    np->core_base = core * cores;
}

static gboolean
metadata_rows (NpBatch *b, gpointer data, GError **error)
{
  Section *s = data;
  guint64  start;
  gboolean first;

  if (s->done || b->n_rows == 0)
    return TRUE;
  s->done = TRUE;
  begin_section (b->np, &start);
  first = !np_write_members (b, 0, TRUE);
  read_first_metadata_row (b, &first);
  end_section (b->np, s->builder, s->key, start);
  return TRUE;
}

/* The Metadata table's first row: the profile's metadata, its schema
 * version and the numbers of its NeuronCores. */
gboolean
np_read_metadata (StNeuronParquet *np, StTraceBuilder *builder, GError **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  NpField               fields[NP_MAX_FIELDS];
  guint                 n = np_table_fields (np, "Metadata", fields, 0, TRUE, names);
  Section               s = { builder, "metadata" };

  return n == 0 || np_read_table (np, "Metadata", fields, n, metadata_rows, &s, error);
}

static const NpField schema_fields[] = {
  { "table_name", NP_TEXT, NP_NEEDED },
  { "field_name", NP_TEXT, NP_NEEDED },
  { "field_description", NP_TEXT, NP_NEEDED },
};

static gboolean
schema_rows (NpBatch *b, gpointer data, GError **error)
{
  Section *s = data;

  for (guint64 row = 0; row < b->n_rows; row++)
    {
      const StParquetBytes *table = np_text (b, 0, row);
      const StParquetBytes *field = np_text (b, 1, row);
      const StParquetBytes *text = np_text (b, 2, row);

      if (table == NULL || field == NULL || text == NULL || table->len != 7
          || memcmp (table->data, "Summary", 7) != 0)
        continue;
      if (s->wrote)
        np_append (b->np, ",", 1);
      s->wrote = TRUE;
      np_append_json (b->np, field->data, field->len);
      np_append (b->np, ":", 1);
      np_append_json (b->np, text->data, text->len);
    }
  return TRUE;
}

static void
write_groups (StNeuronParquet *np, StTraceBuilder *builder)
{
  guint64 start;

  begin_section (np, &start);
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      if (i > 0)
        np_append (np, ",", 1);
      np_append_json (np, groups[i].pattern, strlen (groups[i].pattern));
      np_append (np, ":", 1);
      np_append_json (np, groups[i].group, strlen (groups[i].group));
    }
  end_section (np, builder, "summary_groups", start);
  begin_section (np, &start);
  for (guint i = 0; i < G_N_ELEMENTS (group_order); i++)
    {
      char number[16];

      if (i > 0)
        np_append (np, ",", 1);
      np_append_json (np, group_order[i], strlen (group_order[i]));
      g_snprintf (number, sizeof number, ":%u", i);
      np_append (np, number, strlen (number));
    }
  end_section (np, builder, "summary_group_order", start);
}

static gboolean
summary_rows (NpBatch *b, gpointer data, GError **error)
{
  Section *s = data;
  guint64  start;

  if (s->done || b->n_rows == 0)
    return TRUE;
  s->done = TRUE;
  begin_section (b->np, &start);
  b->np->has_summary = np_write_members (b, 0, TRUE);
  end_section (b->np, s->builder, s->key, start);
  return TRUE;
}

/* The Summary's first row, with the groups of docs/metrics.md 2.3 and the
 * descriptions of SchemaFields. */
gboolean
np_read_summary (StNeuronParquet *np, StTraceBuilder *builder, GError **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  NpField               fields[NP_MAX_FIELDS];
  guint                 n = np_table_fields (np, "Summary", fields, 0, FALSE, names);
  Section               summary = { builder, "summary" }, terms = { builder, "terminology" };
  guint64               start;

  if (n == 0)
    return TRUE;
  if (!np_read_table (np, "Summary", fields, n, summary_rows, &summary, error))
    return FALSE;
  if (!np->has_summary)
    return TRUE;
  write_groups (np, builder);
  begin_section (np, &start);
  if (!np_read_table (np, "SchemaFields", schema_fields, G_N_ELEMENTS (schema_fields), schema_rows,
                      &terms, error))
    return FALSE;
  end_section (np, builder, "terminology", start);
  return TRUE;
}
