/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time at the limits of 64 bits: the checked and saturating sums of
 * st-time.h against 128-bit arithmetic, the ruler's ticks and the
 * viewport's mapping over ranges that touch G_MININT64 and G_MAXINT64.
 * Each used to overflow: the ruler's `t += step` wrapped and spun for ever,
 * a span `end - start` went negative. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-time-ruler.h"
#include "st-time.h"
#include "st-timeline-renderer.h"

#define MIN64 G_MININT64
#define MAX64 G_MAXINT64

static const gint64 edges[] = {
  MIN64, MIN64 + 1, MIN64 / 2, -G_GINT64_CONSTANT (1000000000000000000), -1000,     -1,
  0,     1,         1000,      G_GINT64_CONSTANT (1000000000000000000),  MAX64 / 2, MAX64 - 1,
  MAX64,
};

/* The reference: the exact sum in 128 bits, then whether it fits. */
static void
test_checked_sums (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    for (guint j = 0; j < G_N_ELEMENTS (edges); j++)
      {
        __int128 a = edges[i], b = edges[j], sum = a + b, diff = a - b;
        gint64   out = 42;

        g_assert_cmpint (st_time_add (edges[i], edges[j], &out), ==, sum >= MIN64 && sum <= MAX64);
        g_assert_cmpint (out, ==, sum >= MIN64 && sum <= MAX64 ? (gint64)sum : 42);
        out = 42;
        g_assert_cmpint (st_time_sub (edges[i], edges[j], &out), ==,
                         diff >= MIN64 && diff <= MAX64);
        g_assert_cmpint (st_time_add_sat (edges[i], edges[j]), ==,
                         (gint64)(sum < MIN64   ? MIN64
                                  : sum > MAX64 ? MAX64
                                                : sum));
        g_assert_cmpint (st_time_sub_sat (edges[i], edges[j]), ==,
                         (gint64)(diff < MIN64   ? MIN64
                                  : diff > MAX64 ? MAX64
                                                 : diff));
        g_assert_cmpint (st_time_span (edges[j], edges[i]), ==,
                         (gint64)(diff <= 0      ? 0
                                  : diff > MAX64 ? MAX64
                                                 : diff));
      }
  g_assert_cmpuint (st_time_abs (MIN64), ==, G_GUINT64_CONSTANT (9223372036854775808));
  g_assert_cmpint (st_time_from_double (1e30), ==, MAX64);
  g_assert_cmpint (st_time_from_double (-1e30), ==, MIN64);
  g_assert_cmpint (st_time_from_double (-2.5), ==, -2);
}

/* Over any range, the ticks lie inside it in increasing order, no closer
 * than the 90 px the step is chosen for (so at most 1000 / 90 + 1 on a
 * 1000-pixel ruler, one more for rounding), and their x runs left to right
 * across the ruler. */
static void
test_ruler_any_range (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    for (guint j = 0; j < G_N_ELEMENTS (edges); j++)
      {
        g_autoptr (GArray) ticks = NULL;

        if (edges[j] <= edges[i])
          continue;
        ticks = st_time_ruler_ticks (edges[i], edges[j], 0, 1000, ST_RULER_MIN_SPACING);
        g_assert_cmpuint (ticks->len, <=, 1000 / ST_RULER_MIN_SPACING + 2);
        for (guint k = 0; k < ticks->len; k++)
          {
            const StRulerTick *t = &g_array_index (ticks, StRulerTick, k);

            g_assert_cmpint (t->time, >=, edges[i]);
            g_assert_cmpint (t->time, <=, edges[j]);
            g_assert_cmpfloat (t->x, >=, -1e-6);
            g_assert_cmpfloat (t->x, <=, 1000 + 1e-6);
            if (k > 0)
              {
                g_assert_cmpint (t->time, >, g_array_index (ticks, StRulerTick, k - 1).time);
                g_assert_cmpfloat (t->x, >, g_array_index (ticks, StRulerTick, k - 1).x);
              }
          }
      }
}

/* The whole of gint64 on 1000 px: the widest step that fits, 5 × 10^18 ns,
 * gives the ticks −5 × 10^18, 0 and 5 × 10^18 ns, labelled in seconds. */
static void
test_ruler_whole_range (void)
{
  g_autoptr (GArray) ticks = st_time_ruler_ticks (MIN64, MAX64, 0, 1000, ST_RULER_MIN_SPACING * 8);

  g_assert_cmpuint (ticks->len, ==, 3);
  g_assert_cmpint (g_array_index (ticks, StRulerTick, 0).time, ==,
                   -G_GINT64_CONSTANT (5000000000000000000));
  g_assert_cmpint (g_array_index (ticks, StRulerTick, 1).time, ==, 0);
  g_assert_cmpstr (g_array_index (ticks, StRulerTick, 1).label, ==, "0 s");
  g_assert_cmpstr (g_array_index (ticks, StRulerTick, 2).label, ==, "5000000000 s");
  /* 0 lies at 2^63 / (2^64 - 1) of the way: the middle pixel */
  g_assert_cmpfloat_with_epsilon (g_array_index (ticks, StRulerTick, 1).x, 500.0, 1e-6);
}

/* 807 ns at the top of gint64 on 807 px: each nanosecond is one pixel,
 * exactly, although the times are near 2^63. */
static void
test_viewport_near_max (void)
{
  StViewport vp = { MAX64 - 807, MAX64, 807, 100, 0, 0 };

  g_assert_cmpfloat (st_viewport_x_at (&vp, MAX64 - 807), ==, 0);
  g_assert_cmpfloat (st_viewport_x_at (&vp, MAX64 - 400), ==, 407);
  g_assert_cmpfloat (st_viewport_x_at (&vp, MAX64), ==, 807);
  g_assert_cmpint (st_viewport_time_at (&vp, 407), ==, MAX64 - 400);
  g_assert_cmpint (st_viewport_time_at (&vp, 10000), ==, MAX64);
}

/* The whole of gint64 on 1000 px: 0 is in the middle, the ends at the
 * edges, and a time far past the right edge stays G_MAXINT64. */
static void
test_viewport_whole_range (void)
{
  StViewport vp = { MIN64, MAX64, 1000, 100, 0, 0 };

  g_assert_cmpfloat_with_epsilon (st_viewport_x_at (&vp, 0), 500, 1e-6);
  g_assert_cmpfloat_with_epsilon (st_viewport_x_at (&vp, MIN64), 0, 1e-6);
  g_assert_cmpfloat_with_epsilon (st_viewport_x_at (&vp, MAX64), 1000, 1e-6);
  g_assert_cmpint (st_viewport_time_at (&vp, 5000), ==, MAX64);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/time/checked-sums", test_checked_sums);
  g_test_add_func ("/render/time/ruler-any-range", test_ruler_any_range);
  g_test_add_func ("/render/time/ruler-whole-range", test_ruler_whole_range);
  g_test_add_func ("/render/time/viewport-near-max", test_viewport_near_max);
  g_test_add_func ("/render/time/viewport-whole-range", test_viewport_whole_range);
  return g_test_run ();
}
