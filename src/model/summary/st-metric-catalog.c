/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* What each percentage is of (docs/metrics.md 2.2): the words written
 * after a value, and a sentence for its tooltip. */
static const struct
{
  const char *label;
  const char *description;
} denominators[ST_N_DENOMINATORS] = {
  [ST_DENOMINATOR_NONE]
  = { NULL, N_ ("The profile computes this share; it does not say of what.") },
  [ST_DENOMINATOR_DEVICE_TIME]
  = { N_ ("of device time"),
      N_ ("Percent of device time: from a device’s first device event to its last, clipped to the "
          "range; the mean over the devices.") },
  [ST_DENOMINATOR_KNOWN_GAPS]
  = { N_ ("of known idle gaps"),
      N_ ("Percent of the devices’ idle gaps whose next kernel has a known launch call.") },
  [ST_DENOMINATOR_STREAM_IDLE]
  = { N_ ("of stream idle time"),
      N_ ("Percent of the streams’ idle time: the gaps between their kernels, copies and sets, "
          "summed over the streams (not of device time, not of the range).") },
  [ST_DENOMINATOR_STREAM_BUSY]
  = { N_ ("of its device’s stream busy time"),
      N_ ("Percent of the busy time of the device’s streams, summed over its streams.") },
  [ST_DENOMINATOR_COMMUNICATION]
  = { N_ ("of communication time"),
      N_ ("Percent of communication time: the union of a device’s communication events.") },
  [ST_DENOMINATOR_RANGE]
  = { N_ ("of the range"), N_ ("Percent of the chosen range: its end minus its start, the "
                               "time before a stream’s first kernel and after its last "
                               "included (not of device time).") },
  [ST_DENOMINATOR_PEAK_FLOPS]
  = { N_ ("of peak FLOPs"),
      N_ ("Percent of the FLOPs the hardware could have run at its peak rate in that time.") },
  [ST_DENOMINATOR_PEAK_BANDWIDTH]
  = { N_ ("of peak bandwidth"),
      N_ ("Percent of the bytes the HBM could have moved at its peak bandwidth in that time.") },
  [ST_DENOMINATOR_HBM_READ]
  = { N_ ("of HBM bytes read"), N_ ("Percent of the bytes read from HBM.") },
  [ST_DENOMINATOR_TOTAL_TIME]
  = { N_ ("of total time"), N_ ("Percent of the total time of the profile’s run on the device.") },
  [ST_DENOMINATOR_ENGINE_ACTIVE]
  = { N_ ("of engine active time"), N_ ("Percent of the time the engines were active.") },
  [ST_DENOMINATOR_ENGINE_IDLE]
  = { N_ ("of engine idle time"), N_ ("Percent of the time the engines were idle.") },
};

/* The percentages the catalogue knows, by id; the engines' active times
 * by their suffix (engine_words). */
static const struct
{
  const char   *id;
  StDenominator of;
} percentages[] = {
  { "device_busy_percent", ST_DENOMINATOR_DEVICE_TIME },
  { "device_active_percent", ST_DENOMINATOR_DEVICE_TIME },
  { "memory_time_percent", ST_DENOMINATOR_DEVICE_TIME },
  { "exposed_communication_percent", ST_DENOMINATOR_DEVICE_TIME },
  { "dma_wait_percent", ST_DENOMINATOR_DEVICE_TIME },
  { "host_bound_gap_percent", ST_DENOMINATOR_KNOWN_GAPS },
  { "idle_host_wait_percent", ST_DENOMINATOR_STREAM_IDLE },
  { "idle_stream_wait_percent", ST_DENOMINATOR_STREAM_IDLE },
  { "busiest_stream_share_percent", ST_DENOMINATOR_STREAM_BUSY },
  { "communication_overlap_percent", ST_DENOMINATOR_COMMUNICATION },
  { "mfu_estimated_percent", ST_DENOMINATOR_PEAK_FLOPS },
  { "hfu_estimated_percent", ST_DENOMINATOR_PEAK_FLOPS },
  { "mbu_estimated_percent", ST_DENOMINATOR_PEAK_BANDWIDTH },
  { "useful_read_percent", ST_DENOMINATOR_HBM_READ },
  { "throttle_active_percent", ST_DENOMINATOR_ENGINE_ACTIVE },
  { "throttle_inactive_percent", ST_DENOMINATOR_ENGINE_IDLE },
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

StDenominator
st_metric_catalog_get_denominator (const char *id)
{
  g_return_val_if_fail (id != NULL, ST_DENOMINATOR_NONE);

  for (guint i = 0; i < G_N_ELEMENTS (percentages); i++)
    if (g_str_equal (percentages[i].id, id))
      return percentages[i].of;
  if (g_str_has_suffix (id, "_engine_active_time_percent")
      && strlen (id) > strlen ("_engine_active_time_percent"))
    return ST_DENOMINATOR_TOTAL_TIME;
  return ST_DENOMINATOR_NONE;
}

const char *
st_denominator_get_label (StDenominator denominator)
{
  g_return_val_if_fail (denominator < ST_N_DENOMINATORS, NULL);
  return denominators[denominator].label ? _ (denominators[denominator].label) : NULL;
}

const char *
st_denominator_get_description (StDenominator denominator)
{
  g_return_val_if_fail (denominator < ST_N_DENOMINATORS, NULL);
  return _ (denominators[denominator].description);
}

char *
st_denominator_dup_heading (StDenominator denominator, const char *title)
{
  g_return_val_if_fail (denominator > ST_DENOMINATOR_NONE && denominator < ST_N_DENOMINATORS, NULL);
  g_return_val_if_fail (title != NULL, NULL);
  /* Translators: a card's heading, then what its percentages are of: "Idle Time (% of the
   * range)" */
  return g_strdup_printf (_ ("%s (%% %s)"), title, _ (denominators[denominator].label));
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
