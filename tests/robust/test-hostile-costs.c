/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Files whose cost per event must stay bounded however they are shaped,
 * made at test time: a counter event with a hundred thousand series, a
 * Neuron instruction whose layer path has a million segments, async
 * operations that never end. Each used to take minutes (a scan per sample,
 * a hash of a growing prefix per segment, a scan of all lanes per
 * operation);
 * each now loads whole, with what was folded said in a warning. How long
 * they take is measured in tests/bench, not asserted here: a return to the
 * old cost shows as the suite's timeout. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include <glib/gstdio.h>

static char *tmp_dir;

static char *
write_tmp (const char *name, GString *text)
{
  char              *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text->str, text->len, &error);
  g_assert_no_error (error);
  return path;
}

static StTrace *
load_path (const char *path)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autoptr (GError)        error = NULL;
  StTrace                  *trace = st_trace_loader_load (loader, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static const StTrack *
only_track_of_kind (StTrace *trace, StTrackKind kind)
{
  const StTrack *found = NULL;

  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    if (st_trace_get_track (trace, i)->kind == kind)
      {
        g_assert_null (found);
        found = st_trace_get_track (trace, i);
      }
  g_assert_nonnull (found);
  return found;
}

/* Four samples of one counter, each naming the same 100 000 series
 * "s0" … "s99999" (5 MB): the counter has 100 000 series of four samples,
 * and series k holds the values k, k + 1, k + 2, k + 3 written for it. */
#define N_SERIES 100000

static void
test_counter_many_series (void)
{
  g_autoptr (GString) text = g_string_new ("{\"traceEvents\":[");
  g_autofree char    *path = NULL;
  g_autoptr (StTrace) trace = NULL;
  const StTrack      *track;

  for (guint e = 0; e < 4; e++)
    {
      g_string_append_printf (text, "%s{\"ph\":\"C\",\"name\":\"c\",\"pid\":1,\"ts\":%u,\"args\":{",
                              e == 0 ? "" : ",", 10 * e);
      for (guint k = 0; k < N_SERIES; k++)
        g_string_append_printf (text, "%s\"s%u\":%u", k == 0 ? "" : ",", k, k + e);
      g_string_append (text, "}}");
    }
  g_string_append (text, "]}");
  path = write_tmp ("many-series.json", text);
  trace = load_path (path);
  track = only_track_of_kind (trace, ST_TRACK_COUNTER);
  g_assert_cmpuint (track->n_series, ==, N_SERIES);
  for (guint k = 0; k < N_SERIES; k += 9973)
    {
      g_autofree char       *name = g_strdup_printf ("s%u", k);
      const StCounterSeries *series = NULL;

      for (guint i = 0; i < track->n_series && series == NULL; i++)
        if (g_strcmp0 (st_trace_get_string (trace, track->series[i].name), name) == 0)
          series = &track->series[i];
      g_assert_nonnull (series);
      g_assert_cmpuint (series->n_samples, ==, 4);
      for (guint e = 0; e < 4; e++)
        g_assert_cmpfloat (series->values[e], ==, k + e);
    }
  g_unlink (path);
}

/* One instruction at [100, 150) ns (Neuron times are in ns) whose layer is "L0/L1/…/L999999": the
 * Layers track holds the first 63 levels as nested slices, each named by
 * its segment and spanning the instruction, and a 64th, the innermost,
 * named by the rest of the path; a too-deep warning says so. */
#define N_SEGMENTS 1000000
#define DEPTH_MAX  64

static void
test_neuron_deep_layer (void)
{
  g_autoptr (GString) text = g_string_new ("{\"instruction\": [{\"timestamp\": 100, "
                                           "\"duration\": 50, \"opcode\": \"MatMult\", "
                                           "\"layer\": \"");
  g_autofree char    *path = NULL;
  g_autoptr (StTrace) trace = NULL;
  const StTrack      *layers = NULL;

  for (guint i = 0; i < N_SEGMENTS; i++)
    g_string_append_printf (text, "%sL%u", i == 0 ? "" : "/", i);
  g_string_append (text, "\"}]}");
  path = write_tmp ("deep-layer.json", text);
  trace = load_path (path);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    if (g_strcmp0 (st_trace_get_string (trace, st_trace_get_track (trace, i)->name), "Layers") == 0)
      layers = st_trace_get_track (trace, i);
  g_assert_nonnull (layers);
  g_assert_cmpuint (layers->n_slices, ==, DEPTH_MAX);
  g_assert_cmpuint (layers->n_rows, ==, DEPTH_MAX);
  for (guint d = 0; d < DEPTH_MAX; d++)
    {
      const StSlice   *s = &layers->slices[layers->row_offsets[d]];
      g_autofree char *expected = g_strdup_printf ("L%u", d);
      const char      *name = st_trace_get_string (trace, s->name);

      g_assert_cmpint (s->dur, ==, 50);
      if (d < DEPTH_MAX - 1)
        g_assert_cmpstr (name, ==, expected);
      else
        {
          g_assert_true (g_str_has_prefix (name, "L63/L64/"));
          g_assert_true (g_str_has_suffix (name, "/L999999"));
        }
    }
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_TOO_DEEP), ==, 1);
  g_unlink (path);
}

/* 300 000 async operations begun and never ended: each runs to the end
 * of the trace, which is where the last one begins, so all but the last
 * need a lane of their own and the last takes lane 0 as it frees. Lanes
 * were found by a scan of all lanes per operation (312 s for 100 MB); now
 * by two heaps. */
#define N_ASYNC 300000

static void
test_async_never_ended (void)
{
  g_autoptr (GString) text = g_string_new ("[");
  g_autofree char    *path = NULL;
  g_autoptr (StTrace) trace = NULL;
  const StTrack      *track;

  for (guint i = 0; i < N_ASYNC; i++)
    g_string_append_printf (text,
                            "%s{\"ph\":\"b\",\"name\":\"op\",\"cat\":\"c\",\"id\":%u,"
                            "\"pid\":1,\"tid\":1,\"ts\":%u}",
                            i ? "," : "", i, i);
  g_string_append (text, "]");
  path = write_tmp ("async.json", text);
  trace = load_path (path);
  track = only_track_of_kind (trace, ST_TRACK_ASYNC);
  g_assert_cmpuint (track->n_slices, ==, N_ASYNC);
  g_assert_cmpuint (track->n_lanes, ==, N_ASYNC - 1);
  g_unlink (path);
}

/* First fit, as before: a over [0, 100) µs takes lane 0; b [10, 20) lane
 * 1; c [30, 40) lane 1 again, free since 20; d [15, 50) lane 2, as lane 1
 * is b's until 20 and c's from 30. */
static void
test_async_first_fit (void)
{
  const char *spans[][2] = { { "0", "100" }, { "10", "20" }, { "30", "40" }, { "15", "50" } };
  const guint depth[] = { 0, 1, 1, 2 };
  g_autoptr (GString) text = g_string_new ("[");
  g_autofree char    *path = NULL;
  g_autoptr (StTrace) trace = NULL;
  const StTrack      *track;

  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    g_string_append_printf (
        text,
        "%s{\"ph\":\"b\",\"name\":\"op\",\"cat\":\"c\",\"id\":%u,\"pid\":1,\"tid\":1,\"ts\":%s},"
        "{\"ph\":\"e\",\"name\":\"op\",\"cat\":\"c\",\"id\":%u,\"pid\":1,\"tid\":1,\"ts\":%s}",
        i ? "," : "", i, spans[i][0], i, spans[i][1]);
  g_string_append (text, "]");
  path = write_tmp ("first-fit.json", text);
  trace = load_path (path);
  track = only_track_of_kind (trace, ST_TRACK_ASYNC);
  g_assert_cmpuint (track->n_lanes, ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    {
      gint64   start = g_ascii_strtoll (spans[i][0], NULL, 10) * 1000;
      gboolean found = FALSE;

      for (guint k = 0; k < track->n_slices; k++)
        if (track->slices[k].start == start)
          {
            g_assert_cmpuint (track->slices[k].depth, ==, depth[i]);
            found = TRUE;
          }
      g_assert_true (found);
    }
  g_unlink (path);
}

/* 200 000 distinct warnings in a Neuron file's "warnings": each was
 * checked against all kept so far by splitting them (minutes); now a set
 * finds them, the first 50 are listed and the rest counted. */
static void
test_neuron_many_warnings (void)
{
  g_autoptr (GString) text = g_string_new ("{\"instruction\": [{\"timestamp\": 1, \"duration\": 2, "
                                           "\"opcode\": \"A\"}], \"warnings\": [");
  g_autofree char    *path = NULL;
  g_autoptr (StTrace) trace = NULL;
  const StImportWarning *w;

  for (guint i = 0; i < 200000; i++)
    g_string_append_printf (text, "%s\"warning %u\"", i ? "," : "", i);
  g_string_append (text, "]}");
  path = write_tmp ("warnings.json", text);
  trace = load_path (path);
  w = st_test_warning (trace, ST_WARNING_PROFILER);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 200000);
  g_assert_nonnull (strstr (w->message, "\nwarning 0\nwarning 1\n"));
  g_assert_nonnull (strstr (w->message, "\nwarning 49\n"));
  g_assert_null (strstr (w->message, "warning 50\n"));
  /* counts are grouped with a narrow no-break space */
  g_assert_true (g_str_has_suffix (w->message, "… and 199\342\200\257950 more, not listed."));
  g_unlink (path);
}

/* 30 000 instructions, each on a layer path of its own 60 levels deep
 * (the bits of its index, one per level: about 1.4 M distinct segments):
 * no more than 2^20 segments are made, and a warning says the rest were
 * cut. */
static void
test_neuron_many_layers (void)
{
  g_autoptr (GString) text = g_string_new ("{\"instruction\": [");
  g_autofree char    *path = NULL;
  g_autoptr (StTrace) trace = NULL;
  const StTrack      *layers = NULL;

  for (guint i = 0; i < 30000; i++)
    {
      g_string_append_printf (text,
                              "%s{\"timestamp\": %u, \"duration\": 1, \"opcode\": \"A\", "
                              "\"layer\": \"",
                              i ? "," : "", i);
      for (guint k = 0; k < 60; k++)
        g_string_append_printf (text, "%sm%u", k ? "/" : "", (i >> (k % 15)) & 7);
      g_string_append (text, "\"}");
    }
  g_string_append (text, "]}");
  path = write_tmp ("layers.json", text);
  trace = load_path (path);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    if (g_strcmp0 (st_trace_get_string (trace, st_trace_get_track (trace, i)->name), "Layers") == 0)
      layers = st_trace_get_track (trace, i);
  g_assert_nonnull (layers);
  g_assert_cmpuint (layers->n_slices, ==, 1u << 20);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_TOO_DEEP), ==, 1);
  g_unlink (path);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("strata-costs-XXXXXX", NULL);
  g_test_add_func ("/robust/costs/counter-many-series", test_counter_many_series);
  g_test_add_func ("/robust/costs/neuron-deep-layer", test_neuron_deep_layer);
  g_test_add_func ("/robust/costs/async-never-ended", test_async_never_ended);
  g_test_add_func ("/robust/costs/async-first-fit", test_async_first_fit);
  g_test_add_func ("/robust/costs/neuron-many-warnings", test_neuron_many_warnings);
  g_test_add_func ("/robust/costs/neuron-many-layers", test_neuron_many_layers);
  ret = g_test_run ();
  g_rmdir (tmp_dir);
  return ret;
}
