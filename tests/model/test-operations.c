/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The operations tables of the Summary page (docs/metrics.md 4): Kernels
 * (device events) and Host ops (every other slice), self time by
 * subtracting each slice's children, shares of the table's self time,
 * rows by self time, then total, then name. tests/data/operations/
 * nested.json is laid out so that every expected value follows from it by
 * hand; µs in the file, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-slice-nest.h"
#include "st-summary.h"
#include "st-test-util.h"

#include <string.h>

#define US 1000

static StSummary *
summarise (StTrace *trace, gint64 start, gint64 end)
{
  g_autoptr (GError) error = NULL;
  StSummary         *summary = st_summary_compute (trace, start, end, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static const StOperationRow *
row_named (StTrace *trace, GArray *rows, const char *name)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const StOperationRow *row = &g_array_index (rows, StOperationRow, i);

      if (g_str_equal (st_trace_get_string (trace, row->name), name))
        return row;
    }
  g_error ("no row %s", name);
}

static void
assert_row (StTrace    *trace,
            GArray     *rows,
            const char *name,
            guint       count,
            gint64      total,
            gint64      self,
            double      share)
{
  const StOperationRow *row = row_named (trace, rows, name);

  g_assert_cmpuint (row->count, ==, count);
  g_assert_cmpint (row->total_ns, ==, total);
  g_assert_cmpint (row->self_ns, ==, self);
  g_assert_cmpfloat_with_epsilon (row->share_percent, share, 1e-9);
}

static void
assert_order (StTrace *trace, GArray *rows, const char *const *names)
{
  g_assert_cmpuint (rows->len, ==, g_strv_length ((char **)names));
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_cmpstr (st_trace_get_string (trace, g_array_index (rows, StOperationRow, i).name), ==,
                     names[i]);
}

/* Host ops over the whole profile. On python3's thread: step [0, 900)
 * holds forward [100, 500), backward [550, 800) and overlap [750, 850),
 * which only partly overlaps backward and so is step's child, not
 * backward's: step's self is 900 − 400 − 250 − 100 = 150. forward holds
 * matmul [150, 250) and [300, 400), b_tie [420, 440), a_tie [450, 470):
 * self 400 − 240 = 160. backward holds matmul [600, 650): self 200.
 * overlap holds inner [820, 840) (drawn under step, as overlap takes an
 * extra lane, but contained in overlap): self 80. On the GPU stream the
 * annotation "## fwd ##" [0, 271.001) holds gemm, softmax and elementwise
 * (100 + 30 + 41.001): self 100. The table's self time is 1 000 µs: the
 * shares are the self times over 10. The active_time row is no operation. */
static void
test_host_ops (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("operations", "nested.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 0, st_trace_get_end_ns (trace));
  GArray               *host = st_summary_get_operations (s, ST_OPERATIONS_HOST, FALSE);
  const char *const     order[] = { "matmul",  "backward", "forward", "step",  "## fwd ##",
                                    "overlap", "a_tie",    "b_tie",   "inner", NULL };
  double                sum = 0;

  assert_row (trace, host, "step", 1, 900 * US, 150 * US, 15);
  assert_row (trace, host, "forward", 1, 400 * US, 160 * US, 16);
  assert_row (trace, host, "backward", 1, 250 * US, 200 * US, 20);
  assert_row (trace, host, "matmul", 3, 250 * US, 250 * US, 25);
  assert_row (trace, host, "overlap", 1, 100 * US, 80 * US, 8);
  assert_row (trace, host, "inner", 1, 20 * US, 20 * US, 2);
  assert_row (trace, host, "## fwd ##", 1, 271001, 100 * US, 10);
  g_assert_cmpint (row_named (trace, host, "matmul")->min_ns, ==, 50 * US);
  g_assert_cmpint (row_named (trace, host, "matmul")->max_ns, ==, 100 * US);
  /* by self time; a_tie, b_tie and inner tie at 20 µs of self and of
   * total time: by name */
  assert_order (trace, host, order);
  for (guint i = 0; i < host->len; i++)
    sum += g_array_index (host, StOperationRow, i).share_percent;
  g_assert_cmpfloat_with_epsilon (sum, 100, 1e-9);
}

/* Kernels over the whole profile: gemm [0, 100) and [400, 500), softmax
 * 30 µs, elementwise 41.001 µs, Memcpy HtoD 28.999 µs: 300 µs of self
 * time (a device event has no children), so gemm's share is 200 / 300. */
static void
test_kernels (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("operations", "nested.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 0, st_trace_get_end_ns (trace));
  GArray               *kernels = st_summary_get_operations (s, ST_OPERATIONS_KERNELS, FALSE);
  GArray               *by_track = st_summary_get_operations (s, ST_OPERATIONS_KERNELS, TRUE);
  const char *const     order[] = { "gemm", "elementwise", "softmax", "Memcpy HtoD", NULL };

  assert_row (trace, kernels, "gemm", 2, 200 * US, 200 * US, 100.0 * 200 / 300);
  assert_row (trace, kernels, "elementwise", 1, 41001, 41001, 100.0 * 41.001 / 300);
  assert_row (trace, kernels, "softmax", 1, 30 * US, 30 * US, 10);
  assert_row (trace, kernels, "Memcpy HtoD", 1, 28999, 28999, 100.0 * 28.999 / 300);
  assert_order (trace, kernels, order);
  /* one stream: the per-track table has the same rows */
  g_assert_cmpuint (by_track->len, ==, kernels->len);
}

/* Over [50, 450) µs every slice is clipped first: step [50, 450) is 400
 * µs, less its child forward clipped to [100, 450), 350: self 50. forward
 * holds both matmuls (200) and b_tie (20); a_tie [450, 470) lies outside:
 * self 130. gemm keeps [50, 100) and [400, 450): 100 µs. */
static void
test_clipped (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("operations", "nested.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 50 * US, 450 * US);
  GArray               *host = st_summary_get_operations (s, ST_OPERATIONS_HOST, FALSE);
  GArray               *kernels = st_summary_get_operations (s, ST_OPERATIONS_KERNELS, FALSE);
  const StOperationRow *step = row_named (trace, host, "step");
  const StOperationRow *forward = row_named (trace, host, "forward");
  const StOperationRow *gemm = row_named (trace, kernels, "gemm");

  g_assert_cmpint (step->total_ns, ==, 400 * US);
  g_assert_cmpint (step->self_ns, ==, 50 * US);
  g_assert_cmpint (forward->total_ns, ==, 350 * US);
  g_assert_cmpint (forward->self_ns, ==, 130 * US);
  g_assert_cmpuint (gemm->count, ==, 2);
  g_assert_cmpint (gemm->total_ns, ==, 100 * US);
  g_assert_cmpint (gemm->min_ns, ==, 50 * US);
}

/* The kernels are gemm 100, gemm 100, softmax 30 and elementwise 41.001
 * µs (the copy is no kernel): an even count, whose median is the mean of
 * 41 001 and 100 000 ns, 70 500.5, rounded down to 70 500 ns. */
static void
test_even_median (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("operations", "nested.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StMetric       *count = st_summary_lookup (s, "kernel_count");
  const StMetric       *median = st_summary_lookup (s, "median_kernel_ns");

  g_assert_true (count->present);
  g_assert_cmpfloat (count->value, ==, 4);
  g_assert_true (median->present);
  g_assert_cmpfloat (median->value, ==, 70500);
}

/* The cards first, the tables after, as the Summary page computes them:
 * the cards' part has no table rows and every number; the tables' part
 * has the rows test_host_ops and test_kernels derive by hand, and no
 * number; the tables moved into the cards' summary read as there. */
static void
test_parts (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("operations", "nested.json", NULL);
  gint64                end = st_trace_get_end_ns (trace);
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) cards
      = st_summary_compute_parts (trace, 0, end, ST_SUMMARY_CARDS, NULL, &error);
  g_autoptr (StSummary) tables
      = st_summary_compute_parts (trace, 0, end, ST_SUMMARY_OPERATIONS, NULL, &error);
  GArray *host, *kernels;

  g_assert_no_error (error);
  for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
    g_assert_cmpuint (st_summary_get_operations (cards, k, FALSE)->len, ==, 0);
  g_assert_cmpfloat (st_summary_lookup (cards, "kernel_count")->value, ==, 4);
  g_assert_null (st_summary_lookup (tables, "kernel_count"));
  st_summary_take_operations (cards, tables);
  host = st_summary_get_operations (cards, ST_OPERATIONS_HOST, FALSE);
  kernels = st_summary_get_operations (cards, ST_OPERATIONS_KERNELS, FALSE);
  assert_row (trace, host, "step", 1, 900 * US, 150 * US, 15);
  assert_row (trace, host, "matmul", 3, 250 * US, 250 * US, 25);
  assert_row (trace, kernels, "gemm", 2, 200 * US, 200 * US, 100.0 * 200 / 300);
  g_assert_cmpuint (host->len, ==, 9);
  g_assert_cmpuint (st_summary_get_operations (cards, ST_OPERATIONS_KERNELS, TRUE)->len, ==, 4);
  g_assert_cmpuint (st_summary_get_operations (tables, ST_OPERATIONS_HOST, FALSE)->len, ==, 0);
}

/* The tables by name only, as strata-cli and the digests ask for them:
 * the rows test_host_ops and test_kernels derive by hand, the same as a
 * whole summary's row for row, and no row per track; for the whole
 * profile and for a range (a range is walked afresh, the whole profile's
 * tables are otherwise kept with the trace). */
static void
test_by_name (void)
{
  g_autoptr (StTrace) trace = st_test_load ("operations", "nested.json", NULL);
  gint64              end = st_trace_get_end_ns (trace);
  gint64              ranges[2][2] = { { 0, end }, { 0, end / 2 } };

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    {
      g_autoptr (GError)    error = NULL;
      g_autoptr (StSummary) whole = summarise (trace, ranges[r][0], ranges[r][1]);
      g_autoptr (StSummary) by_name = st_summary_compute_parts (
          trace, ranges[r][0], ranges[r][1], ST_SUMMARY_OPERATIONS | ST_SUMMARY_OPERATIONS_BY_NAME,
          NULL, &error);

      g_assert_no_error (error);
      for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
        {
          GArray *a = st_summary_get_operations (whole, k, FALSE);
          GArray *b = st_summary_get_operations (by_name, k, FALSE);

          g_assert_cmpuint (a->len, >, 0);
          g_assert_cmpuint (a->len, ==, b->len);
          g_assert_cmpmem (a->data, a->len * sizeof (StOperationRow), b->data,
                           b->len * sizeof (StOperationRow));
          g_assert_cmpuint (st_summary_get_operations (whole, k, TRUE)->len, >, 0);
          g_assert_cmpuint (st_summary_get_operations (by_name, k, TRUE)->len, ==, 0);
        }
      if (r == 0)
        {
          GArray *host = st_summary_get_operations (by_name, ST_OPERATIONS_HOST, FALSE);

          assert_row (trace, host, "step", 1, 900 * US, 150 * US, 15);
          assert_row (trace, host, "matmul", 3, 250 * US, 250 * US, 25);
          assert_row (trace, st_summary_get_operations (by_name, ST_OPERATIONS_KERNELS, FALSE),
                      "gemm", 2, 200 * US, 200 * US, 100.0 * 200 / 300);
        }
    }
}

/* A profile of many slices, whose tracks are walked in two halves (on two
 * threads) and their rows joined: three threads of ops, each holding a
 * 4 µs child, thread 1 40 000 ops of 10 µs, thread 2 30 000 of 20 µs,
 * thread 3 10 000 of 5 µs (160 000 slices; the first half is thread 1's).
 * op: 80 000 rows' worth, 400 + 600 + 50 = 1 050 ms in all, less the
 * children's 80 000 × 4 µs = 320 ms: 730 ms of self, 5 to 20 µs; child:
 * 320 ms, all self; shares 730 / 1 050 and 320 / 1 050. */
static void
test_halves (void)
{
  static const gint     n[] = { 40000, 30000, 10000 }, dur[] = { 10, 20, 5 };
  static const guint    by_self[] = { 30000, 40000, 10000 };
  g_autoptr (GString)   text = g_string_new ("[");
  g_autoptr (StTrace)   trace = NULL;
  g_autoptr (StSummary) summary = NULL;
  GArray               *host, *per_track;
  const StOperationRow *op;
  guint                 n_track_rows = 0;

  for (guint t = 0; t < G_N_ELEMENTS (n); t++)
    for (gint i = 0; i < n[t]; i++)
      g_string_append_printf (text,
                              "%s{\"ph\":\"X\",\"name\":\"op\",\"pid\":1,\"tid\":%u,"
                              "\"ts\":%d,\"dur\":%d},"
                              "{\"ph\":\"X\",\"name\":\"child\",\"pid\":1,\"tid\":%u,"
                              "\"ts\":%d,\"dur\":4}",
                              text->len > 1 ? "," : "", t + 1, 30 * i, dur[t], t + 1, 30 * i + 1);
  g_string_append (text, "]");
  trace = st_test_load_text (text->str, text->len);
  summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  host = st_summary_get_operations (summary, ST_OPERATIONS_HOST, FALSE);
  g_assert_cmpuint (host->len, ==, 2);
  assert_row (trace, host, "op", 80000, 1050000 * US, 730000 * US, 100.0 * 730 / 1050);
  assert_row (trace, host, "child", 80000, 320000 * US, 320000 * US, 100.0 * 320 / 1050);
  op = row_named (trace, host, "op");
  g_assert_cmpint (op->min_ns, ==, 5 * US);
  g_assert_cmpint (op->max_ns, ==, 20 * US);
  /* a row per name and thread, op and child on each of the three; op's by
   * self time: thread 2's 30 000 × 16 µs, thread 1's 40 000 × 6, thread
   * 3's 10 000 × 1 */
  per_track = st_summary_get_operations (summary, ST_OPERATIONS_HOST, TRUE);
  for (guint i = 0; i < per_track->len; i++)
    {
      const StOperationRow *row = &g_array_index (per_track, StOperationRow, i);

      if (g_str_equal (st_trace_get_string (trace, row->name), "op"))
        g_assert_cmpuint (row->count, ==, by_self[n_track_rows++]);
    }
  g_assert_cmpuint (n_track_rows, ==, 3);
  g_assert_cmpuint (per_track->len, ==, 6);
}

/* The nesting order (st-slice-nest.h) that self time and the call tree
 * walk: by start, the longest first, then in file order. The track is
 * generated with deep stacks, instants (complete events of no duration)
 * where a slice begins, slices of the same bounds and partial overlaps
 * that take extra lanes; its expected order is the same slices sorted
 * here by those keys with qsort, independently of the rows the layout
 * made. */
static int
compare_nests (gconstpointer pa, gconstpointer pb)
{
  const StSliceNest *a = pa, *b = pb;

  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  if (a->end != b->end)
    return a->end > b->end ? -1 : 1;
  return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static void
test_nest_order (void)
{
  g_autoptr (GString) json = g_string_new ("[");
  g_autoptr (StTrace) trace = NULL;
  GRand              *rand = g_rand_new_with_seed (7);
  const StTrack      *track = NULL;
  const gint64        ranges[][2]
      = { { 0, G_MAXINT64 }, { 5000 * US, 17000 * US }, { 9000 * US, 9001 * US } };

  for (guint i = 0; i < 3000; i++)
    {
      gint64 ts = g_rand_int_range (rand, 0, 2000) * 10;
      gint64 dur = g_rand_int_range (rand, 0, 4) == 0 ? 0 : g_rand_int_range (rand, 1, 60) * 10;

      /* every tenth twice: two slices of the same bounds */
      for (guint k = 0; k < (i % 10 == 0 ? 2 : 1); k++)
        g_string_append_printf (json,
                                "%s{\"ph\":\"X\",\"name\":\"s%u\",\"pid\":1,\"tid\":1,"
                                "\"ts\":%" G_GINT64_FORMAT ",\"dur\":%" G_GINT64_FORMAT "}",
                                json->len > 1 ? "," : "", i, ts, dur);
    }
  g_string_append (json, "]");
  g_rand_free (rand);
  trace = st_test_load_text (json->str, json->len);
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    if (st_trace_get_track (trace, t)->kind == ST_TRACK_SLICES)
      track = st_trace_get_track (trace, t);
  g_assert_nonnull (track);
  g_assert_cmpuint (track->n_rows, >, 2);
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    {
      gint64             start = ranges[r][0], end = ranges[r][1];
      g_autoptr (GArray) nests = st_slice_nests_in_range (track, start, end, ST_STRING_NONE);
      g_autoptr (GArray) expected = g_array_new (FALSE, FALSE, sizeof (StSliceNest));

      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          StSliceNest    n = { s->start, s->start + s->dur, s->offset, i };

          /* overlapping [start, end); an instant where it stands */
          if (s->start < end && (s->start + s->dur > start || (s->dur == 0 && s->start >= start)))
            g_array_append_val (expected, n);
        }
      g_array_sort (expected, compare_nests);
      g_assert_cmpuint (nests->len, ==, expected->len);
      g_assert_cmpuint (nests->len, >, 0);
      for (guint i = 0; i < nests->len; i++)
        {
          const StSliceNest *a = &g_array_index (nests, StSliceNest, i);
          const StSliceNest *b = &g_array_index (expected, StSliceNest, i);

          g_assert_cmpint (a->start, ==, b->start);
          g_assert_cmpint (a->end, ==, b->end);
          g_assert_cmpuint (a->offset, ==, b->offset);
          g_assert_cmpuint (a->index, ==, b->index);
        }
    }
}

/* A row whose slices are in order by start but not by nesting: an instant
 * written before the slice that begins where it stands. Nesting puts the
 * slice first (the longer of one start), the instant inside it. */
static void
test_nest_order_in_row (void)
{
  StSlice            slices[] = { { 100, 0, 1, 0, 0, 0, 0, 0 },
                                  { 100, 100, 2, 0, 0, 0, 0, 0 },
                                  { 150, 10, 3, 0, 0, 0, 0, 0 } };
  guint              rows[] = { 0, 3 };
  StTrack            track = { 0 };
  g_autoptr (GArray) nests = NULL;

  track.kind = ST_TRACK_SLICES;
  track.slices = slices;
  track.n_slices = G_N_ELEMENTS (slices);
  track.n_rows = 1;
  track.row_offsets = rows;
  nests = st_slice_nests_in_range (&track, 0, 1000, ST_STRING_NONE);
  g_assert_cmpuint (nests->len, ==, 3);
  g_assert_cmpuint (g_array_index (nests, StSliceNest, 0).index, ==, 1);
  g_assert_cmpuint (g_array_index (nests, StSliceNest, 1).index, ==, 0);
  g_assert_cmpuint (g_array_index (nests, StSliceNest, 2).index, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/operations/host-ops", test_host_ops);
  g_test_add_func ("/model/operations/kernels", test_kernels);
  g_test_add_func ("/model/operations/clipped", test_clipped);
  g_test_add_func ("/model/operations/even-median", test_even_median);
  g_test_add_func ("/model/operations/parts", test_parts);
  g_test_add_func ("/model/operations/by-name", test_by_name);
  g_test_add_func ("/model/operations/halves", test_halves);
  g_test_add_func ("/model/operations/nest-order", test_nest_order);
  g_test_add_func ("/model/operations/nest-order-in-row", test_nest_order_in_row);
  return g_test_run ();
}
