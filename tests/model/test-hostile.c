/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile and broken files that load fast: each a file of tests/data/bad
 * (or made here), each with the error a person reads or the partial trace
 * and its warnings. The slow and huge ones are in tests/robust. Files that
 * made a fuzzer fail are here too (see tests/fuzz). */
#define G_LOG_DOMAIN "strata-test"
#define _GNU_SOURCE

#include "config.h"

#include "st-source.h"
#include "st-test-util.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

static const char *
process_pid (StTrace *trace, guint index)
{
  return st_trace_get_string (trace, st_trace_get_process (trace, index)->pid);
}

/* "[" alone: the array never closes and holds nothing; the trace opens
 * empty and says so, at line 1. */
static void
test_one_byte (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("bad", "one-byte.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_TRUNCATED);

  g_assert_cmpuint (st_trace_get_n_tracks (trace), ==, 0);
  g_assert_nonnull (w);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NO_EVENTS), ==, 1);
}

/* Duplicate keys: the last one counts, as in JavaScript's JSON.parse and
 * json-glib (so the timeline and the details pane agree). */
static void
test_duplicate_keys (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("bad", "duplicate-keys.json", NULL);
  g_autoptr (GError)    error = NULL;
  g_autoptr (GPtrArray) args = NULL;
  const StTrack        *track;
  StArg                *arg;

  g_assert_cmpuint (st_trace_get_n_tracks (trace), ==, 1);
  track = st_trace_get_track (trace, 0);
  g_assert_cmpuint (track->n_slices, ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, track->slices[0].name), ==, "second");
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, 5000);
  g_assert_cmpint (track->slices[0].dur, ==, 3000);
  args = st_test_args_flat (trace, track->slices[0].offset, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (args->len, ==, 1);
  arg = g_ptr_array_index (args, 0);
  g_assert_cmpstr (arg->key, ==, "k");
  g_assert_cmpstr (arg->value, ==, "2");
}

/* Flows that go round in circles (v2 bindings both ways, v1 steps back to
 * the start) end: each flow is drawn once, the rest are warnings. */
static void
test_flow_cycle (void)
{
  g_autoptr (StTrace) trace = st_test_load ("bad", "flow-cycle.json", NULL);
  gsize               n_flows = 0;
  const StFlow       *flows = st_trace_get_flows (trace, &n_flows);

  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 2);
  g_assert_cmpuint (n_flows, >=, 1);
  g_assert_cmpuint (n_flows, <=, 4);
  for (gsize i = 0; i < n_flows; i++)
    g_assert_false (flows[i].from.track == flows[i].to.track
                    && flows[i].from.index == flows[i].to.index);
}

/* pids of 2^32 and beyond, negative ones and 1e300 stay apart, written as
 * in the file: none is cut to 32 bits and none collides with another. */
static void
test_huge_pids (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("bad", "huge-pids.json", NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_true (g_hash_table_add (seen, (gpointer)process_pid (trace, i)));
  g_assert_true (g_hash_table_contains (seen, "4294967296"));
  g_assert_true (g_hash_table_contains (seen, "4294967297"));
  g_assert_true (g_hash_table_contains (seen, "0"));
  g_assert_true (g_hash_table_contains (seen, "-1"));
}

/* Found by fuzz-neuron: a stray ':' in the "warnings" array made the
 * importer spin on it forever. It now keeps the warnings before it. */
static void
test_neuron_warnings_stray_colon (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("bad", "neuron-warnings-stray-colon.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_PROFILER);

  g_assert_cmpstr (st_trace_get_format (trace), ==, "neuron-json");
  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 1);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 1);
}

/* Found by fuzz-chrome: a profile without a single process (here a Neuron
 * one whose rows are all junk) copied an empty array from NULL, undefined
 * behaviour that the sanitizer build stops on. */
static void
test_no_processes (void)
{
  g_autoptr (StTrace) trace = st_test_load ("bad", "no-processes.json", NULL);

  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 0);
  g_assert_cmpuint (st_trace_get_n_tracks (trace), ==, 0);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NOT_AN_OBJECT), ==, 1);
}

/* Found by fuzz-chrome: a pid that is not valid UTF-8, named by "M"
 * events. Its repaired text no longer matched the bytes it was interned
 * from, so the metadata's pid became a second string that no process had,
 * and naming it wrote out of bounds. Now the same bytes are the same pid. */
static void
test_invalid_utf8_pid (void)
{
  g_autoptr (StTrace) trace = st_test_load ("bad", "invalid-utf8-pid.json", NULL);
  gboolean            found = FALSE;

  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_INVALID_UTF8), ==, 1);
  for (guint i = 0; i < st_trace_get_n_processes (trace); i++)
    {
      const StProcess *p = st_trace_get_process (trace, i);

      if (g_str_has_prefix (process_pid (trace, i), "3\357\277\275"))
        {
          g_assert_cmpstr (st_trace_get_string (trace, p->name), ==, "zeta");
          g_assert_true (g_utf8_validate (process_pid (trace, i), -1, NULL));
          found = TRUE;
        }
    }
  g_assert_true (found);
}

/* A mapped file cut short under the reader: the lost pages read as zeros
 * instead of raising SIGBUS, and the source knows. */
static void
test_shrunk_mapping (void)
{
  g_autofree char     *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char     *path = g_build_filename (dir, "shrinks.json", NULL);
  g_autofree char     *text = g_malloc (1024 * 1024);
  g_autoptr (GFile)    file = g_file_new_for_path (path);
  g_autoptr (GError)   error = NULL;
  g_autoptr (StSource) source = NULL;
  const char          *data;
  int                  fd;

  memset (text, ' ', 1024 * 1024);
  text[0] = '[';
  g_assert_true (g_file_set_contents (path, text, 1024 * 1024, NULL));
  source = st_source_open (file, "shrinks.json", NULL, &error);
  g_assert_no_error (error);
  data = st_source_get_data (source);
  g_assert_cmpint (data[512 * 1024], ==, ' ');
  g_assert_false (st_source_get_shrunk (source));

  fd = open (path, O_WRONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100), ==, 0);
  close (fd);
  /* Past the new end, inside the mapping: zeros, and no signal. */
  g_assert_cmpint (data[512 * 1024], ==, 0);
  g_assert_cmpint (data[1024 * 1024 - 1], ==, 0);
  g_assert_true (st_source_get_shrunk (source));
  g_assert_false (st_source_check_shrunk (source, &error));
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "shrinks.json: the file changed on disk"));

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/hostile/one-byte", test_one_byte);
  g_test_add_func ("/model/hostile/duplicate-keys", test_duplicate_keys);
  g_test_add_func ("/model/hostile/flow-cycle", test_flow_cycle);
  g_test_add_func ("/model/hostile/huge-pids", test_huge_pids);
  g_test_add_func ("/model/hostile/shrunk-mapping", test_shrunk_mapping);
  g_test_add_func ("/model/hostile/fuzz/neuron-warnings-stray-colon",
                   test_neuron_warnings_stray_colon);
  g_test_add_func ("/model/hostile/fuzz/no-processes", test_no_processes);
  g_test_add_func ("/model/hostile/fuzz/invalid-utf8-pid", test_invalid_utf8_pid);

  return g_test_run ();
}
