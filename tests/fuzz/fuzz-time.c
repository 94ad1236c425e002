/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-time: time arithmetic over any int64 values: the checked and
 * saturating sums against 128-bit arithmetic, the ruler's ticks and the
 * viewport's mapping over any range. UBSan stops on any signed overflow;
 * the asserts on a wrong result or a tick outside its range. */
#include "config.h"

#include "st-time-ruler.h"
#include "st-time.h"
#include "st-timeline-renderer.h"

#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static gint64
take (const guint8 **data, size_t *size)
{
  gint64 v = 0;
  size_t n = MIN (*size, sizeof v);

  memcpy (&v, *data, n);
  *data += n;
  *size -= n;
  return v;
}

static void
check_sums (gint64 a, gint64 b)
{
  __int128 sum = (__int128)a + b, diff = (__int128)a - b;
  gint64   out;

  g_assert (st_time_add (a, b, &out) == (sum >= G_MININT64 && sum <= G_MAXINT64));
  g_assert (st_time_sub (a, b, &out) == (diff >= G_MININT64 && diff <= G_MAXINT64));
  g_assert (st_time_add_sat (a, b) == (gint64)MAX (MIN (sum, G_MAXINT64), G_MININT64));
  g_assert (st_time_sub_sat (a, b) == (gint64)MAX (MIN (diff, G_MAXINT64), G_MININT64));
}

static void
check_ticks (gint64 start, gint64 end, double width)
{
  g_autoptr (GArray) ticks = st_time_ruler_ticks (start, end, 0, width, ST_RULER_MIN_SPACING);

  /* the step keeps ticks 90 px apart: a few more than width / 90 at most */
  g_assert (ticks->len <= width / ST_RULER_MIN_SPACING + 3);
  for (guint i = 0; i < ticks->len; i++)
    {
      const StRulerTick *t = &g_array_index (ticks, StRulerTick, i);

      g_assert (t->time >= start && t->time <= end);
      g_assert (i == 0 || t->time > g_array_index (ticks, StRulerTick, i - 1).time);
    }
}

static void
check_viewport (gint64 start, gint64 end, gint64 t, double width)
{
  StViewport vp = { start, end, width, 100, 0, 0 };
  double     x = st_viewport_x_at (&vp, t);

  if (t >= start && t <= end)
    g_assert (x >= -1e-6 * width && x <= width * (1 + 1e-6));
  (void)st_viewport_time_at (&vp, x);
  (void)st_viewport_time_at (&vp, -x * 1e6);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  gint64 a = take (&data, &size), b = take (&data, &size), t = take (&data, &size);
  double width = 1 + (double)(st_time_abs (take (&data, &size)) % 8000);

  check_sums (a, b);
  if (a == b)
    return 0;
  check_ticks (MIN (a, b), MAX (a, b), width);
  check_viewport (MIN (a, b), MAX (a, b), t, width);
  return 0;
}
