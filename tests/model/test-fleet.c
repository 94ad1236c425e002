/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A rank's digest and the fleet of digests (docs/metrics.md 17), on jobs
 * that st-gen-fleet writes at test time with answers planted where its
 * header says. Every expected value below is derived by hand from that
 * header's timings (times in ns; trace time 0 is the start of step 1,
 * the earliest event of every rank; K = 30 compute kernels a step):
 *
 *   arrival jitter j(r) = (r mod 4) × 100, end jitter e(r) = (r mod 3) × 100;
 *   the last compute kernel of a step ends at t0 + D + 50 000 + 200 000 × 29
 *   + 198 000 = t0 + D + 6 048 000 (D: the slow step's 2 000 000, else 0);
 *   the all-gather starts at t0 + D + 6 053 000 + j(r), the last at
 *   + 6 053 300, and ends 300 000 after that plus e(r): at t0 + D +
 *   6 353 300 + e(r); the step ends 15 000 later, at t0 + D + 6 368 300 +
 *   e(r): its time is 6 368 300 + e(r) + D;
 *   the next step starts at the last all-gather start + 300 000 + e(2) +
 *   115 000 = t0 + D + 6 468 500: t0(1) = 0, t0(2) = 6 468 500, …,
 *   t0(6) = 32 342 500, t0(7) = 40 811 000, t0(8) = 47 279 500; a rank's
 *   trace ends with its last step, at t0(8) + 6 368 300 + e(r).
 *   The all-reduce starts at t0 + D + 1 010 000 + j(r), + 3 000 000 for
 *   the straggler in its steps, launched 10 000 before; each ends at the
 *   last start + 800 000 + e(r), + 600 000 on the slow-link rank. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-diagnosis.h"
#include "st-fleet.h"
#include "st-trace-loader.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#define N_RANKS 8
#define N_STEPS 8
#define STEP_NS 6468500

typedef struct
{
  char     *dir;
  StDigest *digests[N_RANKS];
} Job;

/* The planted job, the same without plants, and one with a straggler
 * alone: made once, on first use. */
static Job planted, plain, straggler_only;

static void
generate (Job *job, const char *const *plants)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError)    error = NULL;
  int                   status = 0;

  job->dir = g_dir_make_tmp ("strata-fleet-XXXXXX", &error);
  g_assert_no_error (error);
  g_ptr_array_add (argv, (gpointer)g_getenv ("STRATA_GEN_FLEET"));
  g_ptr_array_add (argv, "--ranks");
  g_ptr_array_add (argv, "8");
  g_ptr_array_add (argv, "--steps");
  g_ptr_array_add (argv, "8");
  g_ptr_array_add (argv, "-o");
  g_ptr_array_add (argv, job->dir);
  for (guint i = 0; plants[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)plants[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_nonnull (argv->pdata[0]);
  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static StDigest *
digest_of (const char *dir, guint rank)
{
  g_autofree char          *name = g_strdup_printf ("rank-%05u.json", rank);
  g_autofree char          *path = g_build_filename (dir, name, NULL);
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autoptr (GError)        error = NULL;
  g_autoptr (StTrace)       trace = st_trace_loader_load (loader, NULL, &error);
  StDigest                 *digest;

  g_assert_no_error (error);
  digest = st_digest_make (trace, file, NULL, NULL, &error);
  g_assert_no_error (error);
  return digest;
}

static Job *
job (Job *job, const char *const *plants)
{
  if (job->dir != NULL)
    return job;
  generate (job, plants);
  for (guint r = 0; r < N_RANKS; r++)
    job->digests[r] = digest_of (job->dir, r);
  return job;
}

static Job *
planted_job (void)
{
  static const char *const plants[]
      = { "--straggler", "5", "--straggler-steps", "2,5", "--slow-link", "3", "--slow-step",
          "6",           NULL };

  return job (&planted, plants);
}

static Job *
plain_job (void)
{
  static const char *const plants[] = { NULL };

  return job (&plain, plants);
}

static Job *
straggler_job (void)
{
  static const char *const plants[] = { "--straggler", "5", "--straggler-steps", "2,5", NULL };

  return job (&straggler_only, plants);
}

static void
job_clear (Job *job)
{
  g_autoptr (GDir) dir = NULL;
  const char      *name;

  if (job->dir == NULL)
    return;
  dir = g_dir_open (job->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (job->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (job->dir);
  g_free (job->dir);
  for (guint r = 0; r < N_RANKS; r++)
    st_digest_free (job->digests[r]);
}

/* The digests of @job, a copy of each (a fleet keeps what it is given),
 * in the order of @order. */
static GPtrArray *
digests (Job *job, const guint *order)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)st_digest_free);

  for (guint i = 0; i < N_RANKS; i++)
    {
      g_autoptr (GBytes) bytes = st_digest_to_bytes (job->digests[order ? order[i] : i]);
      g_autoptr (GError) error = NULL;
      gsize              size;
      const char        *data = g_bytes_get_data (bytes, &size);
      g_autofree char   *name = g_strdup_printf ("digest-%u.stdg", order ? order[i] : i);
      StDigest          *copy = st_digest_read_bytes (data, size, name, &error);

      g_assert_no_error (error);
      g_ptr_array_add (out, copy);
    }
  return out;
}

/* --- a digest ---------------------------------------------------------------------- */

/* Rank 5 of the planted job: its identity, clock, steps and collectives. */
static void
test_digest_rank (void)
{
  StDigest                 *d = planted_job ()->digests[5];
  const StDigestStep       *step;
  const StDigestCollective *c;

  g_assert_cmpstr (d->name, ==, "rank-00005.json");
  g_assert_true (g_path_is_absolute (d->path));
  g_assert_cmpuint (strlen (d->identity), ==, 64);
  g_assert_cmpstr (d->format, ==, "chrome-json");
  g_assert_cmpint (d->rank, ==, 5);
  g_assert_cmpint (d->environment->world_size, ==, 8);
  g_assert_cmpstr (d->environment->device_model, ==, "NVIDIA H100 80GB HBM3");
  /* baseTimeNanoseconds 1735632360000000000 + the first ts, 4203669603018 µs + 1000 µs, in ns */
  g_assert_cmpint (d->origin_ns, ==,
                   G_GINT64_CONSTANT (1735632360000000000) + G_GINT64_CONSTANT (4203669604018000));
  /* its last step ends at t0(8) + 6 368 300 + e(5) = 47 279 500 + 6 368 500 */
  g_assert_cmpint (d->end_ns, ==, 53648000);

  g_assert_cmpuint (d->steps->len, ==, N_STEPS);
  step = &g_array_index (d->steps, StDigestStep, 5);
  g_assert_cmpint (step->number, ==, 6);
  g_assert_cmpint (step->start_ns, ==, 32342500);
  /* 6 368 300 + e(5) + the slow step's 2 000 000 */
  g_assert_cmpfloat (step->values[ST_STEP_TIME], ==, 8368500);
  step = &g_array_index (d->steps, StDigestStep, 0);
  g_assert_cmpfloat (step->values[ST_STEP_TIME], ==, 6368500);
  /* 30 kernels of 198 µs */
  g_assert_cmpfloat (step->values[ST_STEP_COMPUTE], ==, 5940000);
  /* the all-gather alone, 6 353 500 − 6 053 100, and the 4 gaps of 2 µs
   * between compute kernels (at 1048, 1248, 1448 and 1648 µs) that its
   * all-reduce (1010.1 to 1810.5 µs) spans */
  g_assert_cmpfloat (step->values[ST_STEP_EXPOSED], ==, 300400 + 8000);
  /* busy 5 940 000 + 8 000 + 300 400 over its device time, from the first
   * kernel at 50 µs to the all-gather's end at 6 353 500 */
  g_assert_cmpfloat_with_epsilon (step->values[ST_STEP_BUSY], 100.0 * 6248400 / 6303500, 1e-9);
  /* 2 GiB + 5 MiB static and 1 GiB of activations */
  g_assert_cmpfloat (step->values[ST_STEP_MEMORY_PEAK], ==, 3226468352.0);

  /* an all-reduce and an all-gather a step */
  g_assert_cmpuint (d->collectives->len, ==, 2 * N_STEPS);
  c = &g_array_index (d->collectives, StDigestCollective, 2);
  g_assert_cmpuint (c->types, ==, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpuint (c->sequence, ==, 2);
  /* t0(2) + 1 010 000 + j(5) + 3 000 000 late; launched 10 µs before */
  g_assert_cmpint (c->start_ns, ==, 10478600);
  g_assert_true (c->has_launch);
  g_assert_cmpint (c->launch_ns, ==, 10468600);
  g_assert_cmpint (c->end_ns, ==, 10478600 + 800000 + 200);
  c = &g_array_index (d->collectives, StDigestCollective, 1);
  g_assert_cmpuint (c->types, ==, ST_COLLECTIVE_ALLGATHER);
  g_assert_cmpuint (c->sequence, ==, 1);
  g_assert_cmpint (c->start_ns, ==, 6053100);
  g_assert_cmpint (c->end_ns, ==, 6353500);
}

/* The busy strips: 512 bins of 53 648 000 / 512 = 104 781.25 ns. */
static void
test_digest_strips (void)
{
  StDigest            *d = planted_job ()->digests[5];
  const StDigestTrack *compute = NULL, *nccl = NULL;

  for (guint i = 0; i < d->tracks->len; i++)
    {
      const StDigestTrack *t = &g_array_index (d->tracks, StDigestTrack, i);

      if (g_str_has_suffix (t->label, "stream 7"))
        compute = t;
      else if (g_str_has_suffix (t->label, "stream 13 nccl"))
        nccl = t;
    }
  g_assert_nonnull (compute);
  g_assert_nonnull (nccl);
  g_assert_cmpstr (compute->device, ==, "GPU 5");
  /* bin 20, from 2 095 625 to 2 200 406: inside kernel 10 (2 050 000 to
   * 2 248 000), busy throughout */
  g_assert_cmpuint (compute->busy[20], ==, 255);
  /* bin 59, from 6 182 093 to 6 286 875: after step 1's last kernel
   * (6 048 000) and before step 2's first (6 518 500) */
  g_assert_cmpuint (compute->busy[59], ==, 0);
  /* bin 12, from 1 257 375 to 1 362 156: inside the first all-reduce
   * (1 010 100 to 1 810 500); bin 30, from 3 143 437 to 3 248 218,
   * between it and the first all-gather (6 053 100) */
  g_assert_cmpuint (nccl->busy[12], ==, 255);
  g_assert_cmpuint (nccl->busy[30], ==, 0);
}

/* The series of a step are the Summary's numbers of its range. */
static void
test_digest_steps_are_summaries (void)
{
  Job                      *j = planted_job ();
  g_autofree char          *path = g_build_filename (j->dir, "rank-00003.json", NULL);
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autoptr (StTrace)       trace = st_trace_loader_load (loader, NULL, NULL);
  StDigest                 *d = j->digests[3];

  for (guint i = 0; i < d->steps->len; i++)
    {
      const StDigestStep   *s = &g_array_index (d->steps, StDigestStep, i);
      g_autoptr (StSummary) summary
          = st_summary_compute (trace, s->start_ns, s->end_ns, NULL, NULL);

      g_assert_cmpfloat (s->values[ST_STEP_COMPUTE], ==,
                         st_summary_lookup (summary, "compute_time_ns")->value);
      g_assert_cmpfloat (s->values[ST_STEP_EXPOSED], ==,
                         st_summary_lookup (summary, "exposed_communication_ns")->value);
    }
}

/* What is written is what is read back. */
static void
test_digest_round_trip (void)
{
  StDigest            *d = planted_job ()->digests[3];
  g_autoptr (GBytes)   bytes = st_digest_to_bytes (d);
  g_autoptr (GError)   error = NULL;
  gsize                size;
  const char          *data = g_bytes_get_data (bytes, &size);
  g_autoptr (StDigest) back = st_digest_read_bytes (data, size, "back", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (back->identity, ==, d->identity);
  g_assert_cmpint (back->origin_ns, ==, d->origin_ns);
  g_assert_cmpint (back->rank, ==, 3);
  g_assert_cmpstr (back->environment->device_model, ==, d->environment->device_model);
  g_assert_cmpuint (back->metrics->len, ==, d->metrics->len);
  g_assert_cmpuint (back->findings->len, ==, d->findings->len);
  g_assert_cmpmem (back->steps->data, back->steps->len * sizeof (StDigestStep), d->steps->data,
                   d->steps->len * sizeof (StDigestStep));
  g_assert_cmpmem (back->collectives->data, back->collectives->len * sizeof (StDigestCollective),
                   d->collectives->data, d->collectives->len * sizeof (StDigestCollective));
  g_assert_cmpuint (back->tracks->len, ==, d->tracks->len);
  g_assert_cmpmem (g_array_index (back->tracks, StDigestTrack, 0).busy, ST_DIGEST_BINS,
                   g_array_index (d->tracks, StDigestTrack, 0).busy, ST_DIGEST_BINS);
  /* a metric the trace lacks stays absent, not 0 */
  for (guint i = 0; i < d->metrics->len; i++)
    g_assert_cmpint (g_array_index (back->metrics, StDigestMetric, i).present, ==,
                     g_array_index (d->metrics, StDigestMetric, i).present);
  /* 8 steps and 16 collectives in a few kB: the digest does not grow with the kernels */
  g_assert_cmpuint (size, <, 64 * 1024);
}

static void
test_digest_names (void)
{
  const char *const cases[][2] = {
    { "rank-3.pt.trace.json.gz", "rank-3.pt.trace.stdg" },
    { "rank-3.json", "rank-3.stdg" },
    { "host.xplane.pb", "host.xplane.stdg" },
    { "report-rank3.sqlite", "report-rank3.stdg" },
    { "trace", "trace.stdg" },
    { "a.gz", "a.stdg" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = st_digest_dup_name_for (cases[i][0]);

      g_assert_cmpstr (name, ==, cases[i][1]);
    }
}

/* --- the fleet --------------------------------------------------------------------- */

/* The three plants, in the order of their time at stake:
 *
 * straggler, rank 5, late at the all-reduces of steps 2 and 5: each rank
 * r ≠ 5 waited 3 000 000 + j(5) − j(r), Σ over the 7 = 21 000 000 + 700 −
 * (1 200 − 100) = 20 999 600, 2 999 942 each on average (integer
 * division), 5 999 884 for the two;
 *
 * slow link, rank 3: an all-reduce's transfer times are 800 000 + e(r),
 * + 600 000 for rank 3 (e(3) = 0); sorted 800 000, 800 000, 800 100 ×3,
 * 800 200 ×2, 1 400 000, the median 800 100; rank 3 exceeds it by
 * 599 900 at each of 8 all-reduces, 4 799 200; the all-gathers' median is
 * 300 100 and rank 3's 300 000 does not exceed it;
 *
 * slow step, 6: its time, the median over the ranks of 8 368 300 + e(r)
 * (e sorted 0 0 0 100 100 100 200 200), 8 368 400, against the median of
 * the steps' 6 368 400: 2 000 000. */
static void
test_fleet_planted (void)
{
  g_autoptr (GPtrArray) all = digests (planted_job (), NULL);
  g_autoptr (StFleet)   fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  const StFleetFinding *f;

  g_assert_cmpuint (st_fleet_get_n_ranks (fleet), ==, N_RANKS);
  g_assert_cmpuint (st_fleet_get_n_findings (fleet), ==, 3);
  f = st_fleet_get_finding (fleet, 0);
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_STRAGGLER);
  g_assert_cmpstr (st_fleet_get_rank (fleet, f->index)->label, ==, "rank 5");
  g_assert_cmpint (f->time_at_stake_ns, ==, 5999884);
  /* at AllReduce #2: from the first start, t0(2) + 1 010 000, to rank 3's
   * end, the last start 10 478 600 + 800 000 + 600 000 */
  g_assert_cmpint (f->start_ns, ==, 7478500);
  g_assert_cmpint (f->end_ns, ==, 11878600);
  f = st_fleet_get_finding (fleet, 1);
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_SLOW_LINK);
  g_assert_cmpstr (st_fleet_get_rank (fleet, f->index)->label, ==, "rank 3");
  g_assert_cmpint (f->time_at_stake_ns, ==, 4799200);
  f = st_fleet_get_finding (fleet, 2);
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_SLOW_STEP);
  g_assert_cmpint (st_fleet_get_step (fleet, f->index)->number, ==, 6);
  g_assert_cmpint (f->time_at_stake_ns, ==, 2000000);
  /* from t0(6) to the last rank's end, 32 342 500 + 8 368 300 + 200 */
  g_assert_cmpint (f->start_ns, ==, 32342500);
  g_assert_cmpint (f->end_ns, ==, 40711000);
}

/* Who made the slow step slow (17.5). In the planted job every rank took
 * 8 368 300 + e(r) in step 6, within 200 ns of each other: against the
 * floor of the ranks' spread (1 % of their median, 83 684) none stands
 * out, so the step was slower everywhere, not one rank. With rank 4's
 * step 6 made 5 000 000 longer in its digest (an end 5 ms later), the
 * step's median over the ranks is still 8 368 400 while rank 4's 13 368 400
 * lies far above it: it is named. With four ranks, too few to tell (17.4),
 * the slowest is named: ranks 0–3 took e = 0, 100, 200, 0 more, rank 2. */
static void
test_fleet_slow_step_who (void)
{
  g_autoptr (GPtrArray) all = digests (planted_job (), NULL);
  g_autoptr (GPtrArray) changed = digests (planted_job (), NULL);
  g_autoptr (GPtrArray) four = digests (planted_job (), NULL);
  g_autoptr (StFleet)   everywhere = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  g_autoptr (StFleet)   one = NULL, few = NULL;
  StDigest             *rank4 = g_ptr_array_index (changed, 4);
  const StFleetFinding *f = st_fleet_get_finding (everywhere, 2);

  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_SLOW_STEP);
  g_assert_nonnull (strstr (f->text, "on every rank alike"));
  g_assert_null (strstr (f->text, "slowest in it"));

  for (guint s = 0; s < rank4->steps->len; s++)
    {
      StDigestStep *step = &g_array_index (rank4->steps, StDigestStep, s);

      if (step->number == 6)
        {
          step->end_ns += 5000000;
          step->values[ST_STEP_TIME] += 5000000;
        }
    }
  one = st_fleet_new (changed, ST_ALIGN_CLOCK, NULL);
  for (guint i = 0; i < st_fleet_get_n_findings (one); i++)
    if ((f = st_fleet_get_finding (one, i))->kind == ST_FLEET_FINDING_SLOW_STEP)
      break;
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_SLOW_STEP);
  g_assert_nonnull (strstr (f->text, "slowest in it: rank 4 (13.37 ms)"));

  g_ptr_array_set_size (four, 4);
  few = st_fleet_new (four, ST_ALIGN_CLOCK, NULL);
  g_assert_cmpuint (st_fleet_get_n_findings (few), >, 0);
  f = st_fleet_get_finding (few, 0);
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_SLOW_STEP);
  g_assert_nonnull (strstr (f->text, "slowest in it: rank 2 ("));
}

static void
test_fleet_collectives (void)
{
  g_autoptr (GPtrArray)    all = digests (planted_job (), NULL);
  g_autoptr (StFleet)      fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  const StFleetCollective *c;
  const StFleetRank       *r;
  guint                    with_straggler = 0;

  /* 8 all-reduces and 8 all-gathers, each on all 8 ranks, by start */
  g_assert_cmpuint (st_fleet_get_n_collectives (fleet), ==, 2 * N_STEPS);
  c = st_fleet_get_collective (fleet, 2);
  g_assert_cmpstr (c->label, ==, "AllReduce #2");
  g_assert_cmpuint (c->n_ranks, ==, N_RANKS);
  g_assert_true (c->has_straggler);
  g_assert_cmpstr (st_fleet_get_rank (fleet, c->straggler)->label, ==, "rank 5");
  /* rank 5's start minus rank 0's (j 0): 3 000 000 + j(5) */
  g_assert_cmpint (c->late_ns, ==, 3000100);
  g_assert_cmpint (c->waited_ns, ==, 20999600);
  g_assert_cmpint (c->median_transfer_ns, ==, 800100);
  /* its host launched it 3 ms after the others' */
  g_assert_cmpint (c->launch, ==, ST_FLEET_LAUNCH_LATE);
  for (guint i = 0; i < st_fleet_get_n_collectives (fleet); i++)
    with_straggler += st_fleet_get_collective (fleet, i)->has_straggler;
  /* elsewhere every rank arrives within j(3) = 300 ns of the first: nobody waits */
  g_assert_cmpuint (with_straggler, ==, 2);
  r = st_fleet_get_rank (fleet, 5);
  g_assert_cmpuint (r->slowest_count, ==, 2);
  g_assert_cmpint (r->slowest_late_ns, ==, 2 * 3000100);
  g_assert_cmpint (r->caused_wait_ns, ==, 5999884);
  /* ranks with e = 200 (2 and 5) exceed the median transfer by 100 at each
   * of the 16 collectives */
  g_assert_cmpint (st_fleet_get_rank (fleet, 2)->link_excess_ns, ==, 1600);
}

static gboolean
has_outlier (StFleet *fleet, StStepMetric metric, gboolean of_step, guint index)
{
  for (guint i = 0; i < st_fleet_get_n_outliers (fleet); i++)
    {
      const StFleetOutlier *o = st_fleet_get_outlier (fleet, i);

      if (o->metric == metric && o->of_step == of_step && o->index == index)
        return TRUE;
    }
  return FALSE;
}

/* The matrix and what stands out of it. */
static void
test_fleet_steps (void)
{
  g_autoptr (GPtrArray) all = digests (planted_job (), NULL);
  g_autoptr (StFleet)   fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);

  g_assert_cmpuint (st_fleet_get_n_steps (fleet), ==, N_STEPS);
  g_assert_cmpint (st_fleet_get_step (fleet, 5)->number, ==, 6);
  /* rank 2 (e 200) in step 6, rank 0 (e 0) in step 1 */
  g_assert_cmpfloat (st_fleet_get_value (fleet, ST_STEP_TIME, 5, 2), ==, 8368500);
  g_assert_cmpfloat (st_fleet_get_value (fleet, ST_STEP_TIME, 0, 0), ==, 6368300);
  g_assert_cmpfloat (st_fleet_get_step (fleet, 5)->values[ST_STEP_TIME], ==, 8368400);
  g_assert_cmpfloat (st_fleet_get_rank (fleet, 2)->median_step_ns, ==, 6368500);
  /* step 6 stands out by 2 000 000 over a spread of 1 % of 6 368 400 */
  g_assert_true (has_outlier (fleet, ST_STEP_TIME, TRUE, 5));
  /* no rank's median step does: they differ by e(r) ≤ 200 ns */
  for (guint row = 0; row < N_RANKS; row++)
    g_assert_false (has_outlier (fleet, ST_STEP_TIME, FALSE, row));
}

/* Without plants nothing stands out. */
static void
test_fleet_plain (void)
{
  g_autoptr (GPtrArray) all = digests (plain_job (), NULL);
  g_autoptr (StFleet)   fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);

  g_assert_cmpuint (st_fleet_get_n_findings (fleet), ==, 0);
  for (guint i = 0; i < st_fleet_get_n_collectives (fleet); i++)
    g_assert_false (st_fleet_get_collective (fleet, i)->has_straggler);
}

/* The rows are in rank order, whatever the order of the digests. */
static void
test_fleet_rows (void)
{
  static const guint    order[N_RANKS] = { 7, 3, 0, 5, 1, 6, 2, 4 };
  g_autoptr (GPtrArray) all = digests (planted_job (), order);
  g_autoptr (StFleet)   fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);

  for (guint row = 0; row < N_RANKS; row++)
    {
      g_assert_cmpint (st_fleet_get_rank (fleet, row)->rank, ==, row);
      g_assert_cmpint (st_fleet_get_digest (fleet, row)->rank, ==, row);
    }
  g_assert_cmpstr (st_fleet_get_rank (fleet, st_fleet_get_finding (fleet, 0)->index)->label, ==,
                   "rank 5");
}

/* Rank 2's clock is a second ahead. On the clocks, rank 2 arrives last
 * everywhere; aligned on the first collective's end, the planted
 * straggler comes back. The first all-reduces end at the last start +
 * 800 000 + e(r), so the shifts are 200 − e(r): j(r) + shift is 200, 200,
 * 200, 500, 100, 100 (rank 5, + 3 000 000 where late), 400, 400; at each
 * late all-reduce the 7 others waited 7 × 3 000 100 − 2 000 = 20 998 700,
 * 2 999 814 each on average: 5 999 628 for the two. */
static void
test_fleet_align (void)
{
  g_autoptr (GPtrArray) on_clock = digests (straggler_job (), NULL);
  g_autoptr (GPtrArray) on_collective = digests (straggler_job (), NULL);
  g_autoptr (StFleet)   clock = NULL, collective = NULL;
  const StFleetFinding *f;

  ((StDigest *)g_ptr_array_index (on_clock, 2))->origin_ns += 1000000000;
  ((StDigest *)g_ptr_array_index (on_collective, 2))->origin_ns += 1000000000;
  clock = st_fleet_new (on_clock, ST_ALIGN_CLOCK, NULL);
  collective = st_fleet_new (on_collective, ST_ALIGN_COLLECTIVE, NULL);

  f = st_fleet_get_finding (clock, 0);
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_STRAGGLER);
  g_assert_cmpstr (st_fleet_get_rank (clock, f->index)->label, ==, "rank 2");
  g_assert_cmpuint (st_fleet_get_rank (clock, 2)->slowest_count, ==, 2 * N_STEPS);

  g_assert_cmpuint (st_fleet_get_n_findings (collective), ==, 1);
  f = st_fleet_get_finding (collective, 0);
  g_assert_cmpint (f->kind, ==, ST_FLEET_FINDING_STRAGGLER);
  g_assert_cmpstr (st_fleet_get_rank (collective, f->index)->label, ==, "rank 5");
  g_assert_cmpint (f->time_at_stake_ns, ==, 5999628);
}

/* Two digests of one rank are both kept, and the fleet says so. */
static void
test_fleet_duplicate (void)
{
  g_autoptr (GPtrArray) all = digests (plain_job (), NULL);
  g_autoptr (StFleet)   fleet = NULL;

  ((StDigest *)g_ptr_array_index (all, 4))->rank = 3;
  fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  g_assert_cmpuint (st_fleet_get_n_ranks (fleet), ==, N_RANKS);
  g_assert_cmpstr (st_fleet_get_rank (fleet, 3)->label, ==, "rank 3");
  g_assert_cmpstr (st_fleet_get_rank (fleet, 4)->label, ==, "rank 3 (rank-00004.json)");
  g_assert_cmpuint (st_fleet_get_notes (fleet)->len, >=, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (st_fleet_get_notes (fleet), 0), "rank 3"));
}

/* @d's digest once more, as the file @name. */
static void
add_copy (GPtrArray *all, StDigest *d, const char *name)
{
  g_autoptr (GBytes) bytes = st_digest_to_bytes (d);
  g_autoptr (GError) error = NULL;
  gsize              size;
  const char        *data = g_bytes_get_data (bytes, &size);

  g_ptr_array_add (all, st_digest_read_bytes (data, size, name, &error));
  g_assert_no_error (error);
}

/* The notes of @fleet that contain @text. */
static guint
count_notes (StFleet *fleet, const char *text)
{
  GPtrArray *notes = st_fleet_get_notes (fleet);
  guint      n = 0;

  for (guint i = 0; i < notes->len; i++)
    n += strstr (g_ptr_array_index (notes, i), text) != NULL;
  return n;
}

/* Digests of one trace count once (docs/metrics.md 17.2): copies of five
 * ranks' digests (rank 2's three times) change no number of the planted
 * job's fleet; three notes name the copies, the first three traces in
 * rank order (0, 2, 4), and one counts the other two (5, 7). */
static void
test_fleet_copies (void)
{
  Job                  *job = planted_job ();
  g_autoptr (GPtrArray) alone = digests (job, NULL);
  g_autoptr (GPtrArray) copied = digests (job, NULL);
  g_autoptr (StFleet)   reference = NULL, fleet = NULL;
  GPtrArray            *notes;

  add_copy (copied, job->digests[2], "again-2a.stdg");
  add_copy (copied, job->digests[0], "again-0.stdg");
  add_copy (copied, job->digests[2], "again-2b.stdg");
  add_copy (copied, job->digests[7], "again-7.stdg");
  add_copy (copied, job->digests[2], "again-2c.stdg");
  add_copy (copied, job->digests[4], "again-4.stdg");
  add_copy (copied, job->digests[5], "again-5.stdg");
  reference = st_fleet_new (alone, ST_ALIGN_CLOCK, NULL);
  fleet = st_fleet_new (copied, ST_ALIGN_CLOCK, NULL);

  g_assert_cmpuint (st_fleet_get_n_ranks (fleet), ==, N_RANKS);
  for (guint row = 0; row < N_RANKS; row++)
    {
      const StFleetRank *a = st_fleet_get_rank (reference, row),
                        *b = st_fleet_get_rank (fleet, row);

      g_assert_cmpstr (b->label, ==, a->label);
      g_assert_cmpuint (b->digest, ==, a->digest); /* the first in the order given is kept */
      g_assert_cmpuint (b->slowest_count, ==, a->slowest_count);
      g_assert_cmpint (b->caused_wait_ns, ==, a->caused_wait_ns);
      g_assert_cmpint (b->link_excess_ns, ==, a->link_excess_ns);
    }
  g_assert_cmpuint (st_fleet_get_n_findings (fleet), ==, st_fleet_get_n_findings (reference));
  for (guint i = 0; i < st_fleet_get_n_findings (fleet); i++)
    g_assert_cmpint (st_fleet_get_finding (fleet, i)->time_at_stake_ns, ==,
                     st_fleet_get_finding (reference, i)->time_at_stake_ns);
  g_assert_cmpuint (st_fleet_get_n_outliers (fleet), ==, st_fleet_get_n_outliers (reference));

  notes = st_fleet_get_notes (fleet);
  g_assert_cmpuint (notes->len, ==, st_fleet_get_notes (reference)->len + 4);
  g_assert_cmpuint (count_notes (fleet, "are digests of one trace"), ==, 3);
  g_assert_cmpuint (count_notes (fleet,
                                 "“digest-0.stdg” and “again-0.stdg” are digests of one trace, "
                                 "rank 0’s “rank-00000.json”: it counts once."),
                    ==, 1);
  g_assert_cmpuint (count_notes (fleet, "“digest-2.stdg”, “again-2a.stdg”, “again-2b.stdg” and 1 "
                                        "more are digests of one trace, rank 2’s"),
                    ==, 1);
  g_assert_cmpuint (count_notes (fleet, "“digest-4.stdg” and “again-4.stdg”"), ==, 1);
  g_assert_cmpuint (count_notes (fleet, "2 more traces were digested more than once."), ==, 1);
}

/* Five ranks with digests of two traces each (the plain job's eight
 * digests given ranks 0 0 1 1 2 2 3 3, and two more of rank 4, copies
 * given identities of their own): three notes name them, one counts the
 * other two, and every digest keeps its row, the second of a rank
 * labelled with its file name. */
static void
test_fleet_duplicate_many (void)
{
  g_autoptr (GPtrArray) all = digests (plain_job (), NULL);
  g_autoptr (StFleet)   fleet = NULL;

  for (guint r = 0; r < N_RANKS; r++)
    ((StDigest *)g_ptr_array_index (all, r))->rank = r / 2;
  for (guint k = 0; k < 2; k++)
    {
      StDigest *d;

      add_copy (all, plain_job ()->digests[k], k == 0 ? "other-a.stdg" : "other-b.stdg");
      d = g_ptr_array_index (all, all->len - 1);
      d->rank = 4;
      g_free (d->identity);
      d->identity = g_strdup (k == 0 ? "a-trace-of-its-own" : "another-trace-of-its-own");
    }
  fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  g_assert_cmpuint (st_fleet_get_n_ranks (fleet), ==, N_RANKS + 2);
  g_assert_cmpuint (count_notes (fleet, "digests of different traces say they are rank"), ==, 3);
  g_assert_cmpuint (count_notes (fleet, "2 digests of different traces say they are rank 0: "
                                        "“digest-0.stdg” and “digest-1.stdg”; each is kept."),
                    ==, 1);
  g_assert_cmpuint (count_notes (fleet, "say they are rank 3"), ==, 0);
  g_assert_cmpuint (count_notes (fleet, "2 more ranks have digests of different traces."), ==, 1);
  g_assert_cmpstr (st_fleet_get_rank (fleet, 1)->label, ==, "rank 0 (rank-00001.json)");
}

/* Four of the planted job's eight ranks: too few to compare (docs/metrics.md
 * 17.4), so no rank finding, and the notes say why and how many are here. */
static void
test_fleet_few (void)
{
  g_autoptr (GPtrArray) all = digests (planted_job (), NULL);
  g_autoptr (StFleet)   fleet = NULL;

  g_ptr_array_set_size (all, 4);
  fleet = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  g_assert_cmpuint (st_fleet_get_n_ranks (fleet), ==, 4);
  g_assert_true (st_fleet_is_of_one_job (fleet));
  g_assert_false (st_fleet_compares_ranks (fleet));
  for (guint i = 0; i < st_fleet_get_n_findings (fleet); i++)
    g_assert_cmpint (st_fleet_get_finding (fleet, i)->kind, ==, ST_FLEET_FINDING_SLOW_STEP);
  g_assert_cmpuint (count_notes (fleet, "The digests say the job had 8 ranks; 4 are here."), ==, 1);
  g_assert_cmpuint (count_notes (fleet, "Fewer than 5 ranks: no rank stands out"), ==, 1);
}

/* Digests that say different world sizes are of two jobs (docs/metrics.md
 * 17.2): the planted job's straggler, slow link and slow step are not
 * found across them, nothing is matched or stands out, and the first note
 * says how many digests say each size, in rank order. */
static void
test_fleet_two_jobs (void)
{
  g_autoptr (GPtrArray) all = digests (planted_job (), NULL);
  g_autoptr (StFleet)   one = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  g_autoptr (StFleet)   two = NULL;

  g_assert_true (st_fleet_is_of_one_job (one));
  g_assert_true (st_fleet_compares_ranks (one));
  g_assert_cmpuint (st_fleet_get_n_findings (one), ==, 3);
  for (guint r = 5; r < N_RANKS; r++)
    ((StDigest *)g_ptr_array_index (all, r))->environment->world_size = 4;
  two = st_fleet_new (all, ST_ALIGN_CLOCK, NULL);
  g_assert_false (st_fleet_is_of_one_job (two));
  g_assert_false (st_fleet_compares_ranks (two));
  g_assert_cmpuint (st_fleet_get_n_ranks (two), ==, N_RANKS);
  g_assert_cmpuint (st_fleet_get_n_findings (two), ==, 0);
  g_assert_cmpuint (st_fleet_get_n_outliers (two), ==, 0);
  g_assert_cmpuint (st_fleet_get_n_collectives (two), ==, 0);
  g_assert_cmpuint (st_fleet_get_rank (two, 5)->slowest_count, ==, 0);
  g_assert_cmpstr (g_ptr_array_index (st_fleet_get_notes (two), 0), ==,
                   "These digests are of more than one job: 5 say the world size is 8 and 3 say "
                   "the world size is 4. Ranks of different jobs share no collective or step, so "
                   "there are no findings: open one job's digests at a time.");
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fleet/digest/rank", test_digest_rank);
  g_test_add_func ("/fleet/digest/strips", test_digest_strips);
  g_test_add_func ("/fleet/digest/steps-are-summaries", test_digest_steps_are_summaries);
  g_test_add_func ("/fleet/digest/round-trip", test_digest_round_trip);
  g_test_add_func ("/fleet/digest/names", test_digest_names);
  g_test_add_func ("/fleet/reduce/planted", test_fleet_planted);
  g_test_add_func ("/fleet/reduce/slow-step-who", test_fleet_slow_step_who);
  g_test_add_func ("/fleet/reduce/collectives", test_fleet_collectives);
  g_test_add_func ("/fleet/reduce/steps", test_fleet_steps);
  g_test_add_func ("/fleet/reduce/plain", test_fleet_plain);
  g_test_add_func ("/fleet/reduce/rows", test_fleet_rows);
  g_test_add_func ("/fleet/reduce/align", test_fleet_align);
  g_test_add_func ("/fleet/reduce/duplicate", test_fleet_duplicate);
  g_test_add_func ("/fleet/reduce/duplicate-many", test_fleet_duplicate_many);
  g_test_add_func ("/fleet/reduce/copies", test_fleet_copies);
  g_test_add_func ("/fleet/reduce/two-jobs", test_fleet_two_jobs);
  g_test_add_func ("/fleet/reduce/few", test_fleet_few);
  status = g_test_run ();
  job_clear (&planted);
  job_clear (&plain);
  job_clear (&straggler_only);
  return status;
}
