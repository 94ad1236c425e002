/* SPDX-License-Identifier: GPL-3.0-or-later */
/* StJob, the one way the window's parts run work off the main thread, as
 * its owners rely on it: a run's result comes back on the main thread; a
 * run superseded by a newer one on the same slot, cancelled, or whose slot
 * is gone, never reaches its owner, and what it made is freed; a failure
 * comes back with its error; the progress the thread reports is what the
 * main thread reads; and a run started with the result of the last keeps
 * the slot running without a gap.
 *
 * The runs are made to wait on a gate the test opens, so which run is
 * current when each result arrives is the test's choice, not the
 * scheduler's. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-job.h"
#include "st-test-util.h"

/* A gate a run waits at until the test opens it (or the run is
 * cancelled). */
typedef struct
{
  GMutex   lock;
  GCond    cond;
  gboolean open;
  double   report; /* reported before waiting, when >= 0 */
  gboolean reported;
} Gate;

static void
gate_init (Gate *gate)
{
  *gate = (Gate){ 0 };
  g_mutex_init (&gate->lock);
  g_cond_init (&gate->cond);
  gate->report = -1;
}

static void
gate_clear (Gate *gate)
{
  g_mutex_clear (&gate->lock);
  g_cond_clear (&gate->cond);
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

/* What a run is given: its gate and the number it answers with. */
typedef struct
{
  Gate *gate;
  guint n;
  gint *freed_data; /* counts the data freed */
} Work;

static void
work_free (gpointer data)
{
  Work *work = data;

  g_atomic_int_inc (work->freed_data);
  g_free (work);
}

/* Its result: the sum 1 + … + n. */
typedef struct
{
  guint64 sum;
} Sum;

/* Results freed, delivered or not. */
static gint freed_results;

static void
sum_free (gpointer data)
{
  g_atomic_int_inc (&freed_results);
  g_free (data);
}

static void
on_cancelled (GCancellable *cancellable, Gate *gate)
{
  gate_open (gate);
}

static gpointer
sum_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Work  *work = data;
  Sum   *sum = g_new0 (Sum, 1);
  gulong id;

  if (work->gate != NULL)
    {
      if (work->gate->report >= 0)
        st_job_report (work->gate->report, run);
      g_mutex_lock (&work->gate->lock);
      work->gate->reported = TRUE;
      g_cond_broadcast (&work->gate->cond);
      g_mutex_unlock (&work->gate->lock);
      id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), work->gate, NULL);
      g_mutex_lock (&work->gate->lock);
      while (!work->gate->open)
        g_cond_wait (&work->gate->cond, &work->gate->lock);
      g_mutex_unlock (&work->gate->lock);
      g_cancellable_disconnect (cancellable, id);
    }
  for (guint i = 1; i <= work->n; i++)
    sum->sum += i;
  return sum;
}

static gpointer
failing_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "the input was bad");
  return NULL;
}

/* What the owner heard. */
typedef struct
{
  StJob   *job;
  guint    n_done;
  guint64  sum;
  GError  *error;
  guint    n_running_changes;
  gboolean chain; /* starts another run with the first result */
  Gate    *gate;
  gint     n_started;
  gint     freed_data;
} Owner;

static void on_done (gpointer owner, gpointer result, const GError *error);

static void
start (Owner *o, Gate *gate, guint n)
{
  Work *work = g_new0 (Work, 1);

  work->gate = gate;
  work->n = n;
  work->freed_data = &o->freed_data;
  o->n_started++;
  st_job_start (o->job, sum_thread, work, work_free, on_done, sum_free);
}

static void
on_done (gpointer owner, gpointer result, const GError *error)
{
  Owner *o = owner;
  Sum   *sum = result;

  o->n_done++;
  if (error != NULL)
    {
      o->error = g_error_copy (error);
      return;
    }
  o->sum = sum->sum;
  sum_free (sum);
  if (o->chain)
    {
      o->chain = FALSE;
      start (o, NULL, 4);
    }
}

static void
on_running (Owner *o)
{
  o->n_running_changes++;
}

static gboolean
job_idle (gpointer data)
{
  return !st_job_is_running (((Owner *)data)->job);
}

/* Until *@counter reaches @n: what a worker thread frees last may be freed
 * there, with nothing for the main loop to wake up for. */
static void
wait_count (gint *counter, gint n)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (g_atomic_int_get (counter) < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
owner_init (Owner *o)
{
  o->job = st_job_new (o);
  g_signal_connect_swapped (o->job, "notify::running", G_CALLBACK (on_running), o);
  freed_results = 0;
}

/* Every run's data is freed before the owner goes: it points into it. */
static void
owner_clear (Owner *o)
{
  wait_count (&o->freed_data, o->n_started);
  g_clear_error (&o->error);
  g_assert_finalize_object (o->job);
}

static void
wait_reported (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  while (!gate->reported)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
}

/* The sum of 1 … 100 is 100 × 101 / 2 = 5050, on the main thread. */
static void
test_result (void)
{
  Owner o = { 0 };

  owner_init (&o);
  start (&o, NULL, 100);
  g_assert_true (st_job_is_running (o.job));
  st_test_wait_until (job_idle, &o);
  g_assert_cmpuint (o.n_done, ==, 1);
  g_assert_cmpuint (o.sum, ==, 5050);
  /* running, then not */
  g_assert_cmpuint (o.n_running_changes, ==, 2);
  owner_clear (&o);
}

/* A run started while another waits supersedes it: only the newer one's
 * sum (1 … 10 = 55) reaches the owner, and the older one's result is
 * freed, though its thread finished after the newer one started. */
static void
test_superseded (void)
{
  Owner o = { 0 };
  Gate  gate;

  gate_init (&gate);
  owner_init (&o);
  start (&o, &gate, 1000);
  wait_reported (&gate);
  start (&o, NULL, 10);
  gate_open (&gate);
  st_test_wait_until (job_idle, &o);
  /* the first run's thread may still be returning: both its data and its
   * result are freed once it has */
  wait_count (&o.freed_data, 2);
  g_assert_cmpuint (o.n_done, ==, 1);
  g_assert_cmpuint (o.sum, ==, 55);
  /* one start from none, one end: the second start is no change */
  g_assert_cmpuint (o.n_running_changes, ==, 2);
  owner_clear (&o);
  gate_clear (&gate);
}

/* A cancelled run never reaches its owner; the slot is idle at once. */
static void
test_cancelled (void)
{
  Owner o = { 0 };
  Gate  gate;

  gate_init (&gate);
  owner_init (&o);
  start (&o, &gate, 1000);
  wait_reported (&gate);
  st_job_cancel (o.job);
  g_assert_false (st_job_is_running (o.job));
  wait_count (&o.freed_data, 1);
  g_assert_cmpuint (o.n_done, ==, 0);
  g_assert_cmpuint (o.n_running_changes, ==, 2);
  owner_clear (&o);
  gate_clear (&gate);
}

/* The slot let go while its run works: the owner (gone with it) hears
 * nothing, and what the run made is freed. */
static void
test_slot_gone (void)
{
  Owner o = { 0 };
  Gate  gate;

  gate_init (&gate);
  owner_init (&o);
  start (&o, &gate, 1000);
  wait_reported (&gate);
  g_assert_finalize_object (o.job);
  gate_open (&gate);
  wait_count (&o.freed_data, 1);
  wait_count (&freed_results, 1);
  g_assert_cmpuint (o.n_done, ==, 0);
  gate_clear (&gate);
}

/* A failure comes back with its error, and no result. */
static void
test_error (void)
{
  Owner o = { 0 };

  owner_init (&o);
  st_job_start (o.job, failing_thread, NULL, NULL, on_done, sum_free);
  st_test_wait_until (job_idle, &o);
  g_assert_cmpuint (o.n_done, ==, 1);
  g_assert_error (o.error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (o.error->message, ==, "the input was bad");
  owner_clear (&o);
}

static void
on_progress (StJob *job, double *seen)
{
  *seen = st_job_get_fraction (job);
}

/* What the thread reported (3/8, exact in binary and in millionths) is
 * what the main thread reads at the next "progress". */
static void
test_progress (void)
{
  Owner  o = { 0 };
  Gate   gate;
  double seen = -1;

  gate_init (&gate);
  gate.report = 0.375;
  owner_init (&o);
  g_signal_connect (o.job, "progress", G_CALLBACK (on_progress), &seen);
  start (&o, &gate, 3);
  wait_reported (&gate);
  while (seen < 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpfloat (seen, ==, 0.375);
  gate_open (&gate);
  st_test_wait_until (job_idle, &o);
  /* 1 + 2 + 3 */
  g_assert_cmpuint (o.sum, ==, 6);
  g_assert_cmpfloat (st_job_get_fraction (o.job), ==, 0);
  owner_clear (&o);
  gate_clear (&gate);
}

/* A run started with the result of the last (a page's second step): the
 * slot stays running between them, and the second result (1 … 4 = 10)
 * follows. */
static void
test_chained (void)
{
  Owner o = { 0 };

  owner_init (&o);
  o.chain = TRUE;
  start (&o, NULL, 100);
  while (o.n_done < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (o.sum, ==, 10);
  g_assert_false (st_job_is_running (o.job));
  g_assert_cmpuint (o.n_running_changes, ==, 2);
  owner_clear (&o);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/job/result", test_result);
  g_test_add_func ("/job/superseded", test_superseded);
  g_test_add_func ("/job/cancelled", test_cancelled);
  g_test_add_func ("/job/slot-gone", test_slot_gone);
  g_test_add_func ("/job/error", test_error);
  g_test_add_func ("/job/progress", test_progress);
  g_test_add_func ("/job/chained", test_chained);
  return g_test_run ();
}
