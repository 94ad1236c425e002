/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-neuron.c: the metrics a Neuron profile carries (summary[0],
 * with the file's groups and descriptions), and the Neuron memory
 * breakdown.
 *
 * For the whole profile the file's values are shown as written. For a
 * region, what can be recomputed from the instruction, DMA and active-time
 * rows overlapping it is recomputed with the profiler's formulas (engine
 * active %, instruction counts, HBM / SBUF / spill / weight bytes, FLOPs,
 * MFU / HFU / MBU, arithmetic intensity, DMA count and sizes); properties of
 * the hardware or the model (peak FLOPs / bandwidth ratio, weight size)
 * are carried; the rest is absent for the region.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-scan.h"
#include "st-neuron-metrics.h"
#include "st-event-scan.h"
#include "st-metric-catalog.h"
#include "st-summary-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

enum
{
  F_HBM_READ,
  F_HBM_WRITE,
  F_SBUF_READ,
  F_SBUF_WRITE,
  F_SPILL_SAVE,
  F_SPILL_RELOAD,
  F_WEIGHT_QUEUE,
  F_FLOPS,
  N_FIELDS,
  /* Read besides (docs/metrics.md 2.3): the FLOPs of a Parquet row, and
   * its transpose FLOPs. */
  F_RAW_FLOPS = N_FIELDS,
  F_FLOPS_TRANSPOSE,
  N_KEYS
};

static const char *const field_keys[] = {
  "hbm_read_bytes",
  "hbm_write_bytes",
  "sbuf_read_bytes",
  "sbuf_write_bytes",
  "spill_save_bytes",
  "spill_reload_bytes",
  "weight_queue_bytes",
  "flops",
  "raw_flops",
  "flops_transpose",
  NULL,
};

typedef struct
{
  guint64  count;
  gint64   busy;   /* union of its instructions, summed over cores */
  gint64   active; /* its active-time rows, summed over cores */
  gboolean has_active;
} EngineStats;

/* What the rows overlapping the region add up to. */
typedef struct
{
  guint64     instructions;
  double      field[N_FIELDS];
  gboolean    has_field[N_FIELDS];
  double      transpose_flops;
  guint64     dma_count;
  guint64     cc_dma_count;
  double      dma_bytes;
  gboolean    has_dma_bytes;
  GHashTable *engines; /* lower-case engine name -> EngineStats */
  guint       n_cores;
  double      device_s;      /* device time of the range, seconds */
  double      peak_flops;    /* per second, all cores; 0 unknown */
  double      hbm_bandwidth; /* bytes per second, all cores; 0 unknown */
} RowStats;

static EngineStats *
engine_stats (RowStats *rs, const char *engine)
{
  g_autofree char *lower = g_ascii_strdown (engine, -1);
  EngineStats     *e = g_hash_table_lookup (rs->engines, lower);

  if (e == NULL)
    {
      e = g_new0 (EngineStats, 1);
      g_hash_table_insert (rs->engines, g_steal_pointer (&lower), e);
    }
  return e;
}

static void
add_instruction (StSummaryJob *job, RowStats *rs, const StDeviceEvent *ev)
{
  const StSlice *slice = st_trace_get_slice (job->trace, ev->ref);
  const char    *values[N_KEYS];
  gsize          lengths[N_KEYS];
  double         transpose;

  rs->instructions++;
  st_event_scan_fields (job->trace, slice->offset, NULL, field_keys, values, lengths);
  if (values[F_FLOPS] == NULL)
    {
      values[F_FLOPS] = values[F_RAW_FLOPS];
      lengths[F_FLOPS] = lengths[F_RAW_FLOPS];
    }
  for (guint f = 0; f < N_FIELDS; f++)
    {
      double v;

      if (values[f] == NULL || !st_json_parse_double (values[f], values[f] + lengths[f], &v))
        continue;
      rs->field[f] += v;
      rs->has_field[f] = TRUE;
      if (f == F_FLOPS && values[F_FLOPS_TRANSPOSE] == NULL
          && g_str_equal (st_trace_get_string (job->trace, slice->name), "Transpose"))
        rs->transpose_flops += v;
    }
  if (values[F_FLOPS_TRANSPOSE] != NULL
      && st_json_parse_double (values[F_FLOPS_TRANSPOSE],
                               values[F_FLOPS_TRANSPOSE] + lengths[F_FLOPS_TRANSPOSE], &transpose))
    rs->transpose_flops += transpose;
}

static void
add_dma (StSummaryJob *job, RowStats *rs, const StDeviceEvent *ev)
{
  const StSlice *slice = st_trace_get_slice (job->trace, ev->ref);
  guint64        size;

  rs->dma_count++;
  rs->cc_dma_count += ev->slot == ST_SLOT_COMMUNICATION;
  if (st_summary_scan_uint (job->trace, slice->offset, NULL, "transfer_size", &size)
      || st_summary_scan_uint (job->trace, slice->offset, NULL, "transfer_bytes", &size))
    {
      rs->dma_bytes += size;
      rs->has_dma_bytes = TRUE;
    }
}

typedef struct
{
  StSummaryJob *job;
  GArray       *spans;
  guint64       count;
} SpanCollect;

static void
collect_span (const StSlice *slice, guint index, gpointer data)
{
  SpanCollect *c = data;
  StSpan span = { MAX (slice->start, c->job->start), MIN (slice->start + slice->dur, c->job->end) };

  c->count++;
  if (span.end > span.start)
    g_array_append_val (c->spans, span);
}

/* Per engine: instructions, the union of their intervals, and the union of
 * its active-time rows ("Tensor active time"), per track (one per core). */
static void
engine_times (StSummaryJob *job, RowStats *rs)
{
  guint                  n_tracks = st_trace_get_n_tracks (job->trace);
  g_autoptr (GHashTable) cores = g_hash_table_new (NULL, NULL);

  for (guint t = 0; t < n_tracks; t++)
    {
      const StTrack     *track = st_trace_get_track (job->trace, t);
      const char        *name = st_trace_get_string (job->trace, track->name);
      g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (StSpan));
      SpanCollect        c = { job, spans, 0 };
      gboolean           active;

      if (track->n_slices == 0)
        continue;
      active = g_str_equal (st_trace_get_string (job->trace, track->slices[0].cat), "active_time")
               && g_str_has_suffix (name, " active time");
      if (!active
          && st_event_classifier_device_kind (job->classes, &track->slices[0])
                 != ST_DEVICE_EVENT_INSTRUCTION)
        continue;
      st_summary_each_slice (job->trace, t, job->start, job->end, collect_span, &c);
      if (active)
        {
          g_autofree char *engine = g_strndup (name, strlen (name) - strlen (" active time"));
          EngineStats     *e = engine_stats (rs, engine);

          e->active += st_spans_union (spans);
          e->has_active = TRUE;
        }
      else
        {
          EngineStats *e = engine_stats (rs, name);

          e->count += c.count;
          e->busy += st_spans_union (spans);
          g_hash_table_add (cores, GUINT_TO_POINTER (track->process + 1));
        }
    }
  rs->n_cores = MAX (1, g_hash_table_size (cores));
}

static void
row_stats (StSummaryJob *job, StNeuronMetrics *pm, RowStats *rs)
{
  const StMetric *device_time = st_summary_lookup (job->summary, "device_time_ns");
  double          rows, cols, clock, hbm;

  rs->engines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);

      if (ev->kernel)
        add_instruction (job, rs, ev);
      else
        add_dma (job, rs, ev);
    }
  engine_times (job, rs);
  rs->device_s = device_time->present ? device_time->value / 1e9 : 0;
  if (st_neuron_metrics_get_metadata_double (pm, "pe_num_rows", &rows)
      && st_neuron_metrics_get_metadata_double (pm, "pe_num_cols", &cols)
      && st_neuron_metrics_get_metadata_double (pm, "pe_clock_freq", &clock))
    rs->peak_flops = rows * cols * 2.0 * clock * rs->n_cores;
  if (st_neuron_metrics_get_metadata_double (pm, "hbm_ddr_bandwidth", &hbm))
    rs->hbm_bandwidth = hbm * rs->n_cores;
}

static gboolean
field (const RowStats *rs, guint f, double *out)
{
  *out = rs->field[f];
  return rs->has_field[f];
}

static gboolean
ratio (double num, double den, double scale, double *out)
{
  if (den <= 0)
    return FALSE;
  *out = scale * num / den;
  return TRUE;
}

/* "<engine>_engine_active_time_percent", "<engine>_engine_instruction_count". */
static gboolean
recompute_engine (const RowStats *rs, const char *id, double *out)
{
  const char *suffixes[] = { "_engine_active_time_percent", "_engine_instruction_count" };

  for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
    if (g_str_has_suffix (id, suffixes[k]))
      {
        g_autofree char *engine = g_strndup (id, strlen (id) - strlen (suffixes[k]));
        EngineStats     *e = g_hash_table_lookup (rs->engines, engine);

        if (e == NULL)
          return FALSE;
        if (k == 1)
          {
            *out = e->count;
            return TRUE;
          }
        return ratio (e->has_active ? e->active : e->busy, rs->device_s * 1e9 * rs->n_cores, 100,
                      out);
      }
  return FALSE;
}

static gboolean
recompute (const RowStats *rs, const char *id, double *out)
{
  double   read, write, flops, v;
  gboolean has_read = field (rs, F_HBM_READ, &read), has_write = field (rs, F_HBM_WRITE, &write);
  gboolean has_flops = field (rs, F_FLOPS, &flops);
  double   model = flops - rs->transpose_flops;

  if (recompute_engine (rs, id, out))
    return TRUE;
  for (guint f = 0; f < N_FIELDS; f++)
    if (f != F_FLOPS && g_str_equal (id, field_keys[f]))
      return field (rs, f, out);
  if (g_str_equal (id, "total_time"))
    return ratio (rs->device_s * 1e9, 1, 1, out);
  if (g_str_equal (id, "instruction_count"))
    return ratio (rs->instructions, 1, 1, out);
  if (has_flops && g_str_equal (id, "hardware_flops"))
    return ratio (flops, 1, 1, out);
  if (has_flops && g_str_equal (id, "transpose_flops"))
    return ratio (rs->transpose_flops, 1, 1, out);
  if (has_flops && g_str_equal (id, "model_flops"))
    return ratio (model, 1, 1, out);
  if (has_flops && g_str_equal (id, "hfu_estimated_percent"))
    return ratio (flops, rs->peak_flops * rs->device_s, 100, out);
  if (has_flops && g_str_equal (id, "mfu_estimated_percent"))
    return ratio (model, rs->peak_flops * rs->device_s, 100, out);
  if (has_read && has_write && g_str_equal (id, "mbu_estimated_percent"))
    return ratio (read + write, rs->hbm_bandwidth * rs->device_s, 100, out);
  if (has_flops && has_read && has_write && g_str_equal (id, "mm_arithmetic_intensity"))
    return ratio (model, read + write, 1, out);
  if (rs->hbm_bandwidth > 0 && g_str_equal (id, "total_bandwidth_available"))
    return ratio (rs->hbm_bandwidth * rs->device_s, 1, 1, out);
  if (has_read && field (rs, F_SPILL_RELOAD, &v) && g_str_equal (id, "useful_read_percent"))
    return ratio (read - v, read, 100, out);
  if (field (rs, F_SBUF_READ, &read) && field (rs, F_SPILL_RELOAD, &v)
      && g_str_equal (id, "sbuf_reload_ratio"))
    return ratio (v, read, 1, out);
  if (field (rs, F_SBUF_WRITE, &write) && field (rs, F_SPILL_SAVE, &v)
      && g_str_equal (id, "sbuf_save_ratio"))
    return ratio (v, write, 1, out);
  if (g_str_equal (id, "dma_transfer_count"))
    return ratio (rs->dma_count, 1, 1, out);
  if (g_str_equal (id, "cc_dma_transfer_count"))
    return ratio (rs->cc_dma_count, 1, 1, out);
  if (rs->has_dma_bytes && g_str_equal (id, "dma_transfer_total_bytes"))
    return ratio (rs->dma_bytes, 1, 1, out);
  if (rs->has_dma_bytes && g_str_equal (id, "dma_transfer_average_bytes"))
    return ratio (rs->dma_bytes, rs->dma_count, 1, out);
  return FALSE;
}

/* Properties of the hardware or the model, the same for every region. */
static gboolean
is_constant (const char *id)
{
  return g_str_equal (id, "peak_flops_bandwidth_ratio") || g_str_equal (id, "weight_size_bytes");
}

static StMetricUnit
unit_for (const char *id)
{
  if (g_str_equal (id, "total_time"))
    return ST_UNIT_NS;
  if (g_str_has_suffix (id, "_percent"))
    return ST_UNIT_PERCENT;
  if (g_str_has_suffix (id, "_bytes") || g_str_equal (id, "total_bandwidth_available"))
    return ST_UNIT_BYTES;
  if (g_str_has_suffix (id, "_count"))
    return ST_UNIT_COUNT;
  if (g_str_has_suffix (id, "flops"))
    return ST_UNIT_FLOPS;
  if (g_str_has_suffix (id, "_ratio") || g_str_has_suffix (id, "_intensity"))
    return ST_UNIT_RATIO;
  return ST_UNIT_NONE;
}

static void
add_profile_metric (StSummaryJob *job, const StNeuronMetric *pm, const RowStats *rs)
{
  const char      *known = st_metric_catalog_get_description (pm->id);
  const char      *base = pm->description ? pm->description
                          : known         ? known
                                          : _ ("Carried by the profile (its summary).");
  g_autofree char *title = st_metric_catalog_dup_title (pm->id);
  g_autofree char *description = NULL;
  StMetric        *m;
  double           v = pm->value;
  gboolean         present = TRUE;

  if (job->whole || is_constant (pm->id))
    description = g_strdup (base);
  else if (recompute (rs, pm->id, &v))
    description = g_strdup_printf (
        "%s %s", base,
        _ ("For this region, recomputed from the instruction and DMA rows that overlap it."));
  else
    {
      present = FALSE;
      description = g_strdup_printf ("%s %s", base,
                                     _ ("The profile carries it for the whole run only: it cannot "
                                        "be recomputed for a region."));
    }
  /* total_time is written in seconds; shown as a duration. */
  if (job->whole && g_str_equal (pm->id, "total_time"))
    v *= 1e9;
  m = st_summary_add_metric (job->summary, pm->id, pm->group_id, title, description,
                             unit_for (pm->id));
  g_free (m->group_title);
  m->group_title = g_strdup (pm->group_title);
  m->source = ST_METRIC_PROFILE;
  if (present)
    st_summary_set_value (m, v);
}

static void
neuron_memory (StSummary *self)
{
  static const struct
  {
    const char *id;
    const char *name;
  } parts[] = {
    { "hbm_read_bytes", N_ ("HBM read") },         { "hbm_write_bytes", N_ ("HBM write") },
    { "spill_save_bytes", N_ ("Spill save") },     { "spill_reload_bytes", N_ ("Spill reload") },
    { "weight_queue_bytes", N_ ("Weight queue") },
  };
  const StMetric *read = st_summary_lookup (self, "hbm_read_bytes");
  const StMetric *write = st_summary_lookup (self, "hbm_write_bytes");
  const StMetric *available = st_summary_lookup (self, "total_bandwidth_available");

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      const StMetric *m = st_summary_lookup (self, parts[i].id);
      StMemoryPart    part = { _ (parts[i].name), 0, 0, TRUE };

      if (m == NULL || !m->present)
        continue;
      part.bytes = (guint64)MAX (0, m->value);
      g_array_append_val (self->memory, part);
    }
  if (read && write && available && read->present && write->present && available->present
      && available->value > read->value + write->value)
    {
      StMemoryPart part
          = { _ ("Unused"), (guint64)(available->value - read->value - write->value), 0, TRUE };

      g_array_append_val (self->memory, part);
    }
}

/* The profile's own metrics; a section of them that cannot be read is
 * left out and said in the summary's problems. */
void
st_summary_profile_metrics (StSummaryJob *job)
{
  g_autoptr (StNeuronMetrics) pm = st_neuron_metrics_new_for_trace (job->trace);
  GPtrArray                  *problems = st_neuron_metrics_get_problems (pm);
  RowStats                    rs = { 0 };

  for (guint i = 0; i < problems->len; i++)
    g_ptr_array_add (job->summary->problems, g_strdup (g_ptr_array_index (problems, i)));
  if (!job->whole)
    row_stats (job, pm, &rs);
  for (guint i = 0; i < st_neuron_metrics_get_n_metrics (pm); i++)
    add_profile_metric (job, st_neuron_metrics_get_metric (pm, i), &rs);
  g_clear_pointer (&rs.engines, g_hash_table_unref);
  neuron_memory (job->summary);
}
