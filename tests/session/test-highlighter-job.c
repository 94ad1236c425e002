/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Region Highlighter's run on a thread, as the Annotations panel uses
 * it: a configuration run on a trace hands back the regions with the
 * bounds the file gives, its progress reaches 1; a run that finds nothing
 * says why; a cancelled run ends with G_IO_ERROR_CANCELLED. Times: µs in
 * the files, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-highlighter-job.h"
#include "st-trace-loader.h"

#include <string.h>

#define US 1000

static StTrace *
load (const char *name)
{
  g_autofree char  *path = g_test_build_filename (G_TEST_DIST, "data", "highlight", name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autoptr (GError)        error = NULL;
  StTrace                  *trace = st_trace_loader_load (loader, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static StHighlighterConfig *
parse (const char *json)
{
  g_autoptr (GError)   error = NULL;
  StHighlighterConfig *config = st_highlighter_config_parse (json, -1, "test", &error);

  g_assert_no_error (error);
  return config;
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **)data = g_object_ref (result);
}

/* Runs @job as the panel does and waits in the main loop for its end. */
static StRegionArray *
run (StHighlighterJob *job, GCancellable *cancellable, gboolean cancel, GError **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  st_highlighter_job_run_async (job, cancellable, on_done, &result);
  if (cancel)
    g_cancellable_cancel (cancellable);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return st_highlighter_job_run_finish (job, result, error);
}

static void
assert_region (StRegionArray *regions, guint i, gint64 start, gint64 end)
{
  g_assert_cmpint (st_region_array_get_start (regions, i), ==, start);
  g_assert_cmpint (st_region_array_get_end (regions, i), ==, end);
  g_assert_cmpint (st_region_array_get_method (regions, i), ==, ST_REGION_COLLECTIVES);
}

/* In device-collectives.json the AllReduce on stream 13 [100, 150) and the
 * AllGather on stream 14 [140, 170) overlap: one collective [100, 170). A
 * ReduceScatter follows at [300, 320), an AllReduce right after it at
 * [320, 330) (no gap between them), a SendRecv at [500, 510). The regions
 * are the gaps between collectives: [170, 300) and [330, 500). */
static void
test_regions (void)
{
  g_autoptr (StTrace)             trace = load ("device-collectives.json");
  g_autoptr (StHighlighterConfig) config = parse ("{\"version\": 1, \"method\": \"collectives\"}");
  g_autoptr (StHighlighterJob)    job = st_highlighter_job_new (trace, config);
  g_autoptr (GCancellable)        cancellable = g_cancellable_new ();
  g_autoptr (GError)              error = NULL;
  g_autoptr (StRegionArray)       regions = NULL;

  g_assert_cmpfloat (st_highlighter_job_get_progress (job), ==, 0);
  regions = run (job, cancellable, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (regions);
  g_assert_cmpuint (st_region_array_get_length (regions), ==, 2);
  assert_region (regions, 0, 170 * US, 300 * US);
  assert_region (regions, 1, 330 * US, 500 * US);
  g_assert_null (st_highlighter_job_get_explanation (job));
  g_assert_cmpfloat (st_highlighter_job_get_progress (job), ==, 1);
}

/* Every gap in the file is shorter than 1 ms: no regions, and a sentence
 * that says so. */
static void
test_explanation (void)
{
  g_autoptr (StTrace)             trace = load ("device-collectives.json");
  g_autoptr (StHighlighterConfig) config
      = parse ("{\"version\": 1, \"method\": \"collectives\", \"min_gap_ns\": 1000000}");
  g_autoptr (StHighlighterJob) job = st_highlighter_job_new (trace, config);
  g_autoptr (GError)           error = NULL;
  g_autoptr (StRegionArray)    regions = run (job, NULL, FALSE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (regions);
  g_assert_cmpuint (st_region_array_get_length (regions), ==, 0);
  g_assert_nonnull (st_highlighter_job_get_explanation (job));
  g_assert_nonnull (strstr (st_highlighter_job_get_explanation (job), "minimum gap"));
}

/* Cancel pressed while the run goes on: no regions, G_IO_ERROR_CANCELLED. */
static void
test_cancel (void)
{
  g_autoptr (StTrace)             trace = load ("device-collectives.json");
  g_autoptr (StHighlighterConfig) config = parse ("{\"version\": 1, \"method\": \"collectives\"}");
  g_autoptr (StHighlighterJob)    job = st_highlighter_job_new (trace, config);
  g_autoptr (GCancellable)        cancellable = g_cancellable_new ();
  g_autoptr (GError)              error = NULL;
  g_autoptr (StRegionArray)       regions = run (job, cancellable, TRUE, &error);

  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (regions);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/highlighter-job/regions", test_regions);
  g_test_add_func ("/session/highlighter-job/explanation", test_explanation);
  g_test_add_func ("/session/highlighter-job/cancel", test_cancel);
  return g_test_run ();
}
