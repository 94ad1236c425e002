/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-series.c: the counters (SemaphoreUpdate, PendingDma and
 * the usage tables), the transfers' routes (DmaPacketAggregated) and the
 * profiler's warnings (Warning). */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const NpField route_fields[] = {
  { "id", NP_INT, NP_NEEDED },
  { "source", NP_TEXT, NP_EXPECTED },
  { "dest", NP_TEXT, NP_EXPECTED },
};

/* A text column's value, "" when null. */
static void
text_of (const StParquetBytes *text, const char **p, gsize *len)
{
  *p = text ? text->data : "";
  *len = text ? text->len : 0;
}

static gboolean
route_rows (NpBatch *b, gpointer data, GError **error)
{
  for (guint64 row = 0; row < b->n_rows; row++)
    {
      const char *source, *dest;
      gsize       source_len, dest_len;
      gint64      id;
      StStringId  route;

      if (!np_int (b, 0, row, &id))
        continue;
      text_of (np_text (b, 1, row), &source, &source_len);
      text_of (np_text (b, 2, row), &dest, &dest_len);
      route = st_neuron_sink_route (&b->np->sink, G_MAXUINT64, source, source_len, dest, dest_len);
      g_hash_table_insert (b->np->routes, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (route + 1));
    }
  return TRUE;
}

/* The route of each aggregated transfer, for its packets' names. */
gboolean
np_read_routes (StNeuronParquet *np, GError **error)
{
  return np_read_table (np, "DmaPacketAggregated", route_fields, G_N_ELEMENTS (route_fields),
                        route_rows, NULL, error);
}

static const NpField semaphore_fields[] = {
  { "timestamp", NP_INT, NP_NEEDED },
  { "id", NP_TEXT, NP_EXPECTED },
  { "value", NP_NUM, NP_NEEDED },
  { "pcore_idx", NP_INT, NP_OPTIONAL },
};

static const NpField pending_fields[] = {
  { "timestamp", NP_INT, NP_NEEDED },
  { "value", NP_NUM, NP_NEEDED },
  { "pcore_idx", NP_INT, NP_OPTIONAL },
};

/* What a table of samples makes: counter @name, a series per field from
 * @first on (or the field "id" names it, for semaphores). */
typedef struct
{
  StStringId name;
  guint      first;
  gint       id_field; /* -1: each numeric field is its own series */
  gint       core_field;
} Samples;

static gboolean
sample_rows (NpBatch *b, gpointer data, GError **error)
{
  Samples *s = data;

  for (guint64 row = 0; row < b->n_rows; row++)
    {
      StStringId pid;
      gint64     ts;
      double     v;

      if (!np_int (b, 0, row, &ts))
        continue;
      pid = np_core (b->np, b, s->core_field, row);
      for (guint f = s->first; f < b->n_fields; f++)
        {
          StStringId series;

          if ((gint)f == s->core_field || (gint)f == s->id_field || !np_num (b, f, row, &v))
            continue;
          if (s->id_field >= 0)
            series = np_id (b, s->id_field, row);
          else
            series = st_neuron_sink_literal (&b->np->sink, b->fields[f].name);
          st_neuron_sink_sample (&b->np->sink, pid, s->name,
                                 series == ST_STRING_NONE ? ST_STRING_EMPTY : series, ts, v);
        }
      if (!np_made_row (b->np, error))
        return FALSE;
    }
  return TRUE;
}

static const struct
{
  const char *table;
  const char *counter;
} usage_tables[] = {
  { "DmaUsage", "DMA throughput" },
  { "HbmUsage", "HBM usage" },
  { "SbufUsage", "SBUF usage" },
  { "PsumUsage", "PSUM usage" },
};

gboolean
np_read_series (StNeuronParquet *np, GError **error)
{
  StNeuronSink *sink = &np->sink;
  Samples       semaphores = { st_neuron_sink_literal (sink, "Semaphores"), 2, 1, 3 };
  Samples       pending = { st_neuron_sink_literal (sink, "Pending DMA"), 1, -1, 2 };

  if (!np_read_table (np, "SemaphoreUpdate", semaphore_fields, G_N_ELEMENTS (semaphore_fields),
                      sample_rows, &semaphores, error)
      || !np_read_table (np, "PendingDma", pending_fields, G_N_ELEMENTS (pending_fields),
                         sample_rows, &pending, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (usage_tables); i++)
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      NpField               fields[NP_MAX_FIELDS] = {
                      { "timestamp", NP_INT, NP_NEEDED },
                      { "pcore_idx", NP_INT, NP_OPTIONAL },
      };
      guint   n = np_table_fields (np, usage_tables[i].table, fields, 2, FALSE, names);
      Samples usage = { st_neuron_sink_literal (sink, usage_tables[i].counter), 2, -1, 1 };

      if (n > 2
          && !np_read_table (np, usage_tables[i].table, fields, n, sample_rows, &usage, error))
        return FALSE;
    }
  return TRUE;
}

static const NpField warning_fields[] = {
  { "message", NP_TEXT, NP_NEEDED },
  { "category", NP_TEXT, NP_EXPECTED },
};

static gboolean
warning_rows (NpBatch *b, gpointer data, GError **error)
{
  for (guint64 row = 0; row < b->n_rows; row++)
    {
      const StParquetBytes *message = np_text (b, 0, row);
      g_autofree char      *valid = NULL;

      if (message == NULL)
        continue;
      valid = g_utf8_make_valid (message->data, message->len);
      st_builder_shard_warn (b->np->sink.shard, ST_WARNING_PROFILER, G_MAXUINT64, "%s", valid);
    }
  return TRUE;
}

/* The profiler's own warnings, as the JSON's "warnings". */
gboolean
np_read_warnings (StNeuronParquet *np, GError **error)
{
  return np_read_table (np, "Warning", warning_fields, G_N_ELEMENTS (warning_fields), warning_rows,
                        NULL, error);
}
