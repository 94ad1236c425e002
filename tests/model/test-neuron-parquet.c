/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Neuron Explorer's Parquet profiles (docs/formats-neuron-parquet.md), on
 * the folders make-fixtures.mjs wrote with DuckDB and parquet-rs:
 *
 * - profile/ and profile.json hold the same rows, one as Parquet tables and
 *   one as the profiler's JSON: both must give the same tracks, slices,
 *   counters, regions and Summary;
 * - the expected values of the other tests come from the formulas of the
 *   script: on core c, instruction j starts at 1000 + 5c + 100j and lasts
 *   40 + (13j mod 50) ns, on engine j mod 4 (tensor, vector, scalar,
 *   gpsimd); a tensor instruction with j mod 8 = 0 is on the TensorMatrix
 *   track; DMA packet k starts at 1030 + 5c + 300k on queue k mod 3
 *   (qSyncIO, qWeightLoad, qActIO), none for k = 11;
 * - newer-minor/ and newer-major/ are of schemas 7.6.0 and 8.0.0.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include "st-highlighter.h"
#include "st-neuron-parquet.h"
#include "st-neuron-metrics.h"
#include "st-profile-loader.h"
#include "st-summary.h"
#include "st-trace-error.h"

#include <glib/gstdio.h>
#include <math.h>

static StTrace *
load_parquet (void)
{
  return st_test_load ("neuron-parquet", "profile", NULL);
}

static StTrace *
load_json (void)
{
  return st_test_load ("neuron-parquet", "profile.json", NULL);
}

static void
test_format (void)
{
  g_autoptr (StTrace) trace = load_parquet ();
  g_autofree char    *first = st_trace_dup_process_title (trace, 0);
  g_autofree char    *second = st_trace_dup_process_title (trace, 1);

  g_assert_cmpstr (st_trace_get_format (trace), ==, "neuron-parquet");
  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "device-profile");
  g_assert_true (st_trace_is_neuron (trace));
  /* The first instruction, core 0's first, starts at 1000 ns. */
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, 1000);
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 2);
  g_assert_cmpstr (first, ==, "NeuronCore 0");
  g_assert_cmpstr (second, ==, "NeuronCore 1");
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_SCHEMA), ==, 0);
}

static void
assert_same_track (StTrace *a, const StTrack *ta, StTrace *b, const StTrack *tb)
{
  g_assert_cmpint (ta->kind, ==, tb->kind);
  g_assert_cmpuint (ta->n_slices, ==, tb->n_slices);
  g_assert_cmpuint (ta->n_rows, ==, tb->n_rows);
  for (guint s = 0; s < ta->n_slices; s++)
    {
      const StSlice *x = &ta->slices[s], *y = &tb->slices[s];

      g_assert_cmpint (x->start, ==, y->start);
      g_assert_cmpint (x->dur, ==, y->dur);
      g_assert_cmpuint (x->depth, ==, y->depth);
      g_assert_cmpstr (st_trace_get_string (a, x->name), ==, st_trace_get_string (b, y->name));
      g_assert_cmpstr (st_trace_get_string (a, x->cat), ==, st_trace_get_string (b, y->cat));
    }
  g_assert_cmpuint (ta->n_series, ==, tb->n_series);
  for (guint k = 0; k < ta->n_series; k++)
    {
      const StCounterSeries *x = &ta->series[k], *y = &tb->series[k];

      g_assert_cmpstr (st_trace_get_string (a, x->name), ==, st_trace_get_string (b, y->name));
      g_assert_cmpuint (x->n_samples, ==, y->n_samples);
      for (guint i = 0; i < x->n_samples; i++)
        {
          g_assert_cmpint (x->ts[i], ==, y->ts[i]);
          g_assert_cmpfloat (x->values[i], ==, y->values[i]);
        }
    }
}

/* Every track of the JSON is in the Parquet profile, under the same core
 * and name, with the same slices (start, length, depth, name, category)
 * and counter samples; and there are no others. */
static void
test_same_tracks (void)
{
  g_autoptr (StTrace) parquet = load_parquet ();
  g_autoptr (StTrace) json = load_json ();

  g_assert_cmpuint (st_trace_get_n_processes (parquet), ==, st_trace_get_n_processes (json));
  g_assert_cmpuint (st_trace_get_n_tracks (parquet), ==, st_trace_get_n_tracks (json));
  g_assert_cmpuint (st_trace_get_counts (parquet)->slices, ==, st_trace_get_counts (json)->slices);
  for (guint t = 0; t < st_trace_get_n_tracks (json); t++)
    {
      const StTrack   *tj = st_trace_get_track (json, t);
      g_autofree char *title = st_trace_dup_process_title (json, tj->process);
      const char      *name = st_trace_get_string (json, tj->name);
      gint             tp = st_test_find_track (parquet, title, name);

      if (tp < 0)
        g_error ("%s / %s is not in the Parquet profile", title, name);
      assert_same_track (json, tj, parquet, st_trace_get_track (parquet, tp));
    }
}

static void
assert_same_summary (StTrace *a, StTrace *b, gint64 start, gint64 end)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) sa = st_summary_compute (a, start, end, NULL, &error);
  g_autoptr (StSummary) sb = st_summary_compute (b, start, end, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (st_summary_get_n_metrics (sa), ==, st_summary_get_n_metrics (sb));
  for (guint i = 0; i < st_summary_get_n_metrics (sa); i++)
    {
      const StMetric *x = st_summary_get_metric (sa, i);
      const StMetric *y = st_summary_lookup (sb, x->id);

      g_assert_nonnull (y);
      g_assert_cmpstr (x->group, ==, y->group);
      g_assert_cmpstr (x->group_title, ==, y->group_title);
      g_assert_cmpstr (x->description, ==, y->description);
      g_assert_cmpint (x->present, ==, y->present);
      if (x->present)
        g_assert_cmpfloat_with_epsilon (x->value, y->value, 1e-9 * MAX (1.0, fabs (x->value)));
    }
}

/* The same Summary for the whole profile (the profile's own metrics as
 * written) and for a range (recomputed from the rows). */
static void
test_same_summary (void)
{
  g_autoptr (StTrace) parquet = load_parquet ();
  g_autoptr (StTrace) json = load_json ();

  assert_same_summary (parquet, json, 0, st_trace_get_end_ns (parquet));
  assert_same_summary (parquet, json, 500, 2500);
}

static StRegionArray *
regions (StTrace *trace, StRegionMethod method)
{
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_new (method);
  g_autoptr (GError)              error = NULL;
  StRegionArray *r = st_highlighter_run (trace, config, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return r;
}

/* The Region Highlighter's hierarchy method finds the same layers: three,
 * one per block of twelve instructions (layer_0, layer_1, layer_2). */
static void
test_same_regions (void)
{
  g_autoptr (StTrace)       parquet = load_parquet ();
  g_autoptr (StTrace)       json = load_json ();
  g_autoptr (StRegionArray) rp = regions (parquet, ST_REGION_HIERARCHY);
  g_autoptr (StRegionArray) rj = regions (json, ST_REGION_HIERARCHY);

  g_assert_cmpuint (st_region_array_get_length (rp), ==, 3);
  g_assert_cmpuint (st_region_array_get_length (rp), ==, st_region_array_get_length (rj));
  for (guint i = 0; i < st_region_array_get_length (rp); i++)
    {
      g_autofree char *np = st_region_array_dup_name (rp, i);
      g_autofree char *nj = st_region_array_dup_name (rj, i);

      g_assert_cmpint (st_region_array_get_start (rp, i), ==, st_region_array_get_start (rj, i));
      g_assert_cmpint (st_region_array_get_end (rp, i), ==, st_region_array_get_end (rj, i));
      g_assert_cmpstr (np, ==, nj);
    }
}

/* Core 0's tensor instructions: j = 0, 8, 16, 24, 32 on TensorMatrix
 * (timeline_track), j = 4, 12, 20, 28 on Tensor (engine "tensor", its
 * timeline_track null); j = 4 is a Transpose starting at 400 ns. */
static void
test_engines (void)
{
  g_autoptr (StTrace) trace = load_parquet ();
  const StTrack      *matrix
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "TensorMatrix"));
  guint          tensor = st_test_track (trace, "NeuronCore 0", "Tensor");
  guint          gpsimd = st_test_track (trace, "NeuronCore 1", "GpSimd");
  const StTrack *g = st_trace_get_track (trace, gpsimd);

  g_assert_cmpuint (matrix->n_slices, ==, 5);
  g_assert_cmpint (matrix->slices[0].start, ==, 0);
  g_assert_cmpint (matrix->slices[0].dur, ==, 40);
  g_assert_cmpstr (st_trace_get_string (trace, matrix->slices[0].name), ==, "MatMult");
  g_assert_cmpuint (st_trace_get_track (trace, tensor)->n_slices, ==, 4);
  /* j = 4: 1000 + 400 − 1000 = 400, 40 + 52 mod 50 = 42 ns. */
  g_assert_cmpint (st_test_find_slice_at (trace, tensor, "Transpose", 400)->dur, ==, 42);
  /* Core 1's j = 35 (gpsimd) has no opcode and no hlo_name: 1000 + 5 + 3500 − 1000. */
  g_assert_cmpuint (g->n_slices, ==, 9);
  g_assert_cmpstr (st_trace_get_string (trace, g->slices[8].name), ==, "instruction");
  g_assert_cmpint (g->slices[8].start, ==, 3505);
}

/* Packet k = 11 has no queue_name ("DMA queue"); core 0's is part of
 * transfer 105 (odd: SB to HBM), core 1's of 155, which has no
 * DmaPacketAggregated row ("DMA"). */
static void
test_dma (void)
{
  g_autoptr (StTrace) trace = load_parquet ();
  const StTrack      *q0
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "DMA queue"));
  const StTrack *q1
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 1", "DMA queue"));
  const StTrack *sync
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "DMA qSyncIO"));

  g_assert_cmpuint (q0->n_slices, ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, q0->slices[0].name), ==, "SB\342\206\222HBM");
  g_assert_cmpstr (st_trace_get_string (trace, q1->slices[0].name), ==, "DMA");
  g_assert_cmpstr (st_trace_get_string (trace, q1->slices[0].cat), ==, "dma");
  /* k = 0, 3, 6, 9; the first from 30 ns for 90 ns, HBM to SB (transfer 100). */
  g_assert_cmpuint (sync->n_slices, ==, 4);
  g_assert_cmpint (sync->slices[0].start, ==, 30);
  g_assert_cmpint (sync->slices[0].dur, ==, 90);
  g_assert_cmpstr (st_trace_get_string (trace, sync->slices[0].name), ==, "HBM\342\206\222SB");
}

/* A slice's args are its row's fields, by the table's names, but those
 * the slice says itself: nulls left out, the 64-bit id exact (2^60 + 1
 * for core 0's first instruction). */
static void
test_args (void)
{
  g_autoptr (StTrace) trace = load_parquet ();
  const StTrack      *matrix
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "TensorMatrix"));
  const StTrack *vector
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Vector"));
  g_autoptr (GError)   error = NULL;
  g_autoptr (JsonNode) args = st_trace_get_args (trace, matrix->slices[0].offset, &error);
  g_autoptr (JsonNode) vargs = st_trace_get_args (trace, vector->slices[0].offset, &error);
  JsonObject          *o;

  g_assert_no_error (error);
  o = json_node_get_object (args);
  g_assert_cmpint (json_object_get_int_member (o, "id"), ==, (G_GINT64_CONSTANT (1) << 60) + 1);
  /* Its name, track, core, start and length are the slice's own. */
  g_assert_false (json_object_has_member (o, "start_ts"));
  g_assert_false (json_object_has_member (o, "engine"));
  g_assert_false (json_object_has_member (o, "opcode"));
  g_assert_cmpstr (json_object_get_string_member (o, "hlo_name"), ==, "dot.0");
  g_assert_cmpstr (json_object_get_string_member (o, "operands"), ==, "src=sb[0] dst=psum[0]");
  /* 2 × 128 × 128 × 64 */
  g_assert_cmpint (json_object_get_int_member (o, "raw_flops"), ==, 2097152);
  o = json_node_get_object (vargs);
  g_assert_false (json_object_has_member (o, "hlo_name"));
  g_assert_false (json_object_has_member (o, "timeline_track"));
  g_assert_cmpint (json_object_get_int_member (o, "hbm_write_bytes"), ==, 2048);
}

/* The profile's metrics: percents stored as fractions shown × 100, the
 * descriptions of SchemaFields, Strata's groups, a null metric absent,
 * the hardware under the JSON's names. */
static void
test_metrics (void)
{
  g_autoptr (StTrace)         trace = load_parquet ();
  g_autoptr (StNeuronMetrics) metrics = st_neuron_metrics_new_for_trace (trace);
  const StNeuronMetric       *mfu = st_neuron_metrics_lookup (metrics, "mfu_estimated_percent");
  const StNeuronMetric       *total = st_neuron_metrics_lookup (metrics, "total_time");
  double                      v;

  g_assert_cmpuint (st_neuron_metrics_get_problems (metrics)->len, ==, 0);
  g_assert_true (st_neuron_metrics_get_fractions_scaled (metrics));
  g_assert_true (mfu->is_fraction_scaled);
  g_assert_cmpfloat (mfu->value, >, 1.0);
  g_assert_cmpstr (mfu->group_id, ==, "tensor_engine");
  g_assert_cmpstr (mfu->description, ==, "MFU is Model FLOPs Utilization of the Tensor Engine.");
  /* The run spans 1000 to 4550 ns: 3.55 µs, written in seconds. */
  g_assert_cmpfloat (total->value, ==, 3.55e-6);
  g_assert_cmpstr (total->group_id, ==, "overall_stats");
  g_assert_cmpstr (st_neuron_metrics_lookup (metrics, "hbm_read_bytes")->group_id, ==,
                   "data_movement");
  g_assert_cmpstr (st_neuron_metrics_lookup (metrics, "peak_flops_bandwidth_ratio")->group_id, ==,
                   "system");
  g_assert_null (st_neuron_metrics_lookup (metrics, "cc_op_time"));
  g_assert_true (st_neuron_metrics_get_metadata_double (metrics, "pe_clock_freq", &v));
  g_assert_cmpfloat (v, ==, 1.4e9);
  g_assert_true (st_neuron_metrics_get_metadata_double (metrics, "pe_num_rows", &v));
  g_assert_cmpfloat (v, ==, 128);
}

/* Semaphores: core 0's gpsimd instructions j = 3, 7, … 35 set semaphore
 * j mod 3 to j / 4 at their end; three series, nine samples. */
static void
test_counters (void)
{
  g_autoptr (StTrace) trace = load_parquet ();
  const StTrack      *sem
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 0", "Semaphores"));
  const StTrack *pending
      = st_trace_get_track (trace, st_test_track (trace, "NeuronCore 1", "Pending DMA"));
  guint total = 0;

  g_assert_cmpuint (sem->n_series, ==, 3);
  for (guint i = 0; i < sem->n_series; i++)
    total += sem->series[i].n_samples;
  g_assert_cmpuint (total, ==, 9);
  /* j = 3 sets semaphore "0" to 0 at 1000 + 300 + 79 − 1000 (40 + 39). */
  g_assert_cmpstr (st_trace_get_string (trace, sem->series[0].name), ==, "0");
  g_assert_cmpint (sem->series[0].ts[0], ==, 379);
  g_assert_cmpuint (pending->series[0].n_samples, ==, 12);
  g_assert_cmpfloat (pending->series[0].values[4], ==, 4);
}

/* The table Warning, as the JSON's "warnings". */
static void
test_profiler_warnings (void)
{
  g_autoptr (StTrace)    trace = load_parquet ();
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_PROFILER);

  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 2);
  g_assert_nonnull (strstr (w->message, "12 DMA descriptors were dropped by the trace buffer"));
  g_assert_nonnull (strstr (w->message, "3 subgraphs were compiled without layer names"));
}

/* 7.6.0: a newer MINOR loads, and says what it does not know. */
static void
test_newer_minor (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("neuron-parquet", "newer-minor", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_SCHEMA);

  g_assert_cmpuint (st_trace_get_counts (trace)->slices, >=, 8);
  g_assert_nonnull (w);
  g_assert_nonnull (strstr (w->message, "Schema 7.6.0 is newer than 7.4.0"));
  g_assert_nonnull (strstr (w->message, "Instruction.issue_cycles"));
  g_assert_nonnull (strstr (w->message, "FutureTable"));
  g_assert_null (strstr (w->message, "Could not read"));
}

/* 8.0.0, whose Instruction renamed opcode: the instructions load, named by
 * their hlo_name, and the warning says opcode could not be read. */
static void
test_newer_major (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("neuron-parquet", "newer-major", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_SCHEMA);
  guint                  matrix = st_test_track (trace, "NeuronCore 0", "TensorMatrix");

  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_track (trace, matrix)->slices[0].name),
                   ==, "dot.0");
  g_assert_nonnull (w);
  g_assert_nonnull (strstr (w->message, "Schema 8.0.0 is newer than 7.4.0"));
  g_assert_nonnull (strstr (w->message, "Instruction.opcode (missing)"));
  g_assert_nonnull (strstr (w->message, "Instruction.op_name"));
}

/* Any table of the folder opens the folder, named as the folder. */
static void
test_open_file (void)
{
  g_autoptr (StTrace) trace = st_test_load ("neuron-parquet", "profile", "Summary.parquet", NULL);

  g_assert_cmpstr (st_trace_get_format (trace), ==, "neuron-parquet");
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 140);
  g_assert_cmpstr (st_trace_get_display_name (trace), ==, "profile");
}

/* A folder of Parquet that is no profile keeps the folder's sentence; a
 * Parquet file in it says what Strata reads. */
static void
test_not_a_profile (void)
{
  g_autoptr (GError)  folder_error = NULL, file_error = NULL;
  g_autoptr (StTrace) folder
      = st_test_load_error (&folder_error, "neuron-parquet", "not-a-profile", NULL);
  g_autoptr (StTrace) file
      = st_test_load_error (&file_error, "neuron-parquet", "not-a-profile", "people.parquet", NULL);

  g_assert_null (folder);
  g_assert_error (folder_error, ST_TRACE_ERROR, ST_TRACE_ERROR_IS_DIRECTORY);
  g_assert_null (file);
  g_assert_error (file_error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE);
  g_assert_nonnull (strstr (file_error->message, "people.parquet: this is a Parquet file"));
}

/* A copy of the profile whose first Instruction part was cut short: one
 * sentence naming the file and the place. */
static void
test_damaged_table (void)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-parquet-XXXXXX", NULL);
  g_autofree char *from
      = g_test_build_filename (G_TEST_DIST, "data", "neuron-parquet", "profile", NULL);
  g_autoptr (GDir)    d = g_dir_open (from, 0, NULL);
  g_autoptr (GFile)   folder = g_file_new_for_path (dir);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  const char         *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      gsize            len;

      g_assert_true (g_file_get_contents (src, &data, &len, NULL));
      if (g_str_equal (name, "Instruction_0.parquet"))
        len -= 50;
      g_assert_true (g_file_set_contents (dst, data, len, NULL));
    }
  trace = st_trace_load_file (folder, NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "Instruction_0.parquet: byte "));
  g_assert_null (strchr (error->message, '\n'));
  g_dir_rewind (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *dst = g_build_filename (dir, name, NULL);
      g_unlink (dst);
    }
  g_rmdir (dir);
}

/* Two folders (two profiles of the same cores) open as one profile of
 * four NeuronCores. */
static void
test_two_folders (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "neuron-parquet", "profile", NULL);
  GFile                      *files[2] = { g_file_new_for_path (path), g_file_new_for_path (path) };
  g_autoptr (StProfileLoader) loader = st_profile_loader_new (files, 2);
  g_autoptr (GError)          error = NULL;
  g_autoptr (StTrace)         trace = st_profile_loader_load (loader, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 4);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 280);
  g_object_unref (files[0]);
  g_object_unref (files[1]);
}

/* Cancelled before it starts, or while it reads the tables. */
static void
test_cancel (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "neuron-parquet", "profile", NULL);
  g_autoptr (GFile)           folder = g_file_new_for_path (path);
  g_autoptr (GCancellable)    cancellable = g_cancellable_new ();
  g_autoptr (GError)          error = NULL, import_error = NULL;
  g_autoptr (StTrace)         trace = NULL;
  g_autoptr (StNeuronParquet) profile = st_neuron_parquet_open (folder, "profile", NULL, &error);
  StTraceBuilder             *builder;

  g_assert_no_error (error);
  builder = st_trace_builder_new (st_neuron_parquet_get_source (profile), "neuron-parquet");
  g_cancellable_cancel (cancellable);
  g_assert_false (
      st_neuron_parquet_import (profile, builder, cancellable, NULL, NULL, &import_error));
  g_assert_error (import_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  st_trace_builder_free (builder);
  trace = st_trace_load_file (folder, cancellable, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/neuron-parquet/format", test_format);
  g_test_add_func ("/model/neuron-parquet/same-as-json/tracks", test_same_tracks);
  g_test_add_func ("/model/neuron-parquet/same-as-json/summary", test_same_summary);
  g_test_add_func ("/model/neuron-parquet/same-as-json/regions", test_same_regions);
  g_test_add_func ("/model/neuron-parquet/engines", test_engines);
  g_test_add_func ("/model/neuron-parquet/dma", test_dma);
  g_test_add_func ("/model/neuron-parquet/args", test_args);
  g_test_add_func ("/model/neuron-parquet/metrics", test_metrics);
  g_test_add_func ("/model/neuron-parquet/counters", test_counters);
  g_test_add_func ("/model/neuron-parquet/profiler-warnings", test_profiler_warnings);
  g_test_add_func ("/model/neuron-parquet/schema/newer-minor", test_newer_minor);
  g_test_add_func ("/model/neuron-parquet/schema/newer-major", test_newer_major);
  g_test_add_func ("/model/neuron-parquet/open/a-table", test_open_file);
  g_test_add_func ("/model/neuron-parquet/open/not-a-profile", test_not_a_profile);
  g_test_add_func ("/model/neuron-parquet/open/damaged-table", test_damaged_table);
  g_test_add_func ("/model/neuron-parquet/open/two-folders", test_two_folders);
  g_test_add_func ("/model/neuron-parquet/open/cancelled", test_cancel);
  return g_test_run ();
}
