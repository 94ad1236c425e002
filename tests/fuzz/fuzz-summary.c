/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-summary: a Chrome trace JSON file's Summary and diagnosis over its
 * whole span, as `strata-cli summary` makes them. The importers' harnesses
 * stop at the loaded trace; the analyses read every event's times, kinds
 * and args, so odd ones (times at int64's edge, kernels with no launch,
 * operators nested or overlapping, steps in any order) reach them here.
 * UBSan stops on any signed overflow; a finding must say something and
 * never put a negative time at stake. */
#include "config.h"

#include "st-diagnosis.h"
#include "st-fuzz-util.h"
#include "st-summary.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_fuzz_load_bytes (data, size, 1, &error);
  StSummary          *summary;
  StDiagnosis        *diagnosis;

  if (trace == NULL)
    return 0;
  summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);
  g_assert (summary != NULL && error == NULL);
  diagnosis = st_diagnosis_compute (trace, summary, NULL, &error);
  g_assert (diagnosis != NULL && error == NULL);
  for (guint i = 0; i < st_diagnosis_get_n_findings (diagnosis); i++)
    {
      const StFinding *f = st_diagnosis_get_finding (diagnosis, i);

      g_assert (f->text != NULL && f->text[0] != '\0');
      g_assert (f->time_at_stake_ns >= 0);
    }
  st_diagnosis_free (diagnosis);
  st_summary_free (summary);
  return 0;
}
