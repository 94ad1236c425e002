/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-rocprof-importer-private.h"

/* A big record array is read in parts, each on its own thread into its own
 * reader. Where the array ends is not known before it is read (finding it
 * would cost a pass over its bytes), so the rest of the text is cut at what
 * look like record boundaries; the last part reads on to the array's end.
 * A part counts only when the part before it stopped exactly where it
 * starts: a cut inside a record, or beyond the array's end, makes that part
 * read on to the end of the array, and the parts after it are dropped. The
 * record arrays rocprofv3 writes first, the dispatches and the HIP calls,
 * are the biggest, so a cut seldom falls beyond its array. */

/* A part is at least this big: smaller arrays are read before a thread
 * starts. */
#define MIN_PART_BYTES (8 * 1024 * 1024)

typedef struct
{
  Reader     *reader;
  const char *start;
  RecordsKind kind;
} Part;

/* Where @r stopped becomes where the walk goes on. */
static Result
hand_back (Importer *im, Reader *r, Result res)
{
  im->json.p = r->json.p;
  im->json.error_at = r->json.error_at;
  im->json.error_msg = r->json.error_msg;
  return res;
}

static gpointer
part_thread (gpointer data)
{
  Part *part = data;

  part->reader->result = st_rocprof_read_records (part->reader, part->start, part->kind);
  return NULL;
}

/* Keeps the parts that continue each other exactly; returns the last one,
 * whose result is the array's. */
static Reader *
resolve_chain (Importer *im, Part *parts, guint n, Result *res)
{
  Reader  *last = parts[0].reader;
  gboolean valid = *res == RESULT_STOPPED;

  for (guint i = 1; i < n; i++)
    {
      Reader *r = parts[i].reader;

      if (valid)
        {
          last = r;
          *res = r->result;
          valid = r->result == RESULT_STOPPED;
          continue;
        }
      st_trace_builder_drop_shard (im->builder, r->shard);
      r->shard = NULL;
      r->records = 0;
      g_array_set_size (r->links, 0);
    }
  return last;
}

static Result
read_parts (Importer *im, const Proc *proc, const char *p, RecordsKind kind, GPtrArray *splits)
{
  guint                n = splits->len + 1;
  g_autofree Part     *parts = g_new0 (Part, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  Reader              *last;
  Result               res;

  for (guint i = 0; i < n; i++)
    {
      Reader *r = i == 0 ? im->reader : st_rocprof_reader_new (im);

      st_rocprof_reader_set_proc (r, proc);
      r->worker = i > 0;
      r->stop_at = i + 1 < n ? g_ptr_array_index (splits, i) : NULL;
      parts[i] = (Part){ r, i == 0 ? p : g_ptr_array_index (splits, i - 1), kind };
    }
  for (guint i = 1; i < n; i++)
    threads[i] = g_thread_new ("strata-import", part_thread, &parts[i]);
  res = st_rocprof_read_records (parts[0].reader, p, kind);
  for (guint i = 1; i < n; i++)
    g_thread_join (threads[i]);
  last = resolve_chain (im, parts, n, &res);
  g_debug ("%s: %u parts, the last kept part %u", st_rocprof_records_name (kind), n,
           last->index - parts[0].reader->index);
  res = hand_back (im, last, res);
  /* What follows the array is read into a shard after the parts' */
  im->reader = st_rocprof_reader_new (im);
  return res;
}

/* The record array of @kind starting after its '[' at @p, of @proc;
 * json.p ends after its ']'. */
Result
st_rocprof_read_array (Importer *im, const Proc *proc, const char *p, RecordsKind kind)
{
  g_autoptr (GPtrArray) splits = NULL;
  Reader               *r = im->reader;

  if (im->n_threads > 1 && im->json.end - p >= 2 * MIN_PART_BYTES)
    splits = st_json_plan_splits (p, im->json.end, im->n_threads, MIN_PART_BYTES);
  if (splits != NULL && splits->len > 0)
    return read_parts (im, proc, p, kind, splits);
  st_rocprof_reader_set_proc (r, proc);
  r->stop_at = NULL;
  return hand_back (im, r, st_rocprof_read_records (r, p, kind));
}
