/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The questions the timeline asks when a person points, clicks and steps:
 * which slice or instant is here, which comes next on the row, how long a
 * slice ran without its children, which arrows leave or enter it and which
 * arrows cross the visible range. Every expectation is worked out by hand
 * from the small traces in tests/data/query. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"
#include "st-trace-query.h"

#include <math.h>

/* Microseconds as written in the files to the nanoseconds of the model. */
static gint64
us (double value)
{
  return (gint64)round (value * 1000);
}

/* The reference of the slice called @name starting at @start_us (any
 * start when negative). */
static StSliceRef
slice_ref (StTrace *trace, guint track, const char *name, double start_us)
{
  const StSlice *s = st_test_find_slice_at (trace, track, name, start_us < 0 ? -1 : us (start_us));

  if (s == NULL)
    g_error ("no slice “%s” at %g µs", name, start_us);
  return (StSliceRef){ track, (guint32)(s - st_trace_get_track (trace, track)->slices) };
}

static const char *
slice_name (StTrace *trace, StSliceRef ref)
{
  return st_trace_get_string (trace, st_trace_get_slice (trace, ref)->name);
}

/* The name of the slice of @row under @time_us within @slop_us, or NULL. */
static const char *
name_at (StTrace *trace, guint track, guint row, double time_us, double slop_us)
{
  StSliceRef ref;

  if (!st_trace_find_slice_at (trace, track, row, us (time_us), us (slop_us), &ref))
    return NULL;
  g_assert_cmpuint (ref.track, ==, track);
  g_assert_cmpuint (st_trace_get_row_of (trace, ref), ==, row);
  return slice_name (trace, ref);
}

/* The deepest slice under the point, as a click picks it. */
static const char *
deepest_at (StTrace *trace, guint track, double time_us)
{
  const StTrack *t = st_trace_get_track (trace, track);

  for (guint row = t->n_rows; row-- > 0;)
    {
      const char *name = name_at (trace, track, row, time_us, 0);
      if (name != NULL)
        return name;
    }
  return NULL;
}

/* nesting.json, thread 1: parent 0–100 µs holds child A 10–30 and child B
 * 50–90, which holds grandchild 60–70; then after 200–210 and last
 * 400–401. */
static void
test_slice_at_nested (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");

  g_assert_cmpstr (name_at (trace, t, 0, 55, 0), ==, "parent");
  g_assert_cmpstr (name_at (trace, t, 1, 55, 0), ==, "child B");
  g_assert_cmpstr (name_at (trace, t, 2, 65, 0), ==, "grandchild");
  g_assert_cmpstr (name_at (trace, t, 1, 10, 0), ==, "child A");
  g_assert_cmpstr (name_at (trace, t, 0, 205, 0), ==, "after");
  g_assert_cmpstr (name_at (trace, t, 0, 400.5, 0), ==, "last");

  g_assert_cmpstr (deepest_at (trace, t, 65), ==, "grandchild");
  g_assert_cmpstr (deepest_at (trace, t, 55), ==, "child B");
  g_assert_cmpstr (deepest_at (trace, t, 15), ==, "child A");
  g_assert_cmpstr (deepest_at (trace, t, 40), ==, "parent");
  g_assert_cmpstr (deepest_at (trace, t, 80), ==, "child B");
}

static void
test_slice_at_gap (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");

  g_assert_null (name_at (trace, t, 0, 150, 0));
  g_assert_null (name_at (trace, t, 1, 40, 0));  /* between the two children */
  g_assert_null (name_at (trace, t, 2, 55, 0));  /* child B, but before its child */
  g_assert_null (name_at (trace, t, 0, 500, 0)); /* after the last slice */
  g_assert_null (name_at (trace, t, 0, -1, 0));  /* before the first one */
  g_assert_null (name_at (trace, t, 3, 65, 0));  /* no such row */
  g_assert_null (deepest_at (trace, t, 300));
}

/* Slop finds the nearest slice when the point misses by less than it. */
static void
test_slice_at_slop (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");

  g_assert_cmpstr (name_at (trace, t, 0, 120, 30), ==, "parent"); /* 20 µs after it */
  g_assert_cmpstr (name_at (trace, t, 0, 190, 15), ==, "after");  /* 10 µs before it */
  g_assert_cmpstr (name_at (trace, t, 0, 180, 90), ==, "after");  /* 20 µs, parent is 80 */
  g_assert_null (name_at (trace, t, 0, 150, 30));                 /* both 50 µs away */
  g_assert_cmpstr (name_at (trace, t, 1, 42, 10), ==, "child B"); /* 8 µs, child A is 12 */
  g_assert_cmpstr (name_at (trace, t, 1, 37, 10), ==, "child A"); /* 7 µs, child B is 13 */
}

/* Thread 2: wide 0–10 µs, then tiny slices at 10.5, 10.7 and 10.9 µs. A
 * point inside wide is on wide, however many slices start within the
 * slop after it: zoomed out, the slop is a few pixels wide and a click
 * on a long slice must not pick a tiny neighbour. */
static void
test_slice_at_under_point (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 2");

  g_assert_cmpstr (name_at (trace, t, 0, 9, 0.2), ==, "wide");
  g_assert_cmpstr (name_at (trace, t, 0, 10.75, 0), ==, "tiny 2");
  g_assert_cmpstr (name_at (trace, t, 0, 10.64, 0.07), ==, "tiny 1"); /* 0.06 from tiny 2 */
  g_assert_cmpstr (name_at (trace, t, 0, 9, 2), ==, "wide");
}

/* Thread 1's instants: mark 5, mark 8 and mark 20 (µs). */
static void
test_instant_at (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");
  struct
  {
    double      time, slop;
    const char *name;
  } cases[] = {
    { 7, 2, "mark 8" },   /* 1 µs from mark 8, 2 from mark 5 */
    { 6.4, 2, "mark 5" }, /* 1.4 from mark 5, 1.6 from mark 8 */
    { 20, 0, "mark 20" }, { 25, 10, "mark 20" },
    { 0, 5, "mark 5" },   { 14, 3, NULL }, /* 6 µs from both neighbours */
    { 30, 5, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      StEventRef ref;
      gboolean   found
          = st_trace_find_instant_at (trace, t, us (cases[i].time), us (cases[i].slop), &ref);

      g_test_message ("instant at %g us within %g us", cases[i].time, cases[i].slop);
      g_assert_cmpint (found, ==, cases[i].name != NULL);
      if (!found)
        continue;
      g_assert_cmpint (ref.kind, ==, ST_EVENT_INSTANT);
      g_assert_cmpuint (ref.track, ==, t);
      g_assert_cmpstr (st_trace_get_string (trace, st_event_get_name (trace, ref)), ==,
                       cases[i].name);
    }
}

/* Stepping walks along one row and stops at its ends, never falling into
 * the next row. */
static void
test_step (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");
  StSliceRef          parent = slice_ref (trace, t, "parent", -1);
  StSliceRef          last = slice_ref (trace, t, "last", -1);
  StSliceRef          child_a = slice_ref (trace, t, "child A", -1);
  StSliceRef          child_b = slice_ref (trace, t, "child B", -1);
  StSliceRef          grandchild = slice_ref (trace, t, "grandchild", -1);
  StSliceRef          ref;

  g_assert_true (st_trace_step_slice (trace, parent, 1, &ref));
  g_assert_cmpstr (slice_name (trace, ref), ==, "after");
  g_assert_true (st_trace_step_slice (trace, ref, 1, &ref));
  g_assert_cmpstr (slice_name (trace, ref), ==, "last");
  g_assert_false (st_trace_step_slice (trace, last, 1, &ref));

  g_assert_true (st_trace_step_slice (trace, last, -1, &ref));
  g_assert_cmpstr (slice_name (trace, ref), ==, "after");
  g_assert_true (st_trace_step_slice (trace, ref, -1, &ref));
  g_assert_cmpstr (slice_name (trace, ref), ==, "parent");
  g_assert_false (st_trace_step_slice (trace, parent, -1, &ref));

  g_assert_true (st_trace_step_slice (trace, child_a, 1, &ref));
  g_assert_cmpstr (slice_name (trace, ref), ==, "child B");
  g_assert_false (st_trace_step_slice (trace, child_b, 1, &ref));
  g_assert_false (st_trace_step_slice (trace, child_a, -1, &ref));
  g_assert_false (st_trace_step_slice (trace, grandchild, -1, &ref));
  g_assert_false (st_trace_step_slice (trace, grandchild, 1, &ref));
}

static void
test_row_of (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");

  g_assert_cmpuint (st_trace_get_track (trace, t)->n_rows, ==, 3);
  g_assert_cmpuint (st_trace_get_row_of (trace, slice_ref (trace, t, "parent", -1)), ==, 0);
  g_assert_cmpuint (st_trace_get_row_of (trace, slice_ref (trace, t, "last", -1)), ==, 0);
  g_assert_cmpuint (st_trace_get_row_of (trace, slice_ref (trace, t, "child A", -1)), ==, 1);
  g_assert_cmpuint (st_trace_get_row_of (trace, slice_ref (trace, t, "child B", -1)), ==, 1);
  g_assert_cmpuint (st_trace_get_row_of (trace, slice_ref (trace, t, "grandchild", -1)), ==, 2);
}

/* parent: 100 − 20 − 40 (its children; the grandchild is child B's) = 40;
 * child B: 40 − 10 = 30. */
static void
test_self_time (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");

  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "parent", -1)), ==, us (40));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "child A", -1)), ==,
                   us (20));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "child B", -1)), ==,
                   us (30));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "grandchild", -1)), ==,
                   us (10));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "after", -1)), ==, us (10));
}

/* lanes.json: op 1 (0–100 µs) with step (10–90) and, overlapping it, op 2
 * (20–40) with sub (25–30), in a second lane right below step. op 2 is not
 * step's child, though it lies inside it in time. */
static void
test_self_time_lanes (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "lanes.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "op");
  const StTrack      *track = st_trace_get_track (trace, t);

  g_assert_cmpint (track->kind, ==, ST_TRACK_ASYNC);
  g_assert_cmpuint (track->n_lanes, ==, 2);
  g_assert_cmpuint (track->lane_rows[1], ==, 2);
  g_assert_cmpuint (st_trace_get_row_of (trace, slice_ref (trace, t, "op", 20)), ==, 2);
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "op", 0)), ==, us (20));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "step", -1)), ==, us (80));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "op", 20)), ==, us (15));
  g_assert_cmpint (st_trace_get_self_time (trace, slice_ref (trace, t, "sub", -1)), ==, us (5));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

/* The flows leaving (@outgoing) or entering @ref, as the names of the
 * slices at their other ends, sorted. */
static char *
flow_ends (StTrace *trace, StSliceRef ref, gboolean outgoing)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  gsize                 n_all;
  const StFlow         *flows = st_trace_get_flows (trace, &n_all);
  const guint32        *indexes;
  guint                 n;

  indexes = st_trace_get_slice_flows (trace, ref, outgoing, &n);
  for (guint i = 0; i < n; i++)
    {
      const StFlow *f;
      StSliceRef    here;

      g_assert_cmpuint (indexes[i], <, n_all);
      f = &flows[indexes[i]];
      here = outgoing ? f->from : f->to;
      g_assert_cmpuint (here.track, ==, ref.track);
      g_assert_cmpuint (here.index, ==, ref.index);
      g_assert_cmpstr (st_trace_get_string (trace, f->cat), ==, "ac2g");
      g_ptr_array_add (names, (gpointer)slice_name (trace, outgoing ? f->to : f->from));
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (",", (char **)names->pdata);
}

static void
assert_flow_ends (StTrace *trace, StSliceRef ref, const char *outgoing, const char *incoming)
{
  g_autofree char *out = flow_ends (trace, ref, TRUE);
  g_autofree char *in = flow_ends (trace, ref, FALSE);

  g_assert_cmpstr (out, ==, outgoing);
  g_assert_cmpstr (in, ==, incoming);
}

/* flows.json: Kineto's ac2g arrows, "s" inside the launch and "f" with
 * bp "e" at the kernel: three launches of one kernel each and a graph
 * launch of two. */
static void
test_slice_flows (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "flows.json", NULL);
  guint               host = st_test_track (trace, "host", "Thread 1");
  guint               gpu = st_test_track (trace, "gpu", "stream 7");
  gsize               n;

  st_trace_get_flows (trace, &n);
  g_assert_cmpuint (n, ==, 5);
  assert_flow_ends (trace, slice_ref (trace, host, "cudaLaunchKernel", 0), "gemm", "");
  assert_flow_ends (trace, slice_ref (trace, gpu, "gemm", -1), "", "cudaLaunchKernel");
  assert_flow_ends (trace, slice_ref (trace, host, "cudaLaunchKernel", 50), "softmax", "");
  assert_flow_ends (trace, slice_ref (trace, host, "cudaGraphLaunch", -1), "graph a,graph b", "");
  assert_flow_ends (trace, slice_ref (trace, gpu, "graph b", -1), "", "cudaGraphLaunch");
  assert_flow_ends (trace, slice_ref (trace, gpu, "allreduce", -1), "", "cudaLaunchKernel");
  assert_flow_ends (trace, slice_ref (trace, host, "cudaLaunchKernel", 200), "allreduce", "");
}

/* The names of the kernels at the ends of the flows crossing
 * [@start_us, @end_us], at most @max of them, sorted. */
static char *
flows_in (StTrace *trace, double start_us, double end_us, guint max)
{
  g_autoptr (GArray)    out = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  gsize                 n_all;
  const StFlow         *flows = st_trace_get_flows (trace, &n_all);
  guint32               sentinel = G_MAXUINT32;
  guint                 n;

  g_array_append_val (out, sentinel); /* results are appended after it */
  n = st_trace_get_flows_in_range (trace, us (start_us), us (end_us), max, out);
  g_assert_cmpuint (out->len, ==, n + 1);
  g_assert_cmpuint (g_array_index (out, guint32, 0), ==, sentinel);
  g_assert_cmpuint (n, <=, max);
  for (guint i = 1; i < out->len; i++)
    {
      g_assert_cmpuint (g_array_index (out, guint32, i), <, n_all);
      g_ptr_array_add (names,
                       (gpointer)slice_name (trace, flows[g_array_index (out, guint32, i)].to));
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (",", (char **)names->pdata);
}

/* From launch start to kernel start the flows span: gemm 0–20 µs, softmax
 * 50–70, graph a 100–120, graph b 100–130, allreduce 200–300. */
static void
test_flows_in_range (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "flows.json", NULL);
  struct
  {
    double      start, end;
    const char *kernels;
  } cases[] = {
    { 0, 1000, "allreduce,gemm,graph a,graph b,softmax" },
    { 30, 45, "" },
    { 60, 65, "softmax" }, /* inside the arrow, away from its ends */
    { 20, 20, "gemm" },    /* just its end */
    { 24, 50, "softmax" }, /* just its start */
    { 125, 125, "graph b" },
    { 110, 125, "graph a,graph b" },
    { 250, 260, "allreduce" },
    { 301, 400, "" },
    { -50, -1, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *kernels = flows_in (trace, cases[i].start, cases[i].end, 100);

      g_test_message ("flows in [%g, %g] us", cases[i].start, cases[i].end);
      g_assert_cmpstr (kernels, ==, cases[i].kernels);
    }
}

/* Many flows in a zoomed-out view: never more than asked for. */
static void
test_flows_in_range_max (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "flows.json", NULL);
  g_autofree char    *graph = flows_in (trace, 100, 140, 2);

  for (guint max = 0; max <= 6; max++)
    {
      g_autofree char *kernels = flows_in (trace, 0, 1000, max);
      g_auto (GStrv)   names = g_strsplit (kernels, ",", -1);

      g_assert_cmpuint (*kernels ? g_strv_length (names) : 0, ==, MIN (max, 5));
    }
  g_assert_cmpstr (graph, ==, "graph a,graph b");
}

static void
test_event_fields (void)
{
  g_autoptr (StTrace) trace = st_test_load ("query", "nesting.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");
  StEventRef          slice = st_event_ref_for_slice (slice_ref (trace, t, "child B", -1));
  StEventRef          instant;

  g_assert_cmpint (slice.kind, ==, ST_EVENT_SLICE);
  g_assert_cmpint (st_event_get_start (trace, slice), ==, us (50));
  g_assert_cmpint (st_event_get_duration (trace, slice), ==, us (40));
  g_assert_cmpstr (st_trace_get_string (trace, st_event_get_name (trace, slice)), ==, "child B");
  g_assert_cmpstr (st_trace_get_string (trace, st_event_get_category (trace, slice)), ==, "op");

  g_assert_true (st_trace_find_instant_at (trace, t, us (20), 0, &instant));
  g_assert_cmpint (st_event_get_start (trace, instant), ==, us (20));
  g_assert_cmpint (st_event_get_duration (trace, instant), ==, 0);
  g_assert_cmpstr (st_trace_get_string (trace, st_event_get_name (trace, instant)), ==, "mark 20");
  g_assert_cmpstr (st_trace_get_string (trace, st_event_get_category (trace, instant)), ==,
                   "marks");

  g_assert_true (
      st_event_equal (slice, st_event_ref_for_slice (slice_ref (trace, t, "child B", 50))));
  g_assert_false (st_event_equal (slice, instant));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/query/instant-at", test_instant_at);
  g_test_add_func ("/model/query/step", test_step);
  g_test_add_func ("/model/query/row-of", test_row_of);
  g_test_add_func ("/model/query/self-time", test_self_time);
  g_test_add_func ("/model/query/self-time/lanes", test_self_time_lanes);
  g_test_add_func ("/model/query/flows/slice", test_slice_flows);
  g_test_add_func ("/model/query/flows/range", test_flows_in_range);
  g_test_add_func ("/model/query/flows/range-max", test_flows_in_range_max);
  g_test_add_func ("/model/query/event-fields", test_event_fields);
  g_test_add_func ("/model/query/slice-at/nested", test_slice_at_nested);
  g_test_add_func ("/model/query/slice-at/gap", test_slice_at_gap);
  g_test_add_func ("/model/query/slice-at/slop", test_slice_at_slop);
  g_test_add_func ("/model/query/slice-at/under-point", test_slice_at_under_point);

  return g_test_run ();
}
