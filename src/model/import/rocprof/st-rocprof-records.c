/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-rocprof-importer-private.h"
#include "st-slice-layout.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>

/* The fields of a record the importer reads, wherever they are nested; the
 * rest stay in the file, as the record's args. */
enum
{
  F_KIND,
  F_OPERATION,
  F_THREAD,
  F_CORR,   /* correlation_id.internal */
  F_START,  /* start_timestamp */
  F_END,    /* end_timestamp */
  F_AGENT,  /* dispatch_info.agent_id.handle */
  F_QUEUE,  /* dispatch_info.queue_id.handle */
  F_KERNEL, /* dispatch_info.kernel_id */
  F_DST,    /* dst_agent_id.handle */
  F_SRC,    /* src_agent_id.handle */
  F_N
};

/* The objects a record nests, each with the keys read in it. */
typedef enum
{
  CTX_RECORD,
  CTX_CORR,
  CTX_DISPATCH,
  CTX_AGENT,
  CTX_QUEUE,
  CTX_DST,
  CTX_SRC,
} Ctx;

#define NESTED 0x100

typedef struct
{
  const char *start;
  guint32     present;
  guint32     bad;    /* present, but not an integer */
  const char *bad_at; /* the first of those */
  gint64      v[F_N];
} Rec;

typedef enum
{
  TRACK_QUEUE,
  TRACK_COPY,
  TRACK_THREAD,
  TRACK_HOST_COPY,
} TrackKind;

typedef struct
{
  gint64 a;
  gint64 b;
  gint   kind;
} TrackKey;

static const char *const records_names[N_RECORDS] = {
  [RECORDS_DISPATCH] = "kernel_dispatch",
  [RECORDS_COPY] = "memory_copy",
  [RECORDS_HIP] = "hip_api",
  [RECORDS_HSA] = "hsa_api",
  [RECORDS_MARKER] = "marker_api",
  [RECORDS_RCCL] = "rccl_api",
};

/* The category of a copy between two CPU agents: no device work. */
#define HOST_COPY_CATEGORY "host_memory_copy"

const char *
st_rocprof_records_name (RecordsKind kind)
{
  return records_names[kind];
}

int
st_rocprof_records_kind (const char *key, gsize len)
{
  for (guint i = 0; i < N_RECORDS; i++)
    if (strlen (records_names[i]) == len && memcmp (records_names[i], key, len) == 0)
      return i;
  return -1;
}

static guint
track_key_hash (gconstpointer p)
{
  const TrackKey *k = p;
  return (guint)(k->a * 2654435761u) ^ (guint)(k->b * 40503u) ^ (guint)k->kind;
}

static gboolean
track_key_equal (gconstpointer p, gconstpointer q)
{
  const TrackKey *x = p, *y = q;
  return x->a == y->a && x->b == y->b && x->kind == y->kind;
}

static StStringId
intern (Reader *r, const char *text)
{
  return st_string_table_intern (r->shard->strings, text, strlen (text));
}

Reader *
st_rocprof_reader_new (Importer *im)
{
  Reader *r = g_new0 (Reader, 1);

  r->im = im;
  r->index = im->readers->len;
  r->shard = st_trace_builder_add_shard (im->builder);
  st_json_reader_init (&r->json, im->json.base, im->json.end, im->json.p);
  r->operations = g_hash_table_new (g_direct_hash, g_direct_equal);
  r->tracks = g_hash_table_new_full (track_key_hash, track_key_equal, g_free, NULL);
  r->devices = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  r->links = g_array_new (FALSE, FALSE, sizeof (Link));
  r->host_pid = ST_STRING_NONE;
  r->last_kind = -1;
  for (guint k = 0; k < N_RECORDS; k++)
    r->cats[k] = intern (r, records_names[k]);
  g_ptr_array_add (im->readers, r);
  return r;
}

void
st_rocprof_reader_free (gpointer data)
{
  Reader *r = data;

  st_json_reader_clear (&r->json);
  g_free (r->kernel_ids);
  g_hash_table_unref (r->operations);
  g_hash_table_unref (r->tracks);
  g_hash_table_unref (r->devices);
  g_array_unref (r->links);
  g_free (r);
}

/* The process whose records @r reads next: its names and tracks are its
 * own. */
void
st_rocprof_reader_set_proc (Reader *r, const Proc *proc)
{
  if (r->proc == proc)
    return;
  r->proc = proc;
  g_clear_pointer (&r->kernel_ids, g_free);
  r->n_kernel_ids = 0;
  g_hash_table_remove_all (r->operations);
  g_hash_table_remove_all (r->tracks);
  g_hash_table_remove_all (r->devices);
  r->host_pid = ST_STRING_NONE;
  r->last_kind = -1;
}

/* --- scanning a record ------------------------------------------------------- */

static inline int
match_key (Ctx ctx, const char *k, gsize len)
{
#define IS(s) (len == sizeof (s) - 1 && memcmp (k, s, sizeof (s) - 1) == 0)
  switch (ctx)
    {
    case CTX_RECORD:
      switch (len)
        {
        case 4: return IS ("kind") ? F_KIND : -1;
        case 9: return IS ("operation") ? F_OPERATION : IS ("thread_id") ? F_THREAD : -1;
        case 12:
          return IS ("dst_agent_id")   ? NESTED | CTX_DST
                 : IS ("src_agent_id") ? NESTED | CTX_SRC
                                       : -1;
        case 13:
          return IS ("end_timestamp") ? F_END : IS ("dispatch_info") ? NESTED | CTX_DISPATCH : -1;
        case 14: return IS ("correlation_id") ? NESTED | CTX_CORR : -1;
        case 15: return IS ("start_timestamp") ? F_START : -1;
        default: return -1;
        }
    case CTX_CORR: return IS ("internal") ? F_CORR : -1;
    case CTX_DISPATCH:
      return IS ("agent_id")    ? NESTED | CTX_AGENT
             : IS ("queue_id")  ? NESTED | CTX_QUEUE
             : IS ("kernel_id") ? F_KERNEL
                                : -1;
    case CTX_AGENT: return IS ("handle") ? F_AGENT : -1;
    case CTX_QUEUE: return IS ("handle") ? F_QUEUE : -1;
    case CTX_DST: return IS ("handle") ? F_DST : -1;
    case CTX_SRC: return IS ("handle") ? F_SRC : -1;
    default: return -1;
    }
#undef IS
}

/* An integer: the plain digits the format writes, read where they are;
 * anything else (a sign, a fraction, a string) the scanner's way. */
static inline gboolean
parse_int (const Tok *t, gint64 *out)
{
  gsize   n = tok_len (t);
  guint64 v = 0;

  if (t->type == 'n' && n > 0 && n <= 18)
    {
      gsize i;

      for (i = 0; i < n && (guint)((guchar)t->p[i] - '0') <= 9; i++)
        v = v * 10 + (guint)((guchar)t->p[i] - '0');
      if (i == n)
        {
          *out = (gint64)v;
          return TRUE;
        }
    }
  return (t->type == 'n' || t->type == 's') && st_json_parse_int64 (t->p, t->e, out);
}

static inline void
keep_int (Rec *rec, int slot, const Tok *tok)
{
  rec->present |= 1u << slot;
  if (parse_int (tok, &rec->v[slot]))
    return;
  rec->v[slot] = 0;
  if (rec->bad == 0)
    rec->bad_at = tok->type == 's' ? tok->p - 1 : tok->p;
  rec->bad |= 1u << slot;
}

/* The object at @p ('{'), its members of @ctx read into @rec. */
static Result
scan_object (Reader *r, const char *p, Ctx ctx, Rec *rec, const char **out)
{
  const char *end = r->json.end;

  p++;
  for (gboolean after_comma = FALSE;; p++)
    {
      const char *key, *key_end;
      guint       flags = 0;
      int         slot;
      Result      res;
      Tok         tok;

      p = st_json_skip_ws (p, end);
      if (p >= end)
        return RESULT_NEED_MORE;
      if (*p == '}')
        {
          if (after_comma)
            st_builder_shard_warn (r->shard, ST_WARNING_TRAILING_COMMA,
                                   st_json_reader_offset (&r->json, p), NULL);
          *out = p + 1;
          return RESULT_OK;
        }
      key = p + 1;
      res = st_json_reader_key (&r->json, p, &key_end, &flags, &p);
      if (res != RESULT_OK)
        return res;
      slot = match_key (ctx, key, key_end - key);
      if (slot >= 0 && (slot & NESTED) && *p == '{')
        res = scan_object (r, p, slot & ~NESTED, rec, &p);
      else if ((res = st_json_reader_value (&r->json, p, &tok, &p)) == RESULT_OK && slot >= 0
               && !(slot & NESTED))
        keep_int (rec, slot, &tok);
      if (res != RESULT_OK)
        return res;
      p = st_json_skip_ws (p, end);
      if (p >= end)
        return RESULT_NEED_MORE;
      after_comma = *p == ',';
      if (*p == '}')
        {
          *out = p + 1;
          return RESULT_OK;
        }
      if (*p != ',')
        return st_json_reader_fail (&r->json, p, N_ ("expected “,” or “}” after a value"));
    }
}

/* --- what a record becomes ------------------------------------------------ */

/* Field @k is there and an integer. */
static inline gboolean
has (const Rec *rec, int k)
{
  return (rec->present & ~rec->bad & (1u << k)) != 0;
}

static guint64
offset_at (Reader *r, const char *at)
{
  return st_json_reader_offset (&r->json, at);
}

static gboolean
need (Reader *r, const Rec *rec, int k, const char *field)
{
  if (rec->bad & (1u << k))
    {
      st_builder_shard_warn (r->shard, ST_WARNING_BAD_NUMBER, offset_at (r, rec->bad_at),
                             _ ("\342\200\234%s\342\200\235 is not an integer"), field);
      return FALSE;
    }
  if (!(rec->present & (1u << k)))
    {
      st_builder_shard_warn (r->shard, ST_WARNING_MISSING_FIELD, offset_at (r, rec->start),
                             _ ("no \342\200\234%s\342\200\235"), field);
      return FALSE;
    }
  return TRUE;
}

/* The record's start and duration: a negative one is read as 0, an end
 * beyond 64-bit nanoseconds skips the record. */
static gboolean
record_times (Reader *r, const Rec *rec, gint64 *ts, gint64 *dur)
{
  if (!need (r, rec, F_START, "start_timestamp") || !need (r, rec, F_END, "end_timestamp"))
    return FALSE;
  if (!st_time_sub (rec->v[F_END], rec->v[F_START], dur))
    {
      st_builder_shard_warn (r->shard, ST_WARNING_BAD_NUMBER, offset_at (r, rec->start),
                             _ ("it lasts longer than Strata can hold"));
      return FALSE;
    }
  if (*dur < 0)
    {
      st_builder_shard_warn (r->shard, ST_WARNING_NEGATIVE_DURATION, offset_at (r, rec->start),
                             "%" G_GINT64_FORMAT, *dur);
      *dur = 0;
    }
  *ts = rec->v[F_START];
  return TRUE;
}

static void
add_meta (Reader *r, StMetaKind kind, StStringId pid, StStringId tid, StStringId text, gint64 n)
{
  StRawMeta *m = st_vec_push (&r->shard->metas, StRawMeta);

  *m = (StRawMeta){ 0, pid, tid, text, n, kind };
}

static StStringId
note_process (Reader *r, const char *pid_text, const char *name, gint64 sort_index)
{
  StStringId pid = intern (r, pid_text);

  st_builder_shard_note_pid (r->shard, pid);
  if (name != NULL)
    add_meta (r, ST_META_PROCESS_NAME, pid, ST_STRING_EMPTY, intern (r, name), 0);
  if (sort_index >= 0)
    {
      add_meta (r, ST_META_PROCESS_LABELS, pid, ST_STRING_EMPTY, pid, 0);
      add_meta (r, ST_META_PROCESS_SORT_INDEX, pid, ST_STRING_EMPTY, ST_STRING_EMPTY, sort_index);
    }
  return pid;
}

/* The process of agent @handle: a device, named and labelled the first
 * time. An agent the file does not list is one too, named by its handle. */
static StStringId
device_pid (Reader *r, gint64 handle, const Rec *rec)
{
  gpointer     found = g_hash_table_lookup (r->devices, &handle);
  const Agent *agent;
  guint        value;

  if (found == NULL)
    {
      g_autofree char *unknown = NULL;

      agent = g_hash_table_lookup (r->proc->agents, &handle);
      if (agent == NULL)
        unknown = g_strdup_printf ("agent %" G_GINT64_FORMAT, handle);
      value = note_process (r, agent ? agent->pid : unknown, agent ? agent->name : NULL,
                            agent ? agent->sort_index : 1000)
              + 1;
      found = GUINT_TO_POINTER (value | (agent == NULL ? 1u << 31 : 0));
      g_hash_table_insert (r->devices, g_memdup2 (&handle, sizeof handle), found);
    }
  value = GPOINTER_TO_UINT (found);
  if (value & (1u << 31))
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, handle);

      st_builder_shard_warn (r->shard, ST_WARNING_UNKNOWN_REFERENCE, offset_at (r, rec->start),
                             _ ("agent %s"), number);
    }
  return (value & ~(1u << 31)) - 1;
}

static StStringId
host_pid (Reader *r)
{
  if (r->host_pid == ST_STRING_NONE)
    r->host_pid = note_process (r, r->proc->pid, r->proc->name, -1);
  return r->host_pid;
}

static char *
track_tid (Reader *r, TrackKind kind, gint64 b)
{
  switch (kind)
    {
    case TRACK_QUEUE:
      /* The queues of the file's later processes may share a GPU and a
       * handle with the first's: their pid tells them apart. */
      if (r->proc->index == 0)
        return g_strdup_printf ("queue %" G_GINT64_FORMAT, b);
      return g_strdup_printf ("queue %" G_GINT64_FORMAT " (pid %s)", b, r->proc->pid);
    /* Names as written, like the queues': what a region file or a
     * configuration names a track by does not change with the language. */
    case TRACK_COPY:
      if (r->proc->index == 0)
        return g_strdup ("memory copies");
      return g_strdup_printf ("memory copies (pid %s)", r->proc->pid);
    case TRACK_HOST_COPY: return g_strdup ("memory copies");
    case TRACK_THREAD:
    default: return g_strdup_printf ("%" G_GINT64_FORMAT, b);
    }
}

/* The raw track (@kind, @a, @b) of process @pid; copies after the queues. */
static guint
track_of (Reader *r, TrackKind kind, gint64 a, gint64 b, StStringId pid)
{
  TrackKey         key = { a, b, kind };
  gpointer         found;
  g_autofree char *tid = NULL;
  guint            track;

  if ((gint)kind == r->last_kind && a == r->last_a && b == r->last_b)
    return r->last_track;
  found = g_hash_table_lookup (r->tracks, &key);
  if (found != NULL)
    track = GPOINTER_TO_UINT (found) - 1;
  else
    {
      tid = track_tid (r, kind, b);
      track = st_builder_shard_get_track (r->shard, ST_RAW_TRACK_THREAD, pid, intern (r, tid));
      if (kind == TRACK_COPY || kind == TRACK_HOST_COPY)
        add_meta (r, ST_META_THREAD_SORT_INDEX, pid, intern (r, tid), ST_STRING_EMPTY, 1);
      g_hash_table_insert (r->tracks, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (track + 1));
    }
  r->last_kind = kind;
  r->last_a = a;
  r->last_b = b;
  r->last_track = track;
  return track;
}

static void
push_slice (Reader    *r,
            guint      track,
            const Rec *rec,
            gint64     ts,
            gint64     dur,
            StStringId name,
            StStringId cat)
{
  StSlice *s = st_vec_push (&st_builder_shard_track (r->shard, track)->slices, StSlice);

  *s = (StSlice){ ts, dur, offset_at (r, rec->start), name, cat, ST_RAW_COMPLETE, 0, 0 };
  st_builder_shard_note_time (r->shard, ts, ts + dur);
}

/* A record with a correlation id, for st-rocprof-links.c. */
static void
push_link (Reader *r, const Rec *rec, guint track, gint64 ts, gboolean api)
{
  Link link;

  if (!has (rec, F_CORR) || rec->v[F_CORR] == 0 || r->proc->index > G_MAXUINT16
      || r->index > LINK_READER)
    return;
  link = (Link){ rec->v[F_CORR],
                 ts,
                 offset_at (r, rec->start),
                 track,
                 (guint16)r->proc->index,
                 (guint16)(r->index | (api ? LINK_API : 0)) };
  g_array_append_val (r->links, link);
}

static StStringId
kernel_name (Reader *r, const Rec *rec)
{
  const Kernel    *kernel = g_hash_table_lookup (r->proc->kernels, &rec->v[F_KERNEL]);
  g_autofree char *unknown = NULL;

  if (kernel != NULL)
    {
      /* A process may list more symbols after records were read. */
      if (kernel->slot >= r->n_kernel_ids)
        {
          guint n = r->proc->kernel_names->len;

          r->kernel_ids = g_renew (StStringId, r->kernel_ids, n);
          for (guint i = r->n_kernel_ids; i < n; i++)
            r->kernel_ids[i] = ST_STRING_NONE;
          r->n_kernel_ids = n;
        }
      if (r->kernel_ids[kernel->slot] == ST_STRING_NONE)
        r->kernel_ids[kernel->slot]
            = intern (r, g_ptr_array_index (r->proc->kernel_names, kernel->slot));
      return r->kernel_ids[kernel->slot];
    }
  unknown = g_strdup_printf ("%" G_GINT64_FORMAT, rec->v[F_KERNEL]);
  st_builder_shard_warn (r->shard, ST_WARNING_UNKNOWN_REFERENCE, offset_at (r, rec->start),
                         _ ("kernel_id %s"), unknown);
  g_free (unknown);
  unknown = g_strdup_printf ("kernel %" G_GINT64_FORMAT, rec->v[F_KERNEL]);
  return intern (r, unknown);
}

/* What strings.buffer_records names the record's operation; a marker range
 * by its message. */
static StStringId
operation_name (Reader *r, const Rec *rec, RecordsKind kind)
{
  gint64           k = has (rec, F_KIND) ? rec->v[F_KIND] : -1;
  gint64           op = has (rec, F_OPERATION) ? rec->v[F_OPERATION] : -1;
  gboolean         cached = k >= 0 && k <= 0xffff && op >= 0 && op <= 0xffffffff;
  gpointer         key = GSIZE_TO_POINTER (cached ? ((gsize)k << 32) | (gsize)op : 0);
  gpointer         found;
  const char      *text;
  StStringId       id;
  g_autofree char *unknown = NULL;

  if (kind == RECORDS_MARKER && has (rec, F_CORR)
      && (text = g_hash_table_lookup (r->proc->markers, &rec->v[F_CORR])) != NULL)
    return intern (r, text);
  if (cached && (found = g_hash_table_lookup (r->operations, key)) != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  text = st_rocprof_operation_name (r->proc, k, op);
  if (text == NULL)
    {
      g_autofree char *op_text = g_strdup_printf ("%" G_GINT64_FORMAT, op);
      g_autofree char *kind_text = g_strdup_printf ("%" G_GINT64_FORMAT, k);

      st_builder_shard_warn (r->shard, ST_WARNING_UNKNOWN_REFERENCE, offset_at (r, rec->start),
                             _ ("operation %s of kind %s"), op_text, kind_text);
      unknown = g_strdup_printf ("%s operation %" G_GINT64_FORMAT, records_names[kind], op);
      return intern (r, unknown);
    }
  id = intern (r, text);
  if (cached)
    g_hash_table_insert (r->operations, key, GUINT_TO_POINTER (id + 1));
  return id;
}

static void
on_dispatch (Reader *r, const Rec *rec)
{
  StStringId pid;
  gint64     ts, dur;
  guint      track;

  if (!record_times (r, rec, &ts, &dur) || !need (r, rec, F_AGENT, "dispatch_info.agent_id")
      || !need (r, rec, F_QUEUE, "dispatch_info.queue_id")
      || !need (r, rec, F_KERNEL, "dispatch_info.kernel_id"))
    return;
  pid = device_pid (r, rec->v[F_AGENT], rec);
  track = track_of (r, TRACK_QUEUE, rec->v[F_AGENT], rec->v[F_QUEUE], pid);
  push_slice (r, track, rec, ts, dur, kernel_name (r, rec), r->cats[RECORDS_DISPATCH]);
  push_link (r, rec, track, ts, FALSE);
}

static gboolean
is_gpu (const Proc *proc, gint64 handle)
{
  const Agent *agent = g_hash_table_lookup (proc->agents, &handle);
  return agent != NULL && agent->type == 2;
}

/* A copy is the work of the GPU it goes to, else of the one it comes from;
 * an agent the file does not list is taken for a GPU. Between two CPUs it
 * is no device's, and goes to its host process. */
static void
on_copy (Reader *r, const Rec *rec)
{
  gboolean dst = has (rec, F_DST), src = has (rec, F_SRC);
  gint64   ts, dur, device = 0;
  guint    track;

  if (!record_times (r, rec, &ts, &dur))
    return;
  if (dst && is_gpu (r->proc, rec->v[F_DST]))
    device = rec->v[F_DST];
  else if (src && is_gpu (r->proc, rec->v[F_SRC]))
    device = rec->v[F_SRC];
  else if (dst && !g_hash_table_contains (r->proc->agents, &rec->v[F_DST]))
    device = rec->v[F_DST];
  else if (src && !g_hash_table_contains (r->proc->agents, &rec->v[F_SRC]))
    device = rec->v[F_SRC];
  else if (!dst && !src)
    {
      need (r, rec, F_DST, "dst_agent_id");
      return;
    }
  else
    {
      track = track_of (r, TRACK_HOST_COPY, 0, 0, host_pid (r));
      push_slice (r, track, rec, ts, dur, operation_name (r, rec, RECORDS_COPY),
                  intern (r, HOST_COPY_CATEGORY));
      return;
    }
  track = track_of (r, TRACK_COPY, device, 0, device_pid (r, device, rec));
  push_slice (r, track, rec, ts, dur, operation_name (r, rec, RECORDS_COPY), r->cats[RECORDS_COPY]);
  push_link (r, rec, track, ts, FALSE);
}

static void
on_api (Reader *r, const Rec *rec, RecordsKind kind)
{
  gint64 ts, dur;
  guint  track;

  if (!record_times (r, rec, &ts, &dur) || !need (r, rec, F_THREAD, "thread_id"))
    return;
  track = track_of (r, TRACK_THREAD, 0, rec->v[F_THREAD], host_pid (r));
  push_slice (r, track, rec, ts, dur, operation_name (r, rec, kind), r->cats[kind]);
  push_link (r, rec, track, ts, TRUE);
}

static void
handle_record (Reader *r, const Rec *rec, RecordsKind kind)
{
  switch (kind)
    {
    case RECORDS_DISPATCH: on_dispatch (r, rec); break;
    case RECORDS_COPY: on_copy (r, rec); break;
    case RECORDS_HIP:
    case RECORDS_HSA:
    case RECORDS_MARKER:
    case RECORDS_RCCL:
    default: on_api (r, rec, kind); break;
    }
}

/* --- the array ------------------------------------------------------------- */

static void
report_progress (Reader *r)
{
  Importer *im = r->im;
  double    read = (double)(r->json.p - r->json.base) / MAX (1, r->json.end - r->json.base);

  if (im->progress != NULL)
    im->progress (im->progress_base + (1.0 - im->progress_base) * read, im->progress_data);
}

/* One element of a record array at @p: a record, or what is not one
 * (skipped with a warning). */
static Result
read_element (Reader *r, const char *p, RecordsKind kind, const char **out)
{
  Result res;
  Rec    rec;
  Tok    tok;

  if (*p == '{')
    {
      rec.start = p;
      rec.present = rec.bad = 0;
      res = scan_object (r, p, CTX_RECORD, &rec, out);
      if (res == RESULT_OK)
        handle_record (r, &rec, kind);
      return res;
    }
  res = st_json_reader_value (&r->json, p, &tok, out);
  if (res == RESULT_OK)
    st_builder_shard_warn (r->shard, ST_WARNING_NOT_AN_OBJECT, offset_at (r, p), "%.*s",
                           (int)MIN (*out - p, 40), p);
  return res;
}

/* The records of one array, from after its '[' (or from a part's first
 * record) to its ']', or to exactly r->stop_at. */
Result
st_rocprof_read_records (Reader *r, const char *p, RecordsKind kind)
{
  gboolean first = TRUE, after_comma = FALSE;

  for (;;)
    {
      Result res;

      r->json.p = p = st_json_skip_ws (p, r->json.end);
      if (p >= r->json.end)
        return RESULT_NEED_MORE;
      if (*p == ']')
        {
          if (after_comma)
            st_builder_shard_warn (r->shard, ST_WARNING_TRAILING_COMMA, offset_at (r, p), NULL);
          r->json.p = p + 1;
          return RESULT_OK;
        }
      if (!first && !after_comma)
        {
          if (*p != ',')
            return st_json_reader_fail (&r->json, p, N_ ("expected “,” or “]” after a record"));
          after_comma = TRUE;
          p++;
          continue;
        }
      if (p == r->stop_at)
        return RESULT_STOPPED;
      res = read_element (r, p, kind, &p);
      if (res != RESULT_OK)
        return res;
      r->shard->counts.events++;
      first = after_comma = FALSE;
      if (++r->records % CHECK_EVERY == 0)
        {
          r->json.p = p;
          if (!r->worker)
            report_progress (r);
          if (g_cancellable_is_cancelled (r->im->cancellable))
            return st_json_reader_fail (&r->json, p, N_ ("cancelled"));
        }
    }
}
