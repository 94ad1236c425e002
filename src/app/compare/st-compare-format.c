/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-compare-format.h"
#include "st-format.h"

#include <glib/gi18n.h>
#include <math.h>

/* "12", or "12.5" for a mean over steps that is not whole. */
char *
st_compare_format_count (double count)
{
  if (fabs (count - round (count)) < 0.05)
    return st_format_count ((guint64)MAX (round (count), 0));
  return g_strdup_printf ("%.1f", count);
}

char *
st_compare_format_duration (gint64 ns)
{
  return st_format_duration (ns);
}

/* "▲ " before a growth's signed @text, "▼ " before a fall's, nothing
 * before zero. Takes @text. */
static char *
arrowed (double delta, char *text)
{
  g_autofree char *owned = text;

  if (delta > 0)
    return g_strdup_printf ("▲ %s", owned);
  if (delta < 0)
    return g_strdup_printf ("▼ %s", owned);
  return g_steal_pointer (&owned);
}

char *
st_compare_format_delta_duration (gint64 delta_ns)
{
  return arrowed ((double)delta_ns, st_format_duration_delta (delta_ns));
}

char *
st_compare_format_delta_value (StMetricUnit unit, double delta)
{
  /* a share's difference is in points: 45.1 % → 47.4 % is 2.3 points, not
   * 2.3 % of it (the Δ % column says that) */
  g_autofree char *magnitude = unit == ST_UNIT_PERCENT
                                   ? g_strdup_printf (_ ("%.1f points"), fabs (delta))
                                   : st_summary_format_value (unit, fabs (delta));

  return arrowed (delta, delta == 0 ? g_steal_pointer (&magnitude)
                                    : g_strdup_printf ("%s%s", delta < 0 ? "−" : "+", magnitude));
}

/* "+38.2 %", "−5.0 %", or "—" when there is none (the base is 0). */
char *
st_compare_format_percent (gboolean present, double percent)
{
  if (!present)
    return g_strdup ("—");
  if (percent > 0)
    return g_strdup_printf ("+%.1f %%", percent);
  if (percent < 0)
    return g_strdup_printf ("−%.1f %%", -percent);
  return g_strdup ("0 %");
}
