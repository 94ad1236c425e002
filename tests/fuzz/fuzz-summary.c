/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-summary: a Chrome trace JSON file's Summary and diagnosis over its
 * whole span, as `strata-cli summary` makes them, and its comparison with
 * a small profile of steps, GEMMs, a copy and a collective, whole and by
 * steps, as `strata-cli diff` makes it, and its digest, written and read
 * back, as `strata-cli digest` and `fleet` do. The importers' harnesses stop at
 * the loaded trace; the analyses read every event's times, kinds and
 * args, so odd ones (times at int64's edge, kernels with no launch,
 * operators nested or overlapping, steps in any order) reach them here.
 * UBSan stops on any signed overflow; a finding must say something and
 * never put a negative time at stake. */
#include "config.h"

#include "st-diagnosis.h"
#include "st-digest.h"
#include "st-fuzz-util.h"
#include "st-profile-diff.h"
#include "st-summary.h"

#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static StTrace *base;

/* The digest of @trace, written and read back: what the reduce reads must
 * be what the map wrote (docs/digest.md). */
static void
digest (StTrace *trace)
{
  StProfileIdentity    identity = { 1, (char *)"00", (char *)"fuzz.json" };
  g_autoptr (GFile)    file = g_file_new_for_path ("/nonexistent/fuzz.json");
  g_autoptr (GError)   error = NULL;
  g_autoptr (StDigest) made = st_digest_make (trace, file, &identity, NULL, &error);
  g_autoptr (StDigest) read = NULL;
  g_autoptr (GBytes)   bytes = NULL;
  gsize                length;
  const char          *data;

  g_assert (made != NULL && error == NULL);
  bytes = st_digest_to_bytes (made);
  data = g_bytes_get_data (bytes, &length);
  read = st_digest_read_bytes (data, length, "fuzz.stdg", &error);
  g_assert (read != NULL && error == NULL);
  g_assert (read->findings->len == made->findings->len);
}

static void
compare (StTrace *trace, StDiffScope scope)
{
  StProfileDiffOptions options = { scope };
  g_autoptr (GError)   error = NULL;
  StProfileDiff       *diff = st_profile_diff_compute (base, trace, &options, NULL, &error);

  g_assert (diff != NULL);
  for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
    g_assert (st_profile_diff_get_finding (diff, i)->text != NULL);
  st_profile_diff_free (diff);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_fuzz_load_bytes (data, size, 1, &error);
  StSummary          *summary;
  StDiagnosis        *diagnosis;

  if (base == NULL)
    {
      g_autoptr (GError) base_error = NULL;

      base = st_fuzz_load_bytes ((const guint8 *)st_fuzz_small_profile,
                                 strlen (st_fuzz_small_profile), 1, &base_error);
      g_assert (base != NULL);
    }
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
  compare (trace, ST_DIFF_SCOPE_WHOLE);
  compare (trace, ST_DIFF_SCOPE_STEPS);
  digest (trace);
  return 0;
}
