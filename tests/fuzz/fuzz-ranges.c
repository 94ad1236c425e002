/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-ranges: any int64 range, as `strata-cli summary --region` and
 * `diff --region` take it, over a small profile with device work, steps,
 * a collective and a copy: the Summary of the range (with its overlap bins
 * and stream gaps) and the comparison of two profiles over it, whole and
 * by steps. UBSan stops on any signed overflow. The input is read 8 bytes
 * at a time; a byte below 16 instead picks one of the edges (the int64
 * limits, 0, ±1, the trace's own bounds) so they come up often. */
#include "config.h"

#include "st-fuzz-util.h"
#include "st-profile-diff.h"
#include "st-summary.h"

#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static StTrace *trace;

static gint64
take (const guint8 **data, size_t *size)
{
  static const gint64 edges[] = { G_MININT64,     G_MININT64 + 1, -1,     0,      1, G_MAXINT64 - 1,
                                  G_MAXINT64,     500000,         900000, 899999, 1, G_MAXINT64 / 2,
                                  G_MININT64 / 2, -900000,        250000, 100 };
  gint64              v = 0;
  size_t              n;

  if (*size > 0 && **data < G_N_ELEMENTS (edges))
    {
      v = edges[**data];
      (*data)++;
      (*size)--;
      return v;
    }
  n = MIN (*size, sizeof v);
  memcpy (&v, *data, n);
  *data += n;
  *size -= n;
  return v;
}

static void
summarise (gint64 start, gint64 end)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) summary = st_summary_compute (trace, start, end, NULL, &error);

  g_assert (summary != NULL);
}

static void
compare (gint64 start, gint64 end, StDiffScope scope)
{
  StProfileDiffOptions options = { scope };
  g_autoptr (GError)   error = NULL;
  StProfileDiff       *diff;

  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      options.has_range[s] = TRUE;
      options.start[s] = start;
      options.end[s] = end;
    }
  diff = st_profile_diff_compute (trace, trace, &options, NULL, &error);
  g_assert (diff != NULL);
  st_profile_diff_free (diff);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  gint64 start, end;

  if (trace == NULL)
    {
      g_autoptr (GError) error = NULL;

      trace = st_fuzz_load_bytes ((const guint8 *)st_fuzz_small_profile,
                                  strlen (st_fuzz_small_profile), 1, &error);
      g_assert (trace != NULL);
    }
  start = take (&data, &size);
  end = take (&data, &size);
  /* as the command line takes it: START < END */
  if (start >= end)
    return 0;
  summarise (start, end);
  compare (start, end, ST_DIFF_SCOPE_WHOLE);
  compare (start, end, ST_DIFF_SCOPE_STEPS);
  return 0;
}
