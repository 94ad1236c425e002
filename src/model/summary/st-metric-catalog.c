#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-metric-catalog.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_ENUM_TYPE (StSummaryTable,
                    st_summary_table,
                    G_DEFINE_ENUM_VALUE (ST_SUMMARY_TABLE_COMPUTE, "compute"),
                    G_DEFINE_ENUM_VALUE (ST_SUMMARY_TABLE_MEMORY, "memory"),
                    G_DEFINE_ENUM_VALUE (ST_SUMMARY_TABLE_COMMUNICATION, "communication"),
                    G_DEFINE_ENUM_VALUE (ST_SUMMARY_TABLE_PROFILE, "profile"))

#define HIGHER ST_METRIC_BETTER_HIGHER
#define LOWER  ST_METRIC_BETTER_LOWER

/* Which way is better, for the metrics where one is. Times, counts and
 * bytes (wait_time_ns too) depend on how long a region is, so they are
 * not judged. */
static const struct
{
  const char    *id;
  StMetricBetter better;
} directions[] = {
  { "device_busy_percent", HIGHER },
  /* the profiler's own active share: waits included, but still the higher the better */
  { "device_active_percent", HIGHER },
  { "host_bound_gap_percent", LOWER },
  { "busiest_stream_share_percent", LOWER },
  { "communication_overlap_percent", HIGHER },
  { "mfu_estimated_percent", HIGHER },
  { "hfu_estimated_percent", HIGHER },
  { "mbu_estimated_percent", HIGHER },
  { "useful_read_percent", HIGHER },
  { "tensor_engine_active_time_percent", HIGHER },
  { "vector_engine_active_time_percent", HIGHER },
  { "scalar_engine_active_time_percent", HIGHER },
  { "gpsimd_engine_active_time_percent", HIGHER },
  { "dma_transfer_average_bytes", HIGHER },
  { "sbuf_reload_ratio", LOWER },
  { "sbuf_save_ratio", LOWER },
  { "throttle_active_percent", LOWER },
  { "throttle_inactive_percent", LOWER },
};

/* The metrics a Neuron profile carries that are rows of a main table (the
 * Neuron summary viewer's own choice), in row order; the profile's other
 * metrics stay in its groups. */
static const struct
{
  const char    *id;
  StSummaryTable table;
} profile_rows[] = {
  { "total_time", ST_SUMMARY_TABLE_COMPUTE },
  { "mm_arithmetic_intensity", ST_SUMMARY_TABLE_COMPUTE },
  { "hfu_estimated_percent", ST_SUMMARY_TABLE_COMPUTE },
  { "mfu_estimated_percent", ST_SUMMARY_TABLE_COMPUTE },
  { "total_bandwidth_available", ST_SUMMARY_TABLE_MEMORY },
  { "mbu_estimated_percent", ST_SUMMARY_TABLE_MEMORY },
  { "dma_transfer_average_bytes", ST_SUMMARY_TABLE_MEMORY },
  { "useful_read_percent", ST_SUMMARY_TABLE_MEMORY },
};

/* Words for the metrics a Neuron profile carries, and a sentence on each
 * for a file whose terminology does not describe it (its own description
 * comes first). */
static const struct
{
  const char *id;
  const char *title;
  const char *description;
} profile_words[] = {
  { "total_time", N_ ("Total time"),
    N_ ("The device's time for the run, without the host's runtime and framework overhead.") },
  { "instruction_count", N_ ("Instructions"), N_ ("The instructions executed on every engine.") },
  { "mfu_estimated_percent", N_ ("Model FLOPs utilisation"),
    N_ ("The Tensor engine's useful work (the model's matrix multiplications) over its peak.") },
  { "hfu_estimated_percent", N_ ("Hardware FLOPs utilisation"),
    N_ ("Every FLOP of the Tensor engine's instructions, transposes included, over its peak.") },
  { "mbu_estimated_percent", N_ ("Memory bandwidth utilisation"),
    N_ ("The HBM bandwidth achieved over the hardware's peak.") },
  { "mm_arithmetic_intensity", N_ ("Arithmetic intensity"),
    N_ ("Matrix multiplication FLOPs per byte moved to and from HBM: below the peak FLOPs to "
        "bandwidth ratio, the work is memory-bound.") },
  { "peak_flops_bandwidth_ratio", N_ ("Peak FLOPs per byte"),
    N_ ("The hardware's peak FLOPs over its peak HBM bandwidth: the arithmetic intensity above "
        "which work is compute-bound.") },
  { "total_bandwidth_available", N_ ("Bandwidth available"),
    N_ ("The bytes the HBM could have moved in the time of the range.") },
  { "hardware_flops", N_ ("Hardware FLOPs"), N_ ("The FLOPs of every Tensor engine instruction.") },
  { "model_flops", N_ ("Model FLOPs"),
    N_ ("The FLOPs of the model's matrix multiplications, without transposes.") },
  { "transpose_flops", N_ ("Transpose FLOPs"),
    N_ ("The Tensor engine's FLOPs spent on transposes: data movement, not model progress.") },
  { "hbm_read_bytes", N_ ("HBM read"), N_ ("The bytes read from HBM.") },
  { "hbm_write_bytes", N_ ("HBM written"), N_ ("The bytes written to HBM.") },
  { "sbuf_read_bytes", N_ ("SBUF read"), N_ ("The bytes read from the state buffer (SBUF).") },
  { "sbuf_write_bytes", N_ ("SBUF written"), N_ ("The bytes written to the state buffer (SBUF).") },
  { "spill_save_bytes", N_ ("Spilled to HBM"),
    N_ ("The bytes saved from the state buffer to HBM because they did not fit.") },
  { "spill_reload_bytes", N_ ("Reloaded from HBM"),
    N_ ("The bytes read back into the state buffer after a spill.") },
  { "useful_read_percent", N_ ("Useful HBM reads"),
    N_ ("The share of the bytes read from HBM that are not spill reloads.") },
  { "dma_transfer_count", N_ ("DMA transfers"), N_ ("The DMA transfers of the range.") },
  { "cc_dma_transfer_count", N_ ("Collective DMA transfers"),
    N_ ("The DMA transfers that move the data of collective operations.") },
  { "dma_transfer_total_bytes", N_ ("DMA bytes"), N_ ("The bytes the DMA transfers moved.") },
  { "dma_transfer_average_bytes", N_ ("Average DMA size"),
    N_ ("The bytes of a DMA transfer on average: small transfers waste bandwidth.") },
  { "weight_queue_bytes", N_ ("Weights loaded"), N_ ("The bytes of weights loaded from HBM.") },
  { "weight_size_bytes", N_ ("Weight size"), N_ ("The bytes of the model's weights.") },
  { "sbuf_reload_ratio", N_ ("SBUF reloads per read"),
    N_ ("Spill reloads over the bytes read from the state buffer.") },
  { "sbuf_save_ratio", N_ ("SBUF spills per write"),
    N_ ("Spill saves over the bytes written to the state buffer.") },
  { "throttle_active_percent", N_ ("Throttled while active"),
    N_ ("The share of the engines' active time during which they were throttled.") },
  { "throttle_inactive_percent", N_ ("Throttled while idle"),
    N_ ("The share of the engines' idle time during which they were throttled.") },
  { "throttle_event_count", N_ ("Throttle events"), N_ ("The times the engines were throttled.") },
};

/* The engine metrics, one per engine ("tensor_engine_active_time_percent"). */
static const struct
{
  const char *suffix;
  const char *title; /* of the engine's name */
  const char *description;
} engine_words[] = {
  /* Translators: %s is an engine: "Tensor", "Vector", "Scalar", "GpSimd" */
  { "_engine_active_time_percent", N_ ("%s engine active"),
    N_ ("The share of the time the engine runs at least one instruction.") },
  /* Translators: %s is an engine: "Tensor", "Vector", "Scalar", "GpSimd" */
  { "_engine_instruction_count", N_ ("%s engine instructions"),
    N_ ("The instructions the engine executed.") },
};

/* "gpsimd" as Neuron writes the engine: "GpSimd". */
static char *
engine_name (const char *id, gsize len)
{
  char *name = g_strndup (id, len);

  if (g_str_equal (name, "gpsimd"))
    {
      g_free (name);
      return g_strdup ("GpSimd");
    }
  name[0] = g_ascii_toupper (name[0]);
  return name;
}

/* "hbm_read_bytes" → "Hbm read", for an id the catalogue does not know:
 * words at least, the id itself stays in the tooltip. */
static char *
humanize (const char *id)
{
  char *title = g_strdup (id);

  if (g_str_has_suffix (title, "_percent"))
    title[strlen (title) - strlen ("_percent")] = '\0';
  g_strdelimit (title, "_", ' ');
  title[0] = g_ascii_toupper (title[0]);
  return title;
}

char *
st_metric_catalog_dup_title (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (profile_words); i++)
    if (g_str_equal (profile_words[i].id, id))
      return g_strdup (_ (profile_words[i].title));
  for (guint i = 0; i < G_N_ELEMENTS (engine_words); i++)
    if (g_str_has_suffix (id, engine_words[i].suffix)
        && strlen (id) > strlen (engine_words[i].suffix))
      {
        g_autofree char *engine = engine_name (id, strlen (id) - strlen (engine_words[i].suffix));

        return g_strdup_printf (_ (engine_words[i].title), engine);
      }
  return humanize (id);
}

const char *
st_metric_catalog_get_description (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (profile_words); i++)
    if (g_str_equal (profile_words[i].id, id))
      return _ (profile_words[i].description);
  for (guint i = 0; i < G_N_ELEMENTS (engine_words); i++)
    if (g_str_has_suffix (id, engine_words[i].suffix)
        && strlen (id) > strlen (engine_words[i].suffix))
      return _ (engine_words[i].description);
  return NULL;
}

StMetricBetter
st_metric_catalog_get_better (const char *id)
{
  g_return_val_if_fail (id != NULL, ST_METRIC_BETTER_NONE);

  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    if (g_str_equal (directions[i].id, id))
      return directions[i].better;
  return ST_METRIC_BETTER_NONE;
}

StSummaryTable
st_metric_catalog_get_table (const StMetric *metric)
{
  g_return_val_if_fail (metric != NULL, ST_SUMMARY_TABLE_PROFILE);

  if (metric->source == ST_METRIC_PROFILE)
    {
      for (guint i = 0; i < G_N_ELEMENTS (profile_rows); i++)
        if (g_str_equal (profile_rows[i].id, metric->id))
          return profile_rows[i].table;
      return ST_SUMMARY_TABLE_PROFILE;
    }
  if (g_strcmp0 (metric->group, "compute") == 0)
    return ST_SUMMARY_TABLE_COMPUTE;
  if (g_strcmp0 (metric->group, "memory") == 0)
    return ST_SUMMARY_TABLE_MEMORY;
  if (g_strcmp0 (metric->group, "communication") == 0)
    return ST_SUMMARY_TABLE_COMMUNICATION;
  return ST_SUMMARY_TABLE_PROFILE;
}

static void
add_id (GPtrArray *ids, const char *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), id))
      return;
  g_ptr_array_add (ids, (gpointer)id);
}

/* The metrics of @source that are rows of @table, in the summaries' order. */
static void
add_rows (GPtrArray        *ids,
          StSummaryTable    table,
          StMetricSource    source,
          StSummary *const *summaries,
          guint             n_summaries)
{
  for (guint s = 0; s < n_summaries; s++)
    for (guint i = 0; i < st_summary_get_n_metrics (summaries[s]); i++)
      {
        const StMetric *m = st_summary_get_metric (summaries[s], i);

        if (m->source == source && st_metric_catalog_get_table (m) == table)
          add_id (ids, m->id);
      }
}

GPtrArray *
st_metric_catalog_get_table_ids (StSummaryTable    table,
                                 StSummary *const *summaries,
                                 guint             n_summaries)
{
  GPtrArray *ids = g_ptr_array_new ();

  add_rows (ids, table, ST_METRIC_DERIVED, summaries, n_summaries);
  /* the profile's metrics in the catalogue's order, not the file's */
  for (guint i = 0; i < G_N_ELEMENTS (profile_rows); i++)
    for (guint s = 0; profile_rows[i].table == table && s < n_summaries; s++)
      {
        const StMetric *m = st_summary_lookup (summaries[s], profile_rows[i].id);

        if (m != NULL && m->source == ST_METRIC_PROFILE)
          {
            add_id (ids, m->id);
            break;
          }
      }
  add_rows (ids, table, ST_METRIC_PROFILE, summaries, n_summaries);
  return ids;
}
