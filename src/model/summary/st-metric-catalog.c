#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-metric-catalog.h"

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
