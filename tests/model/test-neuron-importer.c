/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Neuron device-profile importer and the profile's own metrics, on files
 * of st-gen-neuron (whose rows follow st-gen-neuron.h, so the expected
 * counts and times are computed here) and on hand-made broken files. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include "st-gen-neuron.h"
#include "st-neuron-importer.h"
#include "st-neuron-metrics.h"
#include "st-trace-error.h"

/* As tests/model/meson.build generates them. */
#define N_ONE_CORE  600
#define N_TWO_CORES 300

static StTrace *
load_env (const char *variable)
{
  const char        *path = g_getenv (variable);
  g_autoptr (GFile)  file = NULL;
  g_autoptr (GError) error = NULL;
  StTrace           *trace;

  if (path == NULL)
    g_error ("%s is not set: run the tests with meson test", variable);
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static StTrace *
load_generated (void)
{
  return load_env ("STRATA_TEST_NEURON");
}

static gint64
rel (gint64 ts)
{
  return ts - GEN_T0; /* the first instruction starts the trace */
}

static void
test_format (void)
{
  g_autoptr (StTrace) trace = load_generated ();

  g_assert_cmpstr (st_trace_get_format (trace), ==, "neuron-json");
  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "device-profile");
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, GEN_T0);
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_OVERLAPPING), ==, 0);
}

/* A slice track per engine: every instruction of the engine, from its first
 * to its last, at depth 0. */
static void
test_engines (void)
{
  g_autoptr (StTrace) trace = load_generated ();

  for (guint e = 0; e < GEN_N_ENGINES; e++)
    {
      const StTrack *t
          = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", gen_engines[e]));
      guint64 last = e + (N_ONE_CORE - 1 - e) / GEN_N_ENGINES * GEN_N_ENGINES;

      g_assert_cmpuint (t->n_slices, ==, N_ONE_CORE / GEN_N_ENGINES);
      g_assert_cmpuint (t->n_rows, ==, 1);
      g_assert_cmpint (t->slices[0].start, ==, rel (gen_ts (0, e, N_ONE_CORE)));
      g_assert_cmpint (t->slices[0].dur, ==, gen_dur (e));
      g_assert_cmpint (t->slices[t->n_slices - 1].start, ==, rel (gen_ts (0, last, N_ONE_CORE)));
      g_assert_cmpint (t->slices[t->n_slices - 1].dur, ==, gen_dur (last));
      g_assert_cmpstr (st_trace_get_string (trace, t->slices[0].name), ==,
                       gen_opcode (e, N_ONE_CORE));
    }
}

/* A track per DMA queue; the collective's transfers on "cc". */
static void
test_dma_queues (void)
{
  g_autoptr (StTrace) trace = load_generated ();
  guint64             expected[4] = { 0 };
  const char         *names[4] = { "DMA qSyncIO", "DMA qWeightLoad", "DMA qActIO", "DMA cc" };

  for (guint64 j = 0; j < N_ONE_CORE; j++)
    if (gen_has_dma (j))
      {
        const char *q = gen_dma_queue (j, N_ONE_CORE);
        expected[g_str_equal (q, "cc")            ? 3
                 : g_str_equal (q, "qSyncIO")     ? 0
                 : g_str_equal (q, "qWeightLoad") ? 1
                                                  : 2]++;
      }
  g_assert_cmpuint (expected[3], >, 0);
  for (guint q = 0; q < 4; q++)
    {
      const StTrack *t
          = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", names[q]));
      g_assert_cmpuint (t->n_slices, ==, expected[q]);
      g_assert_cmpstr (st_trace_get_string (trace, t->slices[0].cat), ==,
                       q == 3 ? "cc_dma" : "dma");
    }
  {
    const StTrack *t
        = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "DMA qSyncIO"));
    g_assert_cmpint (t->slices[0].start, ==, rel (gen_dma_ts (0, 0, N_ONE_CORE)));
    g_assert_cmpint (t->slices[0].dur, ==, gen_dma_dur (0));
    g_assert_cmpstr (st_trace_get_string (trace, t->slices[0].name), ==, "HBM\342\206\222SB");
  }
}

/* An active-time track per engine: one span per block of the generator. */
static void
test_active_time (void)
{
  g_autoptr (StTrace) trace = load_generated ();
  const StTrack      *t
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Tensor active time"));

  g_assert_cmpuint (t->n_slices, ==, GEN_N_BLOCKS);
  g_assert_cmpint (t->slices[0].start, ==, 0);
  g_assert_cmpstr (st_trace_get_string (trace, t->slices[0].name), ==, "active");
}

static const StCounterSeries *
find_series (StTrace *trace, const StTrack *t, const char *name)
{
  for (guint i = 0; i < t->n_series; i++)
    if (g_str_equal (st_trace_get_string (trace, t->series[i].name), name))
      return &t->series[i];
  return NULL;
}

/* Semaphores: a series per id; the other time series: a series per
 * numeric member. */
static void
test_counters (void)
{
  g_autoptr (StTrace) trace = load_generated ();
  const StTrack      *sem
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Semaphores"));
  const StTrack *usage
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Instruction usage"));
  const StTrack *pending
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Pending DMA"));
  const StTrack *throughput
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "DMA throughput"));
  const StCounterSeries *s0;
  guint64                total = 0;

  g_assert_cmpint (sem->kind, ==, ST_TRACK_COUNTER);
  g_assert_cmpuint (sem->n_series, ==, GEN_N_SEMAPHORES);
  for (guint i = 0; i < sem->n_series; i++)
    total += sem->series[i].n_samples;
  g_assert_cmpuint (total, ==, N_ONE_CORE / GEN_N_ENGINES);
  s0 = find_series (trace, sem, "0");
  g_assert_nonnull (s0);
  g_assert_cmpfloat (s0->values[0], ==, 1.0);
  g_assert_cmpint (s0->ts[0], ==, rel (gen_ts (0, 5, N_ONE_CORE) + gen_dur (5)));
  g_assert_cmpuint (usage->n_series, ==, GEN_N_ENGINES);
  g_assert_nonnull (find_series (trace, usage, "tensor"));
  g_assert_cmpuint (pending->n_series, ==, 1);
  g_assert_cmpuint (pending->series[0].n_samples, ==,
                    (N_ONE_CORE + GEN_SAMPLE_EVERY - 1) / GEN_SAMPLE_EVERY);
  g_assert_cmpuint (throughput->n_series, ==, 2);
  g_assert_cmpfloat (find_series (trace, throughput, "read_bytes_per_s")->values[0], ==, 1e9);
}

static guint
count_at_depth (StTrace *trace, const StTrack *t, guint depth, const char *name)
{
  guint n = 0;

  for (guint i = 0; i < t->n_slices; i++)
    if (t->slices[i].depth == depth
        && (name == NULL || g_str_equal (st_trace_get_string (trace, t->slices[i].name), name)))
      n++;
  return n;
}

/* The layer paths as nested slices: depth = segment index, each spanning
 * the instructions under it. */
static void
test_layers (void)
{
  g_autoptr (StTrace) trace = load_generated ();
  guint               index = st_test_track (trace, "NeuronCore 0", "Layers");
  const StTrack      *t = st_trace_get_track (trace, index);
  const StSlice      *model = st_test_find_slice (trace, index, "model");
  const StSlice      *layer1 = st_test_find_slice (trace, index, "layer_1");
  guint64             first = 0, last = N_ONE_CORE - 1;

  g_assert_cmpuint (t->n_rows, ==, 5);
  g_assert_cmpuint (t->n_lanes, ==, 1);
  g_assert_cmpuint (count_at_depth (trace, t, 0, NULL), ==, 1);
  g_assert_cmpuint (count_at_depth (trace, t, 1, "decoder"), ==, 1);
  g_assert_cmpuint (count_at_depth (trace, t, 1, "grad_sync"), ==, 1);
  g_assert_cmpuint (count_at_depth (trace, t, 2, NULL), ==, GEN_N_LAYERS + 1);
  g_assert_cmpuint (count_at_depth (trace, t, 2, "all_reduce"), ==, 1);
  g_assert_cmpuint (count_at_depth (trace, t, 3, "attention"), ==, GEN_N_LAYERS);
  g_assert_cmpuint (count_at_depth (trace, t, 4, "q_proj"), ==, GEN_N_LAYERS);
  g_assert_cmpuint (count_at_depth (trace, t, 4, NULL), ==, GEN_N_LAYERS * GEN_N_OPS);

  g_assert_cmpuint (model->depth, ==, 0);
  g_assert_cmpint (model->start, ==, 0);
  g_assert_cmpint (model->start + model->dur, ==,
                   rel (gen_ts (0, last, N_ONE_CORE) + gen_dur (last)));
  while (gen_block (first, N_ONE_CORE) < GEN_N_OPS)
    first++;
  last = first;
  while (gen_block (last + 1, N_ONE_CORE) < 2 * GEN_N_OPS)
    last++;
  g_assert_cmpuint (layer1->depth, ==, 2);
  g_assert_cmpint (layer1->start, ==, rel (gen_ts (0, first, N_ONE_CORE)));
  g_assert_cmpint (layer1->start + layer1->dur, >=, rel (gen_ts (0, last, N_ONE_CORE)));
}

/* A row's fields are its args, read from the file when asked for; the
 * 64-bit id survives exactly. */
static void
test_args (void)
{
  g_autoptr (StTrace) trace = load_generated ();
  const StTrack *t = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Tensor"));
  g_autoptr (GError)    error = NULL;
  g_autoptr (JsonNode)  args = st_trace_get_args (trace, t->slices[1].offset, &error);
  g_autoptr (GPtrArray) flat = NULL;
  JsonObject           *o;

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (args));
  o = json_node_get_object (args);
  g_assert_cmpstr (json_object_get_string_member (o, "hlo_name"), ==, "dot.0");
  g_assert_cmpstr (json_object_get_string_member (o, "opcode"), ==, "MatMult");
  g_assert_true (g_str_has_prefix (json_object_get_string_member (o, "operands"), "src=sb["));
  g_assert_cmpstr (json_object_get_string_member (o, "layer"), ==,
                   "model/decoder/layer_0/attention/q_proj");
  g_assert_cmpuint ((guint64)json_object_get_int_member (o, "id"), ==, gen_id (0, 6));
  g_assert_cmpuint (gen_id (0, 6), >, G_GUINT64_CONSTANT (1) << 53);

  flat = st_test_args_flat (trace, t->slices[1].offset, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < flat->len; i++)
    {
      StArg *arg = g_ptr_array_index (flat, i);
      if (g_str_equal (arg->key, "id"))
        g_assert_cmpstr (arg->value, ==, "1152921504606846989");
    }
}

/* One process per NeuronCore (nc_idx), in core order. */
static void
test_cores (void)
{
  g_autoptr (StTrace) trace = load_env ("STRATA_TEST_NEURON_CORES");
  g_autofree char    *first = NULL;

  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 2);
  first = st_trace_dup_process_title (trace, 0);
  g_assert_cmpstr (first, ==, "NeuronCore 0");
  for (guint c = 0; c < 2; c++)
    {
      g_autofree char *title = g_strdup_printf ("NeuronCore %u", c);
      const StTrack   *t = st_trace_get_track (trace, st_test_track (trace, title, "Vector"));
      g_assert_cmpuint (t->n_slices, ==, N_TWO_CORES / GEN_N_ENGINES);
      g_assert_cmpint (t->slices[0].start, ==, rel (gen_ts (c, 2, N_TWO_CORES)));
      g_assert_cmpint (st_test_find_track (trace, title, "Layers"), >=, 0);
    }
}

static void
test_gzip (void)
{
  g_autoptr (StTrace) plain = load_generated ();
  g_autoptr (StTrace) gz = load_env ("STRATA_TEST_NEURON_GZ");

  g_assert_cmpstr (st_trace_get_format (gz), ==, "neuron-json");
  g_assert_cmpuint (st_trace_get_counts (gz)->slices, ==, st_trace_get_counts (plain)->slices);
  g_assert_cmpuint (st_trace_get_counts (gz)->counter_samples, ==,
                    st_trace_get_counts (plain)->counter_samples);
}

/* The file's "warnings" (strings or objects with a message). */
static void
test_profiler_warnings (void)
{
  g_autoptr (StTrace)    trace = load_generated ();
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_PROFILER);

  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 2);
  g_assert_cmpuint (w->first_line, >, 1);
  g_assert_nonnull (strstr (w->message, "12 DMA descriptors were dropped"));
  g_assert_nonnull (strstr (w->message, "3 subgraphs were compiled without layer names"));
}

/* Five warnings, three distinct ("12 DMA descriptors were dropped" as a
 * string and as an object's message, "3 subgraphs have no layer names"
 * twice): the message lists each distinct one once, in file order. */
static void
test_profiler_warnings_distinct (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("neuron", "repeated-warnings.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_PROFILER);
  g_auto (GStrv)         lines = NULL;

  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 5);
  lines = g_strsplit (w->message, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[1], ==, "12 DMA descriptors were dropped");
  g_assert_cmpstr (lines[2], ==, "3 subgraphs have no layer names");
  g_assert_cmpstr (lines[3], ==, "the trace buffer wrapped");
}

/* The summary's metrics with their groups, order, descriptions and scale;
 * totals that are sums over the rows. */
static void
test_metrics (void)
{
  g_autoptr (StTrace)         trace = load_generated ();
  g_autoptr (GError)          error = NULL;
  g_autoptr (StNeuronMetrics) metrics = st_neuron_metrics_new_for_trace (trace);
  g_autoptr (JsonNode)        summary = st_trace_dup_metadata (trace, "summary", &error);
  JsonObject           *raw = json_array_get_object_element (json_node_get_array (summary), 0);
  const StNeuronMetric *m;
  guint64               hbm_read = 0, dma = 0;
  int                   last_order = G_MININT;

  g_assert_no_error (error);
  g_assert_cmpuint (st_neuron_metrics_get_problems (metrics)->len, ==, 0);
  for (guint64 j = 0; j < N_ONE_CORE; j++)
    hbm_read += gen_hbm_read (j), dma += gen_has_dma (j);
  g_assert_true (st_neuron_metrics_get_fractions_scaled (metrics));
  g_assert_cmpuint (st_neuron_metrics_get_n_metrics (metrics), >=, 30);

  m = st_neuron_metrics_lookup (metrics, "mfu_estimated_percent");
  g_assert_true (m->is_fraction_scaled);
  g_assert_cmpfloat_with_epsilon (
      m->value, json_object_get_double_member (raw, "mfu_estimated_percent") * 100, 1e-9);
  g_assert_cmpfloat (m->value, >, 1.0);
  g_assert_cmpfloat (m->value, <=, 100.0);
  g_assert_cmpstr (m->group_id, ==, "tensor_engine");
  g_assert_cmpstr (m->group_title, ==, "Tensor engine");
  g_assert_cmpint (m->group_order, ==, 1);
  g_assert_nonnull (strstr (m->description, "Model FLOPs Utilization"));

  m = st_neuron_metrics_lookup (metrics, "hbm_read_bytes");
  g_assert_false (m->is_fraction_scaled);
  g_assert_cmpfloat (m->value, ==, (double)hbm_read);
  g_assert_cmpstr (m->group_id, ==, "data_movement"); /* by the pattern "hbm_*" */
  g_assert_cmpfloat (st_neuron_metrics_lookup (metrics, "dma_transfer_count")->value, ==,
                     (double)dma);
  g_assert_cmpstr (
      st_neuron_metrics_lookup (metrics, "tensor_engine_active_time_percent")->group_id, ==,
      "overall_stats");
  g_assert_cmpstr (st_neuron_metrics_lookup (metrics, "throttle_inactive_percent")->group_id, ==,
                   "throttling_nc0");
  g_assert_cmpfloat_with_epsilon (
      st_neuron_metrics_lookup (metrics, "throttle_inactive_percent")->value, 1.25, 1e-9);
  g_assert_null (st_neuron_metrics_lookup (metrics, "psum_utilization_percent"));
  g_assert_null (st_neuron_metrics_lookup (metrics, "sbuf_read_bytes")->description);

  m = st_neuron_metrics_get_metric (metrics, 0);
  g_assert_cmpstr (m->id, ==, "total_time");
  for (guint i = 0; i < st_neuron_metrics_get_n_metrics (metrics); i++)
    {
      g_assert_cmpint (st_neuron_metrics_get_metric (metrics, i)->group_order, >=, last_order);
      last_order = st_neuron_metrics_get_metric (metrics, i)->group_order;
    }
}

static void
test_layer_summary_and_metadata (void)
{
  g_autoptr (StTrace)         trace = load_generated ();
  g_autoptr (StNeuronMetrics) metrics = st_neuron_metrics_new_for_trace (trace);
  const StNeuronLayer        *layer;
  double                      v;
  gint64                      first_hw;

  g_assert_cmpuint (st_neuron_metrics_get_n_layers (metrics), ==, GEN_N_LAYERS + 1);
  layer = st_neuron_metrics_get_layer (metrics, 0);
  g_assert_cmpstr (layer->name, ==, "model/decoder/layer_0");
  g_assert_cmpint (layer->start_ns, ==, GEN_T0);
  g_assert_cmpint (layer->duration_ns, ==, layer->end_ns - layer->start_ns);
  g_assert_true (st_neuron_layer_get_value (layer, "tensor_engine_instruction_count", &v));
  g_assert_cmpfloat (v, ==, GEN_N_OPS * (N_ONE_CORE / GEN_N_BLOCKS) / GEN_N_ENGINES);
  g_assert_true (st_neuron_layer_get_value (layer, "mfu_estimated_percent", &v));
  g_assert_cmpfloat (v, >, 1.0);
  g_assert_false (st_neuron_layer_get_value (layer, "no_such_metric", &v));

  g_assert_true (st_neuron_metrics_get_metadata_int (metrics, "first_hw_timestamp", &first_hw));
  g_assert_cmpint (first_hw, ==, G_GINT64_CONSTANT (1720000000000000001));
  g_assert_true (st_neuron_metrics_get_metadata_double (metrics, "pe_num_rows", &v));
  g_assert_cmpfloat (v, ==, 128.0);
  g_assert_false (st_neuron_metrics_get_metadata_double (metrics, "no_such_key", &v));
}

/* A file that already stores percents is reported as written. */
static void
test_percent_as_percent (void)
{
  g_autoptr (StTrace)         trace = st_test_load ("neuron", "percent-as-percent.json", NULL);
  g_autoptr (StNeuronMetrics) metrics = st_neuron_metrics_new_for_trace (trace);

  g_assert_false (st_neuron_metrics_get_fractions_scaled (metrics));
  g_assert_cmpfloat (st_neuron_metrics_lookup (metrics, "mfu_estimated_percent")->value, ==, 41.5);
  g_assert_cmpfloat (st_neuron_metrics_lookup (metrics, "mbu_estimated_percent")->value, ==, 0.4);
  g_assert_false (st_neuron_metrics_lookup (metrics, "mbu_estimated_percent")->is_fraction_scaled);
  g_assert_cmpstr (st_neuron_metrics_lookup (metrics, "total_time")->group_id, ==, "other");
}

static void
test_sniff (void)
{
  static const struct
  {
    const char *text;
    gboolean    neuron;
  } cases[] = {
    { "{\"instruction\": [{\"timestamp\": 1", TRUE },
    { "{\"profile_info\": [{\"a\": 1}], \"summary\": [", TRUE },
    { "{\"metadata\": [{\"pe_num_rows\": 128}]}", TRUE },
    { "{\"metadata\": {\"host\": \"x\"}, \"traceEvents\": []}", FALSE },
    { "{\"traceEvents\": [], \"instruction\": []}", FALSE },
    { "[{\"ph\": \"X\"}]", FALSE },
    { "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (st_neuron_sniff (cases[i].text, strlen (cases[i].text)), ==, cases[i].neuron);
}

static void
test_truncated (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("neuron", "truncated.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_TRUNCATED);

  g_assert_cmpuint (
      st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Vector"))->n_slices, ==, 3);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->first_line, ==, 5);
  g_assert_cmpuint (w->first_column, ==, 3);
  g_assert_nonnull (strstr (w->message, "partial last row of “instruction”"));
}

static void
test_missing_timestamp (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("neuron", "missing-timestamp.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_MISSING_FIELD);

  g_assert_cmpuint (
      st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Scalar"))->n_slices, ==, 2);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 1);
  g_assert_cmpuint (w->first_line, ==, 3);
  g_assert_cmpuint (w->first_column, ==, 3);
  g_assert_nonnull (strstr (w->message, "no “timestamp”"));
}

static void
test_negative_duration (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("neuron", "negative-duration.json", NULL);
  guint                  index = st_test_track (trace, "NeuronCore 0", "Tensor");
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_NEGATIVE_DURATION);

  g_assert_cmpint (st_test_find_slice_at (trace, index, "MatMult", 100)->dur, ==, 0);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->first_line, ==, 3);
  g_assert_cmpint (
      st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "DMA qSyncIO"))->n_slices,
      ==, 1);
}

typedef struct
{
  const char *file;
  int         code;
  const char *says;
} BadCase;

static const BadCase bad_cases[] = {
  { "not-an-array.json", ST_TRACE_ERROR_NOT_A_TRACE,
    "not-an-array.json: line 2, column 18: “instruction” should be an array of rows, but it is "
    "an object." },
  { "broken-first-row.json", ST_TRACE_ERROR_SYNTAX,
    "broken-first-row.json: line 3, column 37: expected “,” or “}” after a value" },
};

static void
test_bad_file (gconstpointer data)
{
  const BadCase      *c = data;
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_test_load_error (&error, "neuron", c->file, NULL);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, c->code);
  if (strstr (error->message, c->says) == NULL)
    g_error ("“%s” does not say “%s”", error->message, c->says);
}

static void
test_empty_profile (void)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_test_load_error (&error, "bad", "neuron-profile.json", NULL);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE);
  g_assert_nonnull (strstr (error->message, "neuron-profile.json: this Neuron profiler device "
                                            "profile holds no instructions"));
}

/* dma-routes.json: transfers named by where their bytes go, in words
 * (docs/formats-neuron-parquet.md, as the JSON's), whether the file writes
 * the lists as strings or as arrays: [["unknown"]] to ["unknown"] says
 * nothing, "DMA"; [SB] to [["HBM"], ["PSUM"]] is "SB→HBM+PSUM";
 * ["unknown"] to SB is "to SB"; [["HBM"]] to ["SB", "PSUM"] is
 * "HBM→SB+PSUM". Written by hand from that rule; no name keeps a bracket,
 * a quote or a backslash. */
static void
test_dma_routes (void)
{
  g_autoptr (StTrace) trace = st_test_load ("neuron", "dma-routes.json", NULL);
  const char         *expected[] = { "DMA", "SB→HBM+PSUM", "to SB", "DMA", "HBM→SB+PSUM" };
  guint               n = 0;

  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack *t = st_trace_get_track (trace, i);

      for (guint k = 0; k < t->n_slices; k++)
        {
          const char *name = st_trace_get_string (trace, t->slices[k].name);

          if (!g_str_equal (st_trace_get_string (trace, t->slices[k].cat), "dma"))
            continue;
          g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
          g_assert_cmpstr (name, ==, expected[n]);
          g_assert_null (strpbrk (name, "[]\"'\\"));
          n++;
        }
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/neuron/format", test_format);
  g_test_add_func ("/model/neuron/engines", test_engines);
  g_test_add_func ("/model/neuron/dma-queues", test_dma_queues);
  g_test_add_func ("/model/neuron/active-time", test_active_time);
  g_test_add_func ("/model/neuron/counters", test_counters);
  g_test_add_func ("/model/neuron/layers", test_layers);
  g_test_add_func ("/model/neuron/args", test_args);
  g_test_add_func ("/model/neuron/cores", test_cores);
  g_test_add_func ("/model/neuron/gzip", test_gzip);
  g_test_add_func ("/model/neuron/profiler-warnings", test_profiler_warnings);
  g_test_add_func ("/model/neuron/profiler-warnings-distinct", test_profiler_warnings_distinct);
  g_test_add_func ("/model/neuron/metrics/summary", test_metrics);
  g_test_add_func ("/model/neuron/metrics/layers-and-metadata", test_layer_summary_and_metadata);
  g_test_add_func ("/model/neuron/metrics/percent-as-percent", test_percent_as_percent);
  g_test_add_func ("/model/neuron/dma-routes", test_dma_routes);
  g_test_add_func ("/model/neuron/sniff", test_sniff);
  g_test_add_func ("/model/neuron/truncated", test_truncated);
  g_test_add_func ("/model/neuron/missing-timestamp", test_missing_timestamp);
  g_test_add_func ("/model/neuron/negative-duration", test_negative_duration);
  g_test_add_func ("/model/neuron/empty-profile", test_empty_profile);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/neuron/bad/%s", bad_cases[i].file);
      g_test_add_data_func (path, &bad_cases[i], test_bad_file);
    }
  return g_test_run ();
}
