/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A Stack Tracing report (`*_chrome_tracing_report.json`) opens as its
 * author laid it out: the row of section calls on top, then one row per
 * hyperfunction in order, hypersections as slices with their figures in
 * the args; the hierarchy method finds one region per section call. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-highlighter.h"
#include "st-test-util.h"

#include <string.h>

#define REPORT "llama_chrome_tracing_report.json"

/* The report's rows, in its order. */
static const char *const rows[] = {
  "Section calls",
  "hf0: embedding (2 calls, 60 us)",
  "hf1: decoder_block (4 calls, 920 us)",
  "hf2: lm_head (2 calls, 120 us)",
};

static void
test_rows_in_order (void)
{
  g_autoptr (StTrace) trace = st_test_load ("stack-tracing", REPORT, NULL);
  const StProcess    *process;

  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "stack-tracing");
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 1);
  process = st_trace_get_process (trace, 0);
  g_assert_cmpuint (process->n_tracks, ==, G_N_ELEMENTS (rows));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const StTrack *track = st_trace_get_track (trace, process->first_track + i);

      g_assert_cmpstr (st_trace_get_string (trace, track->name), ==, rows[i]);
    }
  g_assert_cmpuint (st_trace_get_track (trace, process->first_track)->n_slices, ==, 8);
  g_assert_cmpuint (st_trace_get_track (trace, process->first_track + 2)->n_slices, ==, 12);
}

static void
test_section_args (void)
{
  g_autoptr (StTrace) trace = st_test_load ("stack-tracing", REPORT, NULL);
  guint          track = st_test_track (trace, "Model run", "hf1: decoder_block (4 calls, 920 us)");
  const StSlice *attention = st_test_find_slice (trace, track, "attention");
  g_autoptr (GError)     error = NULL;
  g_autoptr (GPtrArray)  args = NULL;
  g_autoptr (GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_nonnull (attention);
  g_assert_cmpint (attention->start, ==, 116000);
  g_assert_cmpint (attention->dur, ==, 76000);
  args = st_test_args_flat (trace, attention->offset, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < args->len; i++)
    {
      StArg *arg = g_ptr_array_index (args, i);

      g_hash_table_insert (values, arg->key, arg->value);
    }
  g_assert_cmpstr (g_hash_table_lookup (values, "Tflop"), ==, "0.75");
  g_assert_cmpstr (g_hash_table_lookup (values, "Estimated latency (us)"), ==, "74");
  g_assert_cmpstr (g_hash_table_lookup (values, "Measured latency (us)"), ==, "75");
  g_assert_cmpstr (g_hash_table_lookup (values, "PMUs"), ==, "16");
  g_assert_cmpstr (g_hash_table_lookup (values, "DDR bandwidth (GB/s)"), ==, "121.5");
  g_assert_cmpstr (g_hash_table_lookup (values, "PCIe bandwidth (GB/s)"), ==, "12.25");
}

static void
test_region_per_section_call (void)
{
  g_autoptr (StTrace)             trace = st_test_load ("stack-tracing", REPORT, NULL);
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_new (ST_REGION_HIERARCHY);
  g_autoptr (GError)              error = NULL;
  g_autoptr (GPtrArray)           regions = NULL;
  g_autofree char                *explanation = NULL;
  const gint64 starts[] = { 0, 40000, 280000, 520000, 590000, 630000, 870000, 1110000 };
  const gint64 durs[] = { 30000, 230000, 230000, 60000, 30000, 230000, 230000, 60000 };

  /* By default: the row whose outermost slices cover the most time, the
   * section calls, whose names repeat up to their numbers. */
  regions = st_test_region_objects (
      st_highlighter_run (trace, config, &explanation, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (explanation);
  g_assert_cmpuint (regions->len, ==, 8);
  for (guint i = 0; i < regions->len; i++)
    {
      StRegion        *region = g_ptr_array_index (regions, i);
      g_autofree char *name = g_strdup_printf ("section_call_%u", i + 1);

      g_assert_cmpstr (st_region_get_name (region), ==, name);
      g_assert_cmpint (st_region_get_start (region), ==, starts[i]);
      g_assert_cmpint (st_region_get_duration (region), ==, durs[i]);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stack-tracing/rows-in-order", test_rows_in_order);
  g_test_add_func ("/stack-tracing/section-args", test_section_args);
  g_test_add_func ("/stack-tracing/region-per-section-call", test_region_per_section_call);

  return g_test_run ();
}
