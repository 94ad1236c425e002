/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Find: a person types part of a name (or of an argument's value) and
 * gets every matching event of the whole trace, in time order, whatever
 * the track or process, and can stop a long search. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"
#include "st-trace-query.h"
#include "st-trace-search.h"

static GArray *
find (StTrace *trace, const char *pattern, StFindFlags flags)
{
  g_autoptr (GError) error = NULL;
  GArray            *refs = st_trace_find (trace, pattern, flags, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (refs);
  return refs;
}

static void
assert_time_order (StTrace *trace, GArray *refs)
{
  for (guint i = 1; i < refs->len; i++)
    g_assert_cmpint (st_event_get_start (trace, g_array_index (refs, StEventRef, i - 1)), <=,
                     st_event_get_start (trace, g_array_index (refs, StEventRef, i)));
}

/* The hits as "name@µs" in the order found. */
static char *
describe (StTrace *trace, GArray *refs)
{
  g_autoptr (GString) s = g_string_new (NULL);

  assert_time_order (trace, refs);
  for (guint i = 0; i < refs->len; i++)
    {
      StEventRef ref = g_array_index (refs, StEventRef, i);

      g_string_append_printf (s, "%s%s@%" G_GINT64_FORMAT, i > 0 ? "," : "",
                              st_trace_get_string (trace, st_event_get_name (trace, ref)),
                              st_event_get_start (trace, ref) / 1000);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
find_text (StTrace *trace, const char *pattern, StFindFlags flags)
{
  g_autoptr (GArray) refs = find (trace, pattern, flags);
  return describe (trace, refs);
}

/* find.json: "needle" in names on a thread of "trainer", on another of
 * its threads (an instant), on the GPU of process "gpu", and as a global
 * instant; "plain" has it only in an argument's value. */
static void
test_names (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("query", "find.json", NULL);
  g_autoptr (GArray)     refs = find (trace, "needle", ST_FIND_NAMES);
  g_autofree char       *text = describe (trace, refs);
  g_autoptr (GHashTable) tracks = g_hash_table_new (NULL, NULL);

  g_assert_cmpstr (text, ==, "needle mark@5,needle_kernel@20,NeedleOp@30,Needle@70");
  g_assert_cmpint (g_array_index (refs, StEventRef, 0).kind, ==, ST_EVENT_INSTANT);
  g_assert_cmpint (g_array_index (refs, StEventRef, 1).kind, ==, ST_EVENT_SLICE);
  g_assert_cmpint (g_array_index (refs, StEventRef, 3).kind, ==, ST_EVENT_INSTANT);
  g_assert_cmpuint (g_array_index (refs, StEventRef, 1).track, ==,
                    st_test_track (trace, "gpu", "stream 7"));
  g_assert_cmpuint (g_array_index (refs, StEventRef, 2).track, ==,
                    st_test_track (trace, "trainer", "Thread 1"));
  g_assert_cmpuint (g_array_index (refs, StEventRef, 3).track, ==,
                    st_test_track (trace, "Global", "Global instants"));
  for (guint i = 0; i < refs->len; i++)
    g_hash_table_add (tracks, GUINT_TO_POINTER (g_array_index (refs, StEventRef, i).track + 1));
  g_assert_cmpuint (g_hash_table_size (tracks), ==, 4);
}

static void
test_case_insensitive (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "find.json", NULL);
  const char         *patterns[] = { "NEEDLE", "nEeDlE", "Needle" };

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autofree char *text = find_text (trace, patterns[i], ST_FIND_NAMES);
      g_assert_cmpstr (text, ==, "needle mark@5,needle_kernel@20,NeedleOp@30,Needle@70");
    }
}

/* Any part of a name: "K" is in the middle of one and at the end of
 * another. */
static void
test_substring (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "find.json", NULL);
  g_autofree char    *k = find_text (trace, "K", ST_FIND_NAMES);
  g_autofree char    *step = find_text (trace, "step#", ST_FIND_NAMES);

  g_assert_cmpstr (k, ==, "needle mark@5,haystack@10,needle_kernel@20");
  g_assert_cmpstr (step, ==, "ProfilerStep#1@0");
}

/* "plain" has "note": "needle" in its args; "other" has "note": "nothing". */
static void
test_args (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "find.json", NULL);
  g_autofree char    *with_args = find_text (trace, "needle", ST_FIND_ARGS);
  g_autofree char    *nothing_names = find_text (trace, "nothing", ST_FIND_NAMES);
  g_autofree char    *nothing_args = find_text (trace, "NOTHING", ST_FIND_ARGS);

  g_assert_cmpstr (with_args, ==, "needle mark@5,needle_kernel@20,NeedleOp@30,plain@40,Needle@70");
  g_assert_cmpstr (nothing_names, ==, "");
  g_assert_cmpstr (nothing_args, ==, "other@45");
}

static void
test_no_match (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "find.json", NULL);
  const char         *patterns[] = { "", "zzz", "needlex", "needle  mark" };

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autoptr (GArray) names = find (trace, patterns[i], ST_FIND_NAMES);
      g_autoptr (GArray) args = find (trace, patterns[i], ST_FIND_ARGS);

      g_assert_cmpuint (names->len, ==, 0);
      g_assert_cmpuint (args->len, ==, 0);
    }
}

static void
test_cancelled (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("query", "find.json", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  StFindFlags              flags[] = { ST_FIND_NAMES, ST_FIND_ARGS };

  g_cancellable_cancel (cancellable);
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    {
      g_autoptr (GError) error = NULL;
      GArray *refs = st_trace_find (trace, "needle", flags[i], cancellable, NULL, NULL, &error);

      g_assert_null (refs);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

typedef struct
{
  GCancellable *cancellable;
  double        at; /* cancel once the search is this far */
} CancelAt;

static void
cancel_at (double fraction, gpointer user_data)
{
  CancelAt *c = user_data;

  if (fraction >= c->at)
    g_cancellable_cancel (c->cancellable);
}

/* Cancel pressed while the search runs, even as it finishes: an error,
 * never a partial list. */
static void
test_cancelled_midway (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "find.json", NULL);
  double              points[] = { 0, 0.5, 1 };

  g_assert_cmpuint (st_trace_get_n_tracks (trace), >=, 3);
  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError)       error = NULL;
      CancelAt                 c = { cancellable, points[i] };
      GArray                  *refs
          = st_trace_find (trace, "needle", ST_FIND_ARGS, cancellable, cancel_at, &c, &error);

      g_assert_true (g_cancellable_is_cancelled (cancellable));
      g_assert_null (refs);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

static void
record_fraction (double fraction, gpointer user_data)
{
  GArray *fractions = user_data;
  g_array_append_val (fractions, fraction);
}

/* The progress bar moves forward only and ends full. */
static void
test_progress (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "find.json", NULL);
  g_autoptr (GArray)  fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GError)  error = NULL;
  g_autoptr (GArray)  refs
      = st_trace_find (trace, "needle", ST_FIND_ARGS, NULL, record_fraction, fractions, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (refs->len, ==, 5);
  g_assert_cmpuint (fractions->len, >, 0);
  for (guint i = 0; i < fractions->len; i++)
    {
      g_assert_cmpfloat (g_array_index (fractions, double, i), >, 0);
      g_assert_cmpfloat (g_array_index (fractions, double, i), <=, 1);
      if (i > 0)
        g_assert_cmpfloat (g_array_index (fractions, double, i), >=,
                           g_array_index (fractions, double, i - 1));
    }
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1);
}

/* How many "name" strings of the JSON text contain @needle (lower case),
 * read straight from the file. */
static guint
count_names_in_text (const char *text, gsize length, const char *needle)
{
  const char *end_of_text = text + length;
  guint       count = 0;

  for (const char *p = g_strstr_len (text, length, "\"name\""); p != NULL;
       p = g_strstr_len (p, end_of_text - p, "\"name\""))
    {
      const char      *value, *end;
      g_autofree char *name = NULL;
      g_autofree char *folded = NULL;

      p += strlen ("\"name\"");
      while (g_ascii_isspace (*p) || *p == ':')
        p++;
      if (*p != '"')
        continue;
      value = p + 1;
      for (end = value; *end != '\0' && *end != '"'; end++)
        if (*end == '\\' && end[1] != '\0')
          end++;
      name = g_strndup (value, end - value);
      folded = g_ascii_strdown (name, -1);
      count += strstr (folded, needle) != NULL;
      p = end;
    }
  return count;
}

/* The generated Kineto trace: every event whose name contains "gelu"
 * (aten::gelu, GeluBackward0, the GELU kernels…), on every rank and
 * stream, counted from the file's text. */
static void
test_generated_trace (void)
{
  const char         *path = g_getenv ("STRATA_TEST_TRACE");
  g_autofree char    *text = NULL;
  gsize               length;
  g_autoptr (GFile)   file = NULL;
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  g_autoptr (GArray)  names = NULL;
  g_autoptr (GArray)  args = NULL;
  guint               expected;

  if (path == NULL)
    {
      g_test_skip ("STRATA_TEST_TRACE is not set");
      return;
    }
  g_file_get_contents (path, &text, &length, &error);
  g_assert_no_error (error);
  expected = count_names_in_text (text, length, "gelu");
  g_assert_cmpuint (expected, >, 100);

  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  names = find (trace, "GeLu", ST_FIND_NAMES);
  g_assert_cmpuint (names->len, ==, expected);
  assert_time_order (trace, names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *name = g_ascii_strdown (
          st_trace_get_string (trace,
                               st_event_get_name (trace, g_array_index (names, StEventRef, i))),
          -1);
      g_assert_nonnull (strstr (name, "gelu"));
    }
  /* searching the args too finds at least as much */
  args = find (trace, "gelu", ST_FIND_ARGS);
  g_assert_cmpuint (args->len, >=, names->len);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/find/names", test_names);
  g_test_add_func ("/model/find/case-insensitive", test_case_insensitive);
  g_test_add_func ("/model/find/substring", test_substring);
  g_test_add_func ("/model/find/args", test_args);
  g_test_add_func ("/model/find/no-match", test_no_match);
  g_test_add_func ("/model/find/cancelled", test_cancelled);
  g_test_add_func ("/model/find/cancelled-midway", test_cancelled_midway);
  g_test_add_func ("/model/find/progress", test_progress);
  g_test_add_func ("/model/find/generated-trace", test_generated_trace);

  return g_test_run ();
}
