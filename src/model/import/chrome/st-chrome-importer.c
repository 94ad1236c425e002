/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-chrome-importer-private.h"
#include "st-trace-error.h"

#include <glib/gi18n-lib.h>

/* A shard of a mapped file is at least this big: smaller files load faster
 * than a thread starts. */
#define MIN_SHARD_BYTES (8 * 1024 * 1024)
/* A text that still grows is read this much at a time (more for an event
 * that does not fit): little, so that the end of inflating is seen soon and
 * the rest split over the threads at once. */
#define STREAM_WINDOW (1024 * 1024)

/* Shards and the run: a mapped file is split at event boundaries and each
 * part read on its own thread; a part counts only when the part before it
 * stopped exactly where it started (else that part read on to the end). */

static void
parser_init (Parser         *ps,
             StTraceBuilder *builder,
             StSource       *source,
             const char     *p,
             GCancellable   *cancellable)
{
  memset (ps, 0, sizeof *ps);
  ps->shard = st_trace_builder_add_shard (builder);
  st_json_reader_init (&ps->json, st_source_get_data (source),
                       st_source_get_data (source) + st_source_get_size (source), p);
  ps->json.trailing_comma = TRUE; /* as it always was here, without a warning */
  ps->key = g_string_sized_new (128);
  ps->cancellable = cancellable;
  ps->first_p = p;
}

static void
parser_clear (Parser *ps)
{
  st_json_reader_clear (&ps->json);
  g_string_free (ps->key, TRUE);
}

static gpointer
parser_thread (gpointer data)
{
  Parser *ps = data;
  gint64  t0 = g_get_monotonic_time ();

  ps->result = st_chrome_parse_run (ps);
  g_debug ("shard at %zu: %zu bytes, %" G_GUINT64_FORMAT " events in %.1f ms, result %d",
           (gsize)(ps->first_p - ps->json.base), (gsize)(ps->json.p - ps->first_p), ps->n_handled,
           (g_get_monotonic_time () - t0) / 1000.0, ps->result);
  g_atomic_pointer_set (&ps->pos, (gsize)(ps->json.p - ps->json.base));
  g_mutex_lock (&ps->rendezvous->lock);
  g_atomic_int_set (&ps->finished, 1);
  g_cond_broadcast (&ps->rendezvous->cond);
  g_mutex_unlock (&ps->rendezvous->lock);
  return NULL;
}

struct _Progress
{
  StImportProgress func;
  gpointer         data;
  double           last;
  gsize            total;
};

static void
report (Progress *pr, double fraction)
{
  if (pr->func == NULL || (fraction - pr->last < 0.005 && fraction < 1.0))
    return;
  pr->last = fraction;
  pr->func (fraction, pr->data);
}

static gsize
shard_done (Parser *ps)
{
  gsize pos = (gsize)g_atomic_pointer_get (&ps->pos);
  gsize start = (gsize)(ps->first_p - ps->json.base);
  return pos > start ? pos - start : 0;
}

/* Bytes read by every shard, as a fraction of the file. */
void
st_chrome_report_shards (Parser *first)
{
  gsize done = shard_done (first);

  if (first->peers != NULL)
    for (guint i = 0; i < first->peers->len; i++)
      done += shard_done (&g_array_index (first->peers, Parser, i));
  report (first->progress, first->progress->total ? (double)done / first->progress->total : 1.0);
}

static gboolean
workers_finished (GArray *workers)
{
  for (guint i = 0; i < workers->len; i++)
    if (!g_atomic_int_get (&g_array_index (workers, Parser, i).finished))
      return FALSE;
  return TRUE;
}

static void
init_workers (GArray         *workers,
              Parser         *first,
              GPtrArray      *splits,
              StTraceBuilder *builder,
              StSource       *source)
{
  g_array_set_size (workers, splits->len);
  for (guint i = 0; i < splits->len; i++)
    {
      Parser *w = &g_array_index (workers, Parser, i);
      parser_init (w, builder, source, g_ptr_array_index (splits, i), first->cancellable);
      w->state = STATE_ARRAY;
      w->object_form = first->object_form;
      w->array_first = TRUE;
      w->saw_events = TRUE;
      w->json.need_sep = TRUE;
      w->stop_at = i + 1 < splits->len ? g_ptr_array_index (splits, i + 1) : NULL;
    }
  first->stop_at = g_ptr_array_index (splits, 0);
  first->peers = workers;
}

/* Waits for the other shards, reporting their progress every 20 ms: woken
 * as soon as the last one finishes, not at the next report. */
static void
wait_for_workers (Parser *first, GArray *workers, Rendezvous *rv)
{
  gboolean done;

  do
    {
      st_chrome_report_shards (first);
      g_mutex_lock (&rv->lock);
      if (!workers_finished (workers))
        g_cond_wait_until (&rv->cond, &rv->lock, g_get_monotonic_time () + G_USEC_PER_SEC / 50);
      done = workers_finished (workers);
      g_mutex_unlock (&rv->lock);
    }
  while (!done);
}

/* Runs the first shard here while the others run on their threads. */
static Result
run_shards (Parser *first, GArray *workers)
{
  Rendezvous rv;
  Result     r;

  g_mutex_init (&rv.lock);
  g_cond_init (&rv.cond);
  for (guint i = 0; i < workers->len; i++)
    {
      Parser *w = &g_array_index (workers, Parser, i);
      w->rendezvous = &rv;
      w->thread = g_thread_new ("strata-import", parser_thread, w);
    }
  r = st_chrome_parse_run (first);
  g_debug ("first shard: %zu bytes, %" G_GUINT64_FORMAT " events, result %d",
           (gsize)(first->json.p - first->first_p), first->n_handled, r);
  wait_for_workers (first, workers, &rv);
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_array_index (workers, Parser, i).thread);
  g_mutex_clear (&rv.lock);
  g_cond_clear (&rv.cond);
  return r;
}

/* Keeps the shards that continue each other exactly; returns the last one,
 * whose result is the result of the whole file. */
static Parser *
resolve_chain (Parser *first, GArray *workers, StTraceBuilder *builder, Result *result)
{
  Parser  *last = first;
  gboolean valid = *result == RESULT_STOPPED;

  for (guint i = 0; i < workers->len; i++)
    {
      Parser *w = &g_array_index (workers, Parser, i);
      if (valid)
        {
          last = w;
          *result = w->result;
          valid = w->result == RESULT_STOPPED;
        }
      else
        {
          st_trace_builder_drop_shard (builder, w->shard);
          w->shard = NULL;
        }
    }
  return last;
}

/* Reads the rest of the event array from where @first stands, split at
 * event boundaries over up to @n_threads threads. */
static Result
run_split (Parser         *first,
           GArray         *workers,
           StTraceBuilder *builder,
           StSource       *source,
           guint           n_threads,
           Parser        **last)
{
  g_autoptr (GPtrArray) splits
      = st_json_plan_splits (first->json.p, first->json.end, n_threads, MIN_SHARD_BYTES);
  Result r;

  if (splits->len == 0)
    return st_chrome_parse_run (first);
  init_workers (workers, first, splits, builder, source);
  r = run_shards (first, workers);
  *last = resolve_chain (first, workers, builder, &r);
  return r;
}

static Result
import_mapped (Parser         *first,
               GArray         *workers,
               StTraceBuilder *builder,
               StSource       *source,
               guint           n_threads,
               Parser        **last)
{
  Result r;

  first->pause_on_events = n_threads > 1;
  r = st_chrome_parse_run (first);
  if (r != RESULT_PAUSED)
    return r;
  return run_split (first, workers, builder, source, n_threads, last);
}

/* Waits until @want bytes are there, the source is complete, or the load
 * is cancelled. */
static gsize
wait_for (StSource *source, gsize want, gboolean *complete, GCancellable *cancellable)
{
  gsize avail;

  do
    avail = st_source_wait (source, want - 1, complete);
  while (avail < want && !*complete && !g_cancellable_is_cancelled (cancellable));
  return avail;
}

/* Progress while the text still grows: the share of the input read, times
 * the share of the text there so far that is parsed. */
static void
report_streaming (Parser *first, Progress *pr, StSource *source, gsize avail)
{
  gsize parsed = (gsize)(first->json.p - first->first_p);

  report (pr, st_source_get_input_fraction (source) * parsed / MAX (avail, (gsize)1));
}

/* Once the text is complete, the rest of the event array can be split. */
static gboolean
can_split (Parser *first, guint n_threads)
{
  return n_threads > 1 && first->state == STATE_ARRAY && !first->samples_mode;
}

/* Reads behind the spool thread, a window at a time, so it sees soon when
 * the text is complete and then reads the rest on every thread. An event
 * cut by the edge of what is there is read again once at least as much
 * again has arrived, so a huge value is not rescanned for every chunk. */
static Result
import_streaming (Parser         *first,
                  GArray         *workers,
                  StTraceBuilder *builder,
                  StSource       *source,
                  guint           n_threads,
                  Progress       *pr,
                  Parser        **last)
{
  gboolean complete = FALSE;
  gsize    avail = wait_for (source, 1, &complete, first->cancellable);
  gsize    window = STREAM_WINDOW;

  for (;;)
    {
      gsize  end = MIN (avail, (gsize)(first->json.p - first->json.base) + window), unread;
      Result r;

      first->json.end = first->json.base + end;
      r = st_chrome_parse_run (first);
      report_streaming (first, pr, source, avail);
      if (r != RESULT_NEED_MORE || (complete && end == avail))
        return r;
      if (g_cancellable_is_cancelled (first->cancellable))
        {
          first->cancelled = TRUE;
          return RESULT_ERROR;
        }
      unread = end - (gsize)(first->json.p - first->json.base);
      window = MAX (window, 2 * unread);
      if (end < avail)
        avail = st_source_wait (source, 0, &complete);
      else
        avail = wait_for (source, avail + MAX (unread, (gsize)1), &complete, first->cancellable);
      if (complete && can_split (first, n_threads))
        {
          first->json.end = first->json.base + avail;
          first->progress = pr;
          pr->total = avail - (gsize)(first->first_p - first->json.base);
          return run_split (first, workers, builder, source, n_threads, last);
        }
    }
}

static guint64
handled_events (Parser *first, GArray *workers)
{
  guint64 n = first->n_handled;

  for (guint i = 0; i < workers->len; i++)
    if (g_array_index (workers, Parser, i).shard != NULL)
      n += g_array_index (workers, Parser, i).n_handled;
  return n;
}

static gboolean
conclude (Parser *first, GArray *workers, Parser *last, Result r, StSource *source, GError **error)
{
  if (r == RESULT_ERROR && (first->cancelled || last->cancelled))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("Loading was cancelled."));
      return FALSE;
    }
  if (r == RESULT_ERROR && handled_events (first, workers) == 0)
    {
      st_json_reader_set_error (&last->json, source, ST_TRACE_ERROR_SYNTAX, last->json.error_at,
                                _ (last->json.error_msg), error);
      return FALSE;
    }
  if (first->state == STATE_TOP)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_EMPTY,
                   _ ("%s: the file holds only white space."), st_source_get_display_name (source));
      return FALSE;
    }
  if (r == RESULT_NEED_MORE && !first->saw_events)
    {
      st_json_reader_set_error (&first->json, source, ST_TRACE_ERROR_SYNTAX, first->json.end,
                                _ ("the file ends before any trace event"), error);
      return FALSE;
    }
  if (r == RESULT_ERROR)
    st_builder_shard_warn (last->shard, ST_WARNING_SYNTAX, offset_of (last, last->json.error_at),
                           "%s", _ (last->json.error_msg));
  else if (r == RESULT_NEED_MORE)
    st_chrome_warn_truncated (last);
  if (!first->saw_events
      || (handled_events (first, workers) == 0 && first->not_objects + last->not_objects > 0))
    {
      st_chrome_set_not_a_trace (first, source, error);
      return FALSE;
    }
  return TRUE;
}

/* Reads the Chrome JSON text of @source from byte @start (after a BOM) into
 * @builder, on up to @n_threads threads. */
gboolean
st_chrome_import (StTraceBuilder  *builder,
                  StSource        *source,
                  gsize            start,
                  guint            n_threads,
                  GCancellable    *cancellable,
                  StImportProgress progress,
                  gpointer         progress_data,
                  GError         **error)
{
  g_autoptr (GArray) workers = g_array_new (FALSE, TRUE, sizeof (Parser));
  Progress           pr = { progress, progress_data, -1.0, 0 };
  gboolean           complete, ok;
  Parser             first, *last = &first;
  Result             r;

  st_source_wait (source, 0, &complete);
  parser_init (&first, builder, source, st_source_get_data (source) + start, cancellable);
  if (complete)
    {
      /* A mapped file: progress is the share of its bytes read. */
      first.progress = &pr;
      pr.total = st_source_get_size (source) - start;
      r = import_mapped (&first, workers, builder, source, MAX (1, n_threads), &last);
    }
  else
    r = import_streaming (&first, workers, builder, source, MAX (1, n_threads), &pr, &last);
  ok = conclude (&first, workers, last, r, source, error);
  if (ok)
    {
      st_json_reader_commit (&first.json, builder);
      for (guint i = 0; i < workers->len; i++)
        if (g_array_index (workers, Parser, i).shard != NULL)
          st_json_reader_commit (&g_array_index (workers, Parser, i).json, builder);
      st_trace_builder_set_flavor (builder, st_chrome_guess_flavor (&first, last));
      report (&pr, 1.0);
    }
  for (guint i = 0; i < workers->len; i++)
    parser_clear (&g_array_index (workers, Parser, i));
  parser_clear (&first);
  return ok;
}
