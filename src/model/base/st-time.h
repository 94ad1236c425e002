/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-time.h: time arithmetic on nanoseconds (gint64) that cannot overflow.
 *
 * A trace's times fit in 64 bits, but a span, an end, a sum or a tick of
 * two of them may not. Every such sum or difference of times that come from
 * a user's file goes through these: the checked forms say whether the result
 * fits, the saturating forms clamp it to the limits.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @a + @b in *@out; FALSE (and *@out untouched) when it does not fit. */
static inline gboolean
st_time_add (gint64 a, gint64 b, gint64 *out)
{
  gint64 r;

  if (__builtin_add_overflow (a, b, &r))
    return FALSE;
  *out = r;
  return TRUE;
}

/* @a - @b in *@out; FALSE (and *@out untouched) when it does not fit. */
static inline gboolean
st_time_sub (gint64 a, gint64 b, gint64 *out)
{
  gint64 r;

  if (__builtin_sub_overflow (a, b, &r))
    return FALSE;
  *out = r;
  return TRUE;
}

/* @a + @b, clamped to [G_MININT64, G_MAXINT64]. */
static inline gint64
st_time_add_sat (gint64 a, gint64 b)
{
  gint64 r;

  if (__builtin_add_overflow (a, b, &r))
    return b > 0 ? G_MAXINT64 : G_MININT64;
  return r;
}

/* @a - @b, clamped to [G_MININT64, G_MAXINT64]. */
static inline gint64
st_time_sub_sat (gint64 a, gint64 b)
{
  gint64 r;

  if (__builtin_sub_overflow (a, b, &r))
    return b < 0 ? G_MAXINT64 : G_MININT64;
  return r;
}

/* The length of [@start, @end]: 0 when @end is before @start, G_MAXINT64
 * when it is longer than that. */
static inline gint64
st_time_span (gint64 start, gint64 end)
{
  return end <= start ? 0 : st_time_sub_sat (end, start);
}

/* |@t| as an unsigned number: exact for G_MININT64 too. */
static inline guint64
st_time_abs (gint64 t)
{
  return t < 0 ? (guint64)0 - (guint64)t : (guint64)t;
}

/* @a - @b as a double. The subtraction is exact where it fits, so two
 * nearby times far from zero keep their small difference; only a
 * difference wider than 64 bits is rounded. */
static inline double
st_time_diff (gint64 a, gint64 b)
{
  gint64 d;

  return st_time_sub (a, b, &d) ? (double)d : (double)a - (double)b;
}

/* @ns rounded towards zero and clamped to gint64 (a cast of a double out
 * of range is undefined). */
static inline gint64
st_time_from_double (double ns)
{
  if (!(ns > -9.2233720368547758e18)) /* NaN too */
    return ns != ns ? 0 : G_MININT64;
  if (ns >= 9.2233720368547758e18)
    return G_MAXINT64;
  return (gint64)ns;
}

/* Where @t lies in [@start, @end], from 0 to 1 (outside that for a time
 * outside the range): exact differences where they fit, double beyond. */
static inline double
st_time_fraction (gint64 t, gint64 start, gint64 end)
{
  return st_time_diff (t, start) / MAX (1.0, st_time_diff (end, start));
}

/* The time at @fraction of [@start, @end], clamped to gint64. */
static inline gint64
st_time_at_fraction (gint64 start, gint64 end, double fraction)
{
  gint64 span;

  if (st_time_sub (end, start, &span))
    return st_time_add_sat (start, st_time_from_double (fraction * (double)span));
  return st_time_from_double ((double)start + fraction * st_time_diff (end, start));
}

/* The longest trace Strata lays out: 2^62 ns, about 146 years. Twice it
 * still fits in 64 bits, so a view with margins around the whole trace, a
 * pan or a zoom never overflows. */
#define ST_TIME_SPAN_MAX (G_GINT64_CONSTANT (1) << 62)

G_END_DECLS
