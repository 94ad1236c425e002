#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-chrome-importer.h"
#include "st-json-scan.h"
#include "st-slice-layout.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

/* A shard of a mapped file is at least this big: smaller files load faster
 * than a thread starts. */
#define MIN_SHARD_BYTES (8 * 1024 * 1024)
#define SPLIT_SEARCH    (4 * 1024 * 1024)
#define CHECK_EVERY     4096

enum
{
  K_PH,
  K_TS,
  K_DUR,
  K_PID,
  K_TID,
  K_NAME,
  K_CAT,
  K_ID,
  K_ID2,
  K_SCOPE,
  K_BP,
  K_S,
  K_BIND_ID,
  K_FLOW_IN,
  K_FLOW_OUT,
  K_ARGS,
  K_ENTRIES,
  K_EVENT_STATS,
  K_N
};

#define HAS(ev, k) (((ev)->present >> (k)) & 1u)

typedef StJsonTok Tok;

typedef struct
{
  const char *start;
  guint32     present;
  guint       n_keys;
  Tok         tok[K_N];
} Ev;

typedef enum
{
  STATE_TOP,
  STATE_KEYS,
  STATE_ARRAY,
  STATE_DONE,
} State;

typedef enum
{
  RESULT_OK,
  RESULT_NEED_MORE,
  RESULT_ERROR,
  RESULT_STOPPED, /* reached the next shard's start exactly */
  RESULT_PAUSED,  /* entered the event array; the caller may split the rest */
} Result;

typedef struct
{
  StBuilderShard   *shard;
  const char       *base;
  const char       *end;
  const char       *p;
  const char       *stop_at;
  State             state;
  gboolean          object_form;
  gboolean          samples_mode;
  gboolean          array_first;
  gboolean          after_comma;
  gboolean          need_sep;
  gboolean          saw_events;
  gboolean          pause_on_events;
  gboolean          cancelled;
  gboolean          compact_counters;
  guint64           n_handled;
  guint64           not_objects;
  Tok               last_pid;
  Tok               last_tid;
  guint             last_track;
  gboolean          have_last;
  GPtrArray        *metadata; /* StMetadataSpan, given to the builder if this shard counts */
  GString          *key;      /* scratch for async and flow keys */
  const char       *error_at;
  const char       *error_msg;
  GCancellable     *cancellable;
  const char       *first_p;  /* where this shard started */
  gsize             pos;      /* offset reached, for progress (atomic) */
  gint              finished; /* atomic, for worker shards */
  Result            result;
  GThread          *thread;
  struct _Progress *progress; /* the first shard reports for all */
  GArray           *peers;    /* the other shards, for the first one */
} Parser;

static const Tok empty_tok = { "", "", 'n', 0 };

static inline int
key_slot (const char *k, gsize len)
{
  switch (len)
    {
    case 1: return k[0] == 's' ? K_S : -1;
    case 2:
      if (k[0] == 'p' && k[1] == 'h')
        return K_PH;
      if (k[0] == 't' && k[1] == 's')
        return K_TS;
      if (k[0] == 'i' && k[1] == 'd')
        return K_ID;
      if (k[0] == 'b' && k[1] == 'p')
        return K_BP;
      return -1;
    case 3:
      if (memcmp (k, "dur", 3) == 0)
        return K_DUR;
      if (memcmp (k, "pid", 3) == 0)
        return K_PID;
      if (memcmp (k, "tid", 3) == 0)
        return K_TID;
      if (memcmp (k, "cat", 3) == 0)
        return K_CAT;
      if (memcmp (k, "id2", 3) == 0)
        return K_ID2;
      return -1;
    case 4:
      if (memcmp (k, "name", 4) == 0)
        return K_NAME;
      if (memcmp (k, "args", 4) == 0)
        return K_ARGS;
      return -1;
    case 5: return memcmp (k, "scope", 5) == 0 ? K_SCOPE : -1;
    case 7:
      if (memcmp (k, "bind_id", 7) == 0)
        return K_BIND_ID;
      if (memcmp (k, "flow_in", 7) == 0)
        return K_FLOW_IN;
      if (memcmp (k, "entries", 7) == 0)
        return K_ENTRIES;
      return -1;
    case 8: return memcmp (k, "flow_out", 8) == 0 ? K_FLOW_OUT : -1;
    case 11: return memcmp (k, "event_stats", 11) == 0 ? K_EVENT_STATS : -1;
    default: return -1;
    }
}

static Result
fail (Parser *ps, const char *at, const char *message)
{
  ps->error_at = at;
  ps->error_msg = message;
  return RESULT_ERROR;
}

static inline gsize
tok_len (const Tok *t)
{
  return t->e - t->p;
}

static inline gboolean
tok_is (const Tok *t, const char *text)
{
  gsize n = strlen (text);
  return tok_len (t) == n && memcmp (t->p, text, n) == 0;
}

static inline gboolean
tok_equal (const Tok *a, const Tok *b)
{
  return a->type == b->type && tok_len (a) == tok_len (b) && memcmp (a->p, b->p, tok_len (a)) == 0;
}

static inline guint64
offset_of (Parser *ps, const char *at)
{
  return (guint64)(at - ps->base);
}

/* Scans one value at @p (not white space); on success *out is after it. */
static Result
scan_value (Parser *ps, const char *p, Tok *tok, const char **out)
{
  switch (st_json_scan_value (p, ps->end, tok, out))
    {
    case ST_JSON_SCAN_OK: return RESULT_OK;
    case ST_JSON_SCAN_NEED_MORE: return RESULT_NEED_MORE;
    default:
      return fail (ps, p,
                   N_ ("expected a value (a string in double quotes, a number, an object, an "
                       "array, true, false or null)"));
    }
}

/* Reads a key and its colon: *key_end is the closing quote. */
static Result
scan_key (Parser *ps, const char *p, const char **key_end, gboolean *escaped, const char **out)
{
  guint flags = 0;

  switch (st_json_scan_key (p, ps->end, key_end, &flags, out))
    {
    case ST_JSON_SCAN_OK: *escaped = (flags & ST_JSON_STRING_ESCAPES) != 0; return RESULT_OK;
    case ST_JSON_SCAN_NO_COLON: return fail (ps, *out, N_ ("expected “:” after a key"));
    case ST_JSON_SCAN_NEED_MORE: return RESULT_NEED_MORE;
    default: return fail (ps, p, N_ ("expected a key in double quotes"));
    }
}

/* Reads the event object at @p ('{'), keeping the tokens of the hot keys. */
static Result
parse_object (Parser *ps, const char *p, Ev *ev, const char **out)
{
  gboolean after_comma = FALSE;

  ev->start = p;
  ev->present = 0;
  ev->n_keys = 0;
  p++;
  for (;;)
    {
      const char *key, *key_end;
      gboolean    escaped;
      Tok         tok;
      Result      r;
      int         slot;

      p = st_json_skip_ws (p, ps->end);
      if (p >= ps->end)
        return RESULT_NEED_MORE;
      if (*p == '}')
        {
          if (after_comma)
            st_builder_shard_warn (ps->shard, ST_WARNING_TRAILING_COMMA, offset_of (ps, p), NULL);
          *out = p + 1;
          return RESULT_OK;
        }
      key = p + 1;
      r = scan_key (ps, p, &key_end, &escaped, &p);
      if (r != RESULT_OK)
        return r;
      slot = escaped ? -1 : key_slot (key, key_end - key);
      r = scan_value (ps, p, &tok, &p);
      if (r != RESULT_OK)
        return r;
      if (slot >= 0)
        {
          ev->tok[slot] = tok;
          ev->present |= 1u << slot;
        }
      ev->n_keys++;
      p = st_json_skip_ws (p, ps->end);
      if (p >= ps->end)
        return RESULT_NEED_MORE;
      if (*p == ',')
        {
          after_comma = TRUE;
          p++;
        }
      else if (*p == '}')
        {
          *out = p + 1;
          return RESULT_OK;
        }
      else
        return fail (ps, p, N_ ("expected “,” or “}” after a value"));
    }
}

/* Strings: interned once; a name seen for the first time is checked for raw
 * control characters and repaired when it is not UTF-8. */

static void
check_new_string (Parser *ps, StStringId id, const Tok *raw, const char *str, gsize len)
{
  if (raw->type == 's' && st_json_scan_string_flags (raw->p, raw->e) & ST_JSON_STRING_CONTROL)
    st_builder_shard_warn (ps->shard, ST_WARNING_CONTROL_CHARACTER, offset_of (ps, raw->p),
                           "\342\200\234%.*s\342\200\235", (int)MIN (len, 60), str);
  if (!g_utf8_validate_len (str, len, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (str, len);
      st_string_table_replace (ps->shard->strings, id, valid, strlen (valid));
      st_builder_shard_warn (ps->shard, ST_WARNING_INVALID_UTF8, offset_of (ps, raw->p),
                             "\342\200\234%s\342\200\235", valid);
    }
}

static StStringId
intern_tok (Parser *ps, const Tok *t)
{
  StStringTable *strings = ps->shard->strings;
  const char    *str = t->p;
  gsize          len = tok_len (t);
  guint          before;
  StStringId     id;

  if (len == 0)
    return ST_STRING_EMPTY;
  if (t->type == 's' && (t->flags & ST_JSON_STRING_ESCAPES))
    {
      g_string_truncate (ps->shard->scratch, 0);
      st_json_unescape (t->p, t->e, ps->shard->scratch);
      str = ps->shard->scratch->str;
      len = ps->shard->scratch->len;
    }
  before = st_string_table_get_size (strings);
  id = st_string_table_intern (strings, str, len);
  if (st_string_table_get_size (strings) != before)
    check_new_string (ps, id, t, str, len);
  return id;
}

static inline StStringId
intern_key (Parser *ps, const Ev *ev, int k)
{
  return HAS (ev, k) ? intern_tok (ps, &ev->tok[k]) : ST_STRING_EMPTY;
}

static const Tok *
pid_tok (const Ev *ev)
{
  return HAS (ev, K_PID) ? &ev->tok[K_PID] : &empty_tok;
}

static const Tok *
tid_tok (const Ev *ev)
{
  return HAS (ev, K_TID) ? &ev->tok[K_TID] : pid_tok (ev); /* no tid: the pid */
}

static StStringId
note_pid (Parser *ps, const Ev *ev)
{
  StStringId pid = intern_tok (ps, pid_tok (ev));
  st_builder_shard_note_pid (ps->shard, pid);
  return pid;
}

/* The thread track of the event; consecutive events mostly share one. */
static guint
thread_track (Parser *ps, const Ev *ev)
{
  const Tok *pid = pid_tok (ev), *tid = tid_tok (ev);
  StStringId pid_id, tid_id;

  if (ps->have_last && tok_equal (pid, &ps->last_pid) && tok_equal (tid, &ps->last_tid))
    return ps->last_track;
  pid_id = intern_tok (ps, pid);
  tid_id = tid == pid ? pid_id : intern_tok (ps, tid);
  ps->last_track = st_builder_shard_get_track (ps->shard, ST_RAW_TRACK_THREAD, pid_id, tid_id);
  ps->last_pid = *pid;
  ps->last_tid = *tid;
  ps->have_last = TRUE;
  return ps->last_track;
}

static gboolean
tok_time (const Tok *t, gint64 *out)
{
  if (t->type != 's' && t->type != 'n')
    return FALSE;
  return st_json_parse_time_ns (t->p, t->e, out);
}

static gboolean
tok_number (const Tok *t, double *out)
{
  if (t->type != 's' && t->type != 'n')
    return FALSE;
  return st_json_parse_double (t->p, t->e, out);
}

static gboolean
tok_true (const Ev *ev, int k)
{
  return HAS (ev, k) && (tok_is (&ev->tok[k], "true") || tok_is (&ev->tok[k], "1"));
}

static void
warn_field (Parser *ps, const Ev *ev, const char *field)
{
  st_builder_shard_warn (ps->shard, ST_WARNING_MISSING_FIELD, offset_of (ps, ev->start),
                         "no \342\200\234%s\342\200\235", field);
}

static void
warn_number (Parser *ps, const Ev *ev, int k, const char *field)
{
  const Tok *t = &ev->tok[k];
  st_builder_shard_warn (ps->shard, ST_WARNING_BAD_NUMBER, offset_of (ps, t->p), "%s: %.*s", field,
                         (int)MIN (tok_len (t), 40), t->p);
}

static gboolean
event_ts (Parser *ps, const Ev *ev, gint64 *ts)
{
  if (!HAS (ev, K_TS))
    {
      warn_field (ps, ev, "ts");
      return FALSE;
    }
  if (!tok_time (&ev->tok[K_TS], ts))
    {
      warn_number (ps, ev, K_TS, "ts");
      return FALSE;
    }
  return TRUE;
}

static inline gint64
saturating_add (gint64 a, gint64 b)
{
  gint64 r;
  return __builtin_add_overflow (a, b, &r) ? G_MAXINT64 : r;
}

/* A value inside a complete container span: a string's content, or the
 * raw text of anything else. */
static gboolean
scan_inner_value (const char **pp, const char *end, Tok *value)
{
  const char *p = *pp, *q;
  guint       flags = 0;

  if (*p == '"')
    {
      q = st_json_skip_string (p, end, &flags);
      if (q == NULL)
        return FALSE;
      *value = (Tok){ p + 1, q - 1, 's', (guint8)flags };
    }
  else
    {
      q = st_json_skip_value (p, end);
      if (q == NULL || q == p)
        return FALSE;
      *value = (Tok){ p, q, *p == '{' || *p == '[' ? *p : 'n', 0 };
    }
  *pp = q;
  return TRUE;
}

/* Iterates the members of a complete object span ('{' … '}'). */
static gboolean
next_member (const char **pp, const char *end, Tok *key, Tok *value)
{
  const char *p = st_json_skip_ws (*pp, end);

  if (p < end && *p == ',')
    p = st_json_skip_ws (p + 1, end);
  if (p >= end || *p != '"' || !scan_inner_value (&p, end, key))
    return FALSE;
  p = st_json_skip_ws (p, end);
  if (p >= end || *p != ':')
    return FALSE;
  p = st_json_skip_ws (p + 1, end);
  if (p >= end || !scan_inner_value (&p, end, value))
    return FALSE;
  *pp = p;
  return TRUE;
}

/* Iterates the elements of a complete array span ('[' … ']'). */
static gboolean
next_element (const char **pp, const char *end, Tok *value)
{
  const char *p = st_json_skip_ws (*pp, end);

  if (p < end && *p == ',')
    p = st_json_skip_ws (p + 1, end);
  if (p >= end || *p == ']' || !scan_inner_value (&p, end, value))
    return FALSE;
  *pp = p;
  return TRUE;
}

/* The value of @key in the object token @obj, or NULL. */
static gboolean
find_member (const Tok *obj, const char *key, Tok *value)
{
  const char *p = obj->p + 1;
  Tok         k;

  if (obj->type != '{')
    return FALSE;
  while (next_member (&p, obj->e - 1, &k, value))
    if (tok_is (&k, key))
      return TRUE;
  return FALSE;
}

/* Phase handlers. Times stay absolute until the builder lays tracks out. */

static StRawTrack *
track_at (Parser *ps, guint index)
{
  return st_builder_shard_track (ps->shard, index);
}

static void
push_flow (Parser     *ps,
           const Ev   *ev,
           guint       track,
           gint64      ts,
           guint64     key,
           StFlowPhase phase,
           gboolean    enclosing)
{
  StRawFlow *f = st_vec_push (&ps->shard->flows, StRawFlow);

  f->ts = ts;
  f->offset = offset_of (ps, ev->start);
  f->track = track;
  f->name = intern_key (ps, ev, K_NAME);
  f->cat = intern_key (ps, ev, K_CAT);
  f->key = key;
  f->slice = 0;
  f->phase = phase;
  f->enclosing = enclosing;
}

/* Flow v2: bind_id with flow_out / flow_in on the slice event itself. */
static void
flow_v2 (Parser *ps, const Ev *ev, guint track, gint64 ts)
{
  gboolean   in = tok_true (ev, K_FLOW_IN), out = tok_true (ev, K_FLOW_OUT);
  const Tok *id;
  guint64    key;

  if (!in && !out)
    return;
  if (!HAS (ev, K_BIND_ID) && !HAS (ev, K_ID))
    {
      warn_field (ps, ev, "bind_id");
      return;
    }
  id = &ev->tok[HAS (ev, K_BIND_ID) ? K_BIND_ID : K_ID];
  key = st_hash_bytes (id->p, tok_len (id)) ^ 0x5bd1e995u; /* apart from v1 keys */
  if (in)
    push_flow (ps, ev, track, ts, key, ST_FLOW_V2_IN, TRUE);
  if (out)
    push_flow (ps, ev, track, ts, key, ST_FLOW_V2_OUT, TRUE);
}

static void
push_slice (Parser *ps, const Ev *ev, guint track, gint64 ts, gint64 dur, char phase, guint16 flags)
{
  StSlice *s = st_vec_push (&track_at (ps, track)->slices, StSlice);

  s->start = ts;
  s->dur = dur;
  s->offset = offset_of (ps, ev->start);
  s->name = intern_key (ps, ev, K_NAME);
  s->cat = intern_key (ps, ev, K_CAT);
  s->depth = (guint32)phase;
  s->flags = flags;
  s->reserved = 0;
  st_builder_shard_note_time (ps->shard, ts, saturating_add (ts, dur));
}

static void
on_complete (Parser *ps, const Ev *ev, gint64 ts)
{
  gint64  dur = 0;
  guint16 flags = 0;
  guint   track;

  if (!HAS (ev, K_DUR))
    {
      flags |= ST_SLICE_NO_DURATION;
      st_builder_shard_warn (ps->shard, ST_WARNING_MISSING_DURATION, offset_of (ps, ev->start),
                             "\342\200\234%.*s\342\200\235",
                             (int)MIN (tok_len (&ev->tok[K_NAME]), 80),
                             HAS (ev, K_NAME) ? ev->tok[K_NAME].p : "");
    }
  else if (!tok_time (&ev->tok[K_DUR], &dur))
    {
      warn_number (ps, ev, K_DUR, "dur");
      return;
    }
  else if (dur < 0)
    {
      st_builder_shard_warn (ps->shard, ST_WARNING_NEGATIVE_DURATION,
                             offset_of (ps, ev->tok[K_DUR].p), "dur: %.*s",
                             (int)MIN (tok_len (&ev->tok[K_DUR]), 40), ev->tok[K_DUR].p);
      dur = 0;
    }
  track = thread_track (ps, ev);
  push_slice (ps, ev, track, ts, dur, ST_RAW_COMPLETE, flags);
  flow_v2 (ps, ev, track, ts);
}

static void
on_begin_end (Parser *ps, const Ev *ev, gint64 ts, char ph)
{
  guint track = thread_track (ps, ev);

  push_slice (ps, ev, track, ts, 0, ph == 'B' ? ST_RAW_BEGIN : ST_RAW_END, 0);
  if (ph == 'B')
    flow_v2 (ps, ev, track, ts);
}

static void
push_instant (Parser *ps, const Ev *ev, guint track, gint64 ts, char phase)
{
  StInstant *in = st_vec_push (&track_at (ps, track)->instants, StInstant);

  memset (in, 0, sizeof *in);
  in->ts = ts;
  in->offset = offset_of (ps, ev->start);
  in->name = intern_key (ps, ev, K_NAME);
  in->cat = intern_key (ps, ev, K_CAT);
  in->phase = phase;
  st_builder_shard_note_time (ps->shard, ts, ts);
}

static void
on_instant (Parser *ps, const Ev *ev, gint64 ts, char ph)
{
  char  scope = HAS (ev, K_S) && tok_len (&ev->tok[K_S]) > 0 ? ev->tok[K_S].p[0] : 't';
  guint track;

  if (scope == 'g')
    {
      note_pid (ps, ev);
      track = st_builder_shard_get_track (ps->shard, ST_RAW_TRACK_GLOBAL_INSTANTS, ST_STRING_EMPTY,
                                          ST_STRING_EMPTY);
    }
  else if (scope == 'p')
    track = st_builder_shard_get_track (ps->shard, ST_RAW_TRACK_PROCESS_INSTANTS, note_pid (ps, ev),
                                        ST_STRING_EMPTY);
  else
    track = thread_track (ps, ev);
  push_instant (ps, ev, track, ts, ph);
}

static void
on_sample (Parser *ps, const Ev *ev, gint64 ts, char phase)
{
  ps->shard->counts.samples++;
  push_instant (ps, ev, thread_track (ps, ev), ts, phase);
}

static void
add_counter_value (Parser    *ps,
                   StStringId pid,
                   StStringId name,
                   StStringId id,
                   StStringId series,
                   gint64     ts,
                   const Tok *value)
{
  StRawSample *sample;
  double       v;

  if (!tok_number (value, &v))
    {
      st_builder_shard_warn (ps->shard, ST_WARNING_BAD_COUNTER_VALUE, offset_of (ps, value->p),
                             "%.*s", (int)MIN (tok_len (value), 40), value->p);
      return;
    }
  sample = st_vec_push (&st_builder_shard_get_series (ps->shard, pid, name, id, series)->samples,
                        StRawSample);
  sample->ts = ts;
  sample->value = v;
  st_builder_shard_note_time (ps->shard, ts, ts);
}

/* XProf's compact form: "entries": [[ts, v1, v2, …], …], the first series
 * named by "event_stats". */
static void
on_compact_counter (Parser *ps, const Ev *ev, StStringId pid, StStringId name, StStringId id)
{
  const Tok  *entries = &ev->tok[K_ENTRIES];
  const char *p = entries->p + 1;
  StStringId  first = HAS (ev, K_EVENT_STATS)
                          ? intern_tok (ps, &ev->tok[K_EVENT_STATS])
                          : st_string_table_intern (ps->shard->strings, "value", 5);
  Tok         entry, value;

  ps->compact_counters = TRUE;
  if (entries->type != '[')
    return;
  while (next_element (&p, entries->e - 1, &entry))
    {
      const char *q = entry.p + 1;
      gint64      ts;
      guint       k = 0;

      if (entry.type != '[' || !next_element (&q, entry.e - 1, &value) || !tok_time (&value, &ts))
        {
          st_builder_shard_warn (ps->shard, ST_WARNING_BAD_COUNTER_VALUE, offset_of (ps, entry.p),
                                 "entries: %.*s", (int)MIN (tok_len (&entry), 40), entry.p);
          continue;
        }
      while (next_element (&q, entry.e - 1, &value))
        {
          g_autofree char *label = k == 0 ? NULL : g_strdup_printf ("value %u", k + 1);
          StStringId       series
              = k == 0 ? first : st_string_table_intern (ps->shard->strings, label, strlen (label));
          add_counter_value (ps, pid, name, id, series, ts, &value);
          k++;
        }
    }
}

static void
on_counter (Parser *ps, const Ev *ev, gint64 ts)
{
  StStringId  pid = note_pid (ps, ev);
  StStringId  name = intern_key (ps, ev, K_NAME);
  StStringId  id = intern_key (ps, ev, K_ID);
  const char *p;
  Tok         key, value;

  if (HAS (ev, K_ENTRIES))
    {
      on_compact_counter (ps, ev, pid, name, id);
      return;
    }
  if (!HAS (ev, K_ARGS) || ev->tok[K_ARGS].type != '{')
    {
      warn_field (ps, ev, "args");
      return;
    }
  p = ev->tok[K_ARGS].p + 1;
  while (next_member (&p, ev->tok[K_ARGS].e - 1, &key, &value))
    add_counter_value (ps, pid, name, id, intern_tok (ps, &key), ts, &value);
}

static void
append_tok (GString *s, const Tok *t)
{
  g_string_append_len (s, t->p, tok_len (t));
  g_string_append_c (s, '\x1f');
}

/* The id of an async or flow event, with what scopes it: "id2" {"local": …}
 * is per process, {"global": …} is not; a plain "id" is per process for
 * nestable async events (b/n/e) and global for the others. */
static gboolean
append_id (GString *key, const Ev *ev, gboolean id_is_local)
{
  Tok value;

  if (HAS (ev, K_ID2) && find_member (&ev->tok[K_ID2], "local", &value))
    {
      append_tok (key, pid_tok (ev));
      append_tok (key, &value);
      return TRUE;
    }
  if (HAS (ev, K_ID2) && find_member (&ev->tok[K_ID2], "global", &value))
    {
      g_string_append_c (key, '\x1f');
      append_tok (key, &value);
      return TRUE;
    }
  if (!HAS (ev, K_ID))
    return FALSE;
  if (id_is_local)
    append_tok (key, pid_tok (ev));
  else
    g_string_append_c (key, '\x1f');
  append_tok (key, &ev->tok[K_ID]);
  return TRUE;
}

static guint64
hash_key (GString *key)
{
  return st_hash_bytes (key->str, key->len);
}

static void
on_async (Parser *ps, const Ev *ev, gint64 ts, char ph)
{
  gboolean    nestable = ph == 'b' || ph == 'n' || ph == 'e';
  GString    *key = ps->key;
  StRawAsync *a;

  g_string_assign (key, nestable ? "n\x1f" : "l\x1f");
  append_tok (key, HAS (ev, K_CAT) ? &ev->tok[K_CAT] : &empty_tok);
  append_tok (key, HAS (ev, K_SCOPE) ? &ev->tok[K_SCOPE] : &empty_tok);
  if (!nestable)
    append_tok (key, HAS (ev, K_NAME) ? &ev->tok[K_NAME] : &empty_tok);
  if (!append_id (key, ev, nestable))
    {
      warn_field (ps, ev, "id");
      return;
    }
  a = st_vec_push (&ps->shard->asyncs, StRawAsync);
  a->ts = ts;
  a->offset = offset_of (ps, ev->start);
  a->pid = note_pid (ps, ev);
  a->name = intern_key (ps, ev, K_NAME);
  a->cat = intern_key (ps, ev, K_CAT);
  a->key = hash_key (key);
  a->phase = ph;
  st_builder_shard_note_time (ps->shard, ts, ts);
}

static void
on_flow (Parser *ps, const Ev *ev, gint64 ts, char ph)
{
  GString    *key = ps->key;
  StFlowPhase phase = ph == 's' ? ST_FLOW_START : ph == 't' ? ST_FLOW_STEP : ST_FLOW_END;
  gboolean    enclosing = HAS (ev, K_BP) && tok_is (&ev->tok[K_BP], "e");

  g_string_assign (key, "f\x1f");
  append_tok (key, HAS (ev, K_CAT) ? &ev->tok[K_CAT] : &empty_tok);
  append_tok (key, HAS (ev, K_NAME) ? &ev->tok[K_NAME] : &empty_tok);
  append_tok (key, HAS (ev, K_SCOPE) ? &ev->tok[K_SCOPE] : &empty_tok);
  if (!append_id (key, ev, FALSE))
    {
      warn_field (ps, ev, "id");
      return;
    }
  push_flow (ps, ev, thread_track (ps, ev), ts, hash_key (key), phase, enclosing);
}

static const struct
{
  const char *name;
  const char *arg;
  StMetaKind  kind;
  gboolean    numeric;
} meta_records[] = {
  { "process_name", "name", ST_META_PROCESS_NAME, FALSE },
  { "process_labels", "labels", ST_META_PROCESS_LABELS, FALSE },
  { "process_sort_index", "sort_index", ST_META_PROCESS_SORT_INDEX, TRUE },
  { "thread_name", "name", ST_META_THREAD_NAME, FALSE },
  { "thread_sort_index", "sort_index", ST_META_THREAD_SORT_INDEX, TRUE },
};

static void
on_meta (Parser *ps, const Ev *ev)
{
  StRawMeta *m;
  Tok        value;

  ps->shard->counts.metadata_events++;
  note_pid (ps, ev);
  if (!HAS (ev, K_NAME) || !HAS (ev, K_ARGS))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (meta_records); i++)
    {
      if (!tok_is (&ev->tok[K_NAME], meta_records[i].name))
        continue;
      if (!find_member (&ev->tok[K_ARGS], meta_records[i].arg, &value))
        return;
      m = st_vec_push (&ps->shard->metas, StRawMeta);
      memset (m, 0, sizeof *m);
      m->offset = offset_of (ps, ev->start);
      m->kind = meta_records[i].kind;
      m->pid = intern_tok (ps, pid_tok (ev));
      m->tid = intern_tok (ps, tid_tok (ev));
      if (meta_records[i].numeric)
        {
          if (!st_json_parse_int64 (value.p, value.e, &m->number))
            {
              ps->shard->metas.len--;
              warn_number (ps, ev, K_ARGS, meta_records[i].arg);
            }
        }
      else
        m->text = intern_tok (ps, &value);
      return;
    }
}

static gboolean
is_known_other_phase (char ph)
{
  return ph != '\0' && strchr ("NODVv()c=", ph) != NULL;
}

static void
handle_phase (Parser *ps, const Ev *ev, char ph)
{
  gint64 ts = 0;

  if (ph == 'C' && HAS (ev, K_ENTRIES))
    {
      on_counter (ps, ev, ts); /* the compact form: each entry has its time */
      return;
    }
  if (!event_ts (ps, ev, &ts))
    return;
  switch (ph)
    {
    case 'X': on_complete (ps, ev, ts); break;
    case 'B':
    case 'E': on_begin_end (ps, ev, ts, ph); break;
    case 'i':
    case 'I':
    case 'R': on_instant (ps, ev, ts, ph); break;
    case 'C': on_counter (ps, ev, ts); break;
    case 'b':
    case 'n':
    case 'e':
    case 'S':
    case 'T':
    case 'p':
    case 'F': on_async (ps, ev, ts, ph); break;
    case 's':
    case 't':
    case 'f': on_flow (ps, ev, ts, ph); break;
    case 'P': on_sample (ps, ev, ts, 'P'); break;
    default: break;
    }
}

static void
handle_event (Parser *ps, const Ev *ev)
{
  StBuilderShard *shard = ps->shard;
  const Tok      *ph = &ev->tok[K_PH];
  gint64          ts;

  ps->n_handled++;
  if (ps->samples_mode)
    {
      if (event_ts (ps, ev, &ts))
        on_sample (ps, ev, ts, 's');
      return;
    }
  shard->counts.events++;
  if (ev->n_keys == 0)
    {
      st_builder_shard_warn (shard, ST_WARNING_EMPTY_EVENT, offset_of (ps, ev->start), NULL);
      return;
    }
  if (!HAS (ev, K_PH))
    {
      warn_field (ps, ev, "ph");
      return;
    }
  if (tok_len (ph) == 1 && ph->p[0] == 'M')
    on_meta (ps, ev);
  else if (tok_len (ph) == 1 && ph->p[0] != '\0' && strchr ("XBEiIRCbneSTpFstfP", ph->p[0]) != NULL)
    handle_phase (ps, ev, ph->p[0]);
  else
    {
      shard->counts.other_events++;
      if (tok_len (ph) != 1 || !is_known_other_phase (ph->p[0]))
        st_builder_shard_warn (shard, ST_WARNING_UNKNOWN_PHASE, offset_of (ps, ph->p),
                               "\342\200\234%.*s\342\200\235", (int)MIN (tok_len (ph), 20), ph->p);
    }
}

/* The container: the top-level value, the object's keys, the event arrays. */

static Result
parse_top (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->p, ps->end);

  if (p >= ps->end)
    return RESULT_NEED_MORE;
  if (*p == '{')
    {
      ps->object_form = TRUE;
      ps->state = STATE_KEYS;
      ps->need_sep = FALSE;
    }
  else if (*p == '[')
    {
      ps->state = STATE_ARRAY;
      ps->array_first = TRUE;
      ps->saw_events = TRUE;
    }
  else
    return fail (ps, p, N_ ("expected “{” or “[” at the start of a trace"));
  ps->p = p + 1;
  return ps->state == STATE_ARRAY && ps->pause_on_events ? RESULT_PAUSED : RESULT_OK;
}

static Result
enter_array (Parser *ps, const char *after_bracket, gboolean samples)
{
  ps->p = after_bracket;
  ps->state = STATE_ARRAY;
  ps->samples_mode = samples;
  ps->array_first = TRUE;
  ps->after_comma = FALSE;
  ps->need_sep = TRUE;
  if (samples)
    return RESULT_OK;
  ps->saw_events = TRUE;
  return ps->pause_on_events ? RESULT_PAUSED : RESULT_OK;
}

static void
add_metadata_span (Parser     *ps,
                   const char *key,
                   const char *key_end,
                   const char *value,
                   const char *value_end)
{
  StMetadataSpan *span = g_new0 (StMetadataSpan, 1);

  span->key = g_strndup (key, key_end - key);
  span->offset = offset_of (ps, value);
  span->length = value_end - value;
  g_ptr_array_add (ps->metadata, span);
}

/* One member of the top-level object, or its end. */
static Result
parse_member (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->p, ps->end), *key, *key_end, *value;
  gboolean    escaped;
  Result      r;
  Tok         tok;

  if (p >= ps->end)
    return RESULT_NEED_MORE;
  if (ps->need_sep && *p != '}')
    {
      if (*p != ',')
        return fail (ps, p, N_ ("expected “,” or “}” between top-level keys"));
      p = st_json_skip_ws (p + 1, ps->end);
      if (p >= ps->end)
        return RESULT_NEED_MORE;
    }
  if (*p == '}')
    {
      ps->state = STATE_DONE;
      ps->p = p + 1;
      return RESULT_OK;
    }
  key = p + 1;
  r = scan_key (ps, p, &key_end, &escaped, &value);
  if (r != RESULT_OK)
    return r;
  if (*value == '[' && key_end - key == 11 && memcmp (key, "traceEvents", 11) == 0)
    return enter_array (ps, value + 1, FALSE);
  if (*value == '[' && key_end - key == 7 && memcmp (key, "samples", 7) == 0)
    return enter_array (ps, value + 1, TRUE);
  r = scan_value (ps, value, &tok, &p);
  if (r != RESULT_OK)
    return r;
  add_metadata_span (ps, key, key_end, value, p);
  ps->p = p;
  ps->need_sep = TRUE;
  return RESULT_OK;
}

static void
leave_array (Parser *ps, const char *bracket)
{
  ps->p = bracket + 1;
  ps->samples_mode = FALSE;
  ps->state = ps->object_form ? STATE_KEYS : STATE_DONE;
}

static void report_shards (Parser *first);

static Result
check_progress (Parser *ps)
{
  g_atomic_pointer_set (&ps->pos, (gsize)(ps->p - ps->base));
  if (ps->progress != NULL)
    report_shards (ps);
  if (g_cancellable_is_cancelled (ps->cancellable))
    {
      ps->cancelled = TRUE;
      return RESULT_ERROR;
    }
  return RESULT_OK;
}

/* A separator, the end, or the next element of an event array. */
static Result
parse_element (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->p, ps->end), *q;
  Result      r;
  Ev          ev;

  ps->p = p;
  if (p >= ps->end)
    return RESULT_NEED_MORE;
  if (!ps->array_first && !ps->after_comma)
    {
      if (*p == ']')
        leave_array (ps, p);
      else if (*p == ',')
        {
          ps->after_comma = TRUE;
          ps->p = p + 1;
        }
      else
        return fail (ps, p, N_ ("expected “,” or “]” after an event"));
      return RESULT_OK;
    }
  if (*p == ']')
    {
      if (ps->after_comma)
        st_builder_shard_warn (ps->shard, ST_WARNING_TRAILING_COMMA, offset_of (ps, p), NULL);
      leave_array (ps, p);
      return RESULT_OK;
    }
  if (ps->stop_at != NULL && !ps->samples_mode)
    {
      if (p == ps->stop_at)
        return RESULT_STOPPED;
      if (p > ps->stop_at)
        ps->stop_at = NULL; /* the split was not at an event: read on to the end */
    }
  if (*p == '{')
    {
      r = parse_object (ps, p, &ev, &q);
      if (r != RESULT_OK)
        return r;
      handle_event (ps, &ev);
    }
  else
    {
      r = scan_value (ps, p, &ev.tok[0], &q);
      if (r != RESULT_OK)
        return r;
      ps->not_objects++;
      if (!ps->samples_mode)
        ps->shard->counts.events++;
      st_builder_shard_warn (ps->shard, ST_WARNING_NOT_AN_OBJECT, offset_of (ps, p), "%.*s",
                             (int)MIN (q - p, 40), p);
    }
  ps->p = q;
  ps->array_first = FALSE;
  ps->after_comma = FALSE;
  if (ps->n_handled % CHECK_EVERY == 0)
    return check_progress (ps);
  return RESULT_OK;
}

static Result
parse_run (Parser *ps)
{
  for (;;)
    {
      Result r;

      switch (ps->state)
        {
        case STATE_TOP: r = parse_top (ps); break;
        case STATE_KEYS: r = parse_member (ps); break;
        case STATE_ARRAY: r = parse_element (ps); break;
        case STATE_DONE:
        default: return RESULT_OK;
        }
      if (r == RESULT_PAUSED)
        ps->pause_on_events = FALSE;
      if (r != RESULT_OK)
        return r;
    }
}

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
  ps->base = st_source_get_data (source);
  ps->end = ps->base + st_source_get_size (source);
  ps->p = p;
  ps->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
  ps->key = g_string_sized_new (128);
  ps->cancellable = cancellable;
  ps->first_p = p;
}

static void
parser_clear (Parser *ps)
{
  g_ptr_array_unref (ps->metadata);
  g_string_free (ps->key, TRUE);
}

static gpointer
parser_thread (gpointer data)
{
  Parser *ps = data;
  gint64  t0 = g_get_monotonic_time ();

  ps->result = parse_run (ps);
  g_debug ("shard at %zu: %zu bytes, %" G_GUINT64_FORMAT " events in %.1f ms, result %d",
           (gsize)(ps->first_p - ps->base), (gsize)(ps->p - ps->first_p), ps->n_handled,
           (g_get_monotonic_time () - t0) / 1000.0, ps->result);
  g_atomic_pointer_set (&ps->pos, (gsize)(ps->p - ps->base));
  g_atomic_int_set (&ps->finished, 1);
  return NULL;
}

/* The start of an event near @from: a '{' after "}," (white space allowed).
 * It may be a false one inside a string: the shard before it checks. */
static const char *
find_boundary (const char *from, const char *end)
{
  const char *limit = MIN (end, from + SPLIT_SEARCH);

  while (from < limit)
    {
      const char *q = memchr (from, '}', limit - from), *r;
      if (q == NULL)
        return NULL;
      r = st_json_skip_ws (q + 1, end);
      if (r < end && *r == ',')
        {
          r = st_json_skip_ws (r + 1, end);
          if (r < end && *r == '{')
            return r;
        }
      from = q + 1;
    }
  return NULL;
}

static GPtrArray *
plan_splits (const char *start, const char *end, guint n_threads)
{
  GPtrArray  *splits = g_ptr_array_new ();
  guint       n = (guint)MIN ((gsize)n_threads, (gsize)(end - start) / MIN_SHARD_BYTES);
  const char *prev = start;

  for (guint i = 1; i < n; i++)
    {
      const char *b = find_boundary (start + (end - start) / n * i, end);
      if (b != NULL && b > prev)
        {
          g_ptr_array_add (splits, (gpointer)b);
          prev = b;
        }
    }
  return splits;
}

typedef struct _Progress
{
  StImportProgress func;
  gpointer         data;
  double           last;
  gsize            total;
} Progress;

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
  gsize start = (gsize)(ps->first_p - ps->base);
  return pos > start ? pos - start : 0;
}

/* Bytes read by every shard, as a fraction of the file. */
static void
report_shards (Parser *first)
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
      w->need_sep = TRUE;
      w->stop_at = i + 1 < splits->len ? g_ptr_array_index (splits, i + 1) : NULL;
    }
  first->stop_at = g_ptr_array_index (splits, 0);
  first->peers = workers;
}

/* Runs the first shard here while the others run on their threads. */
static Result
run_shards (Parser *first, GArray *workers)
{
  Result r;

  for (guint i = 0; i < workers->len; i++)
    {
      Parser *w = &g_array_index (workers, Parser, i);
      w->thread = g_thread_new ("strata-import", parser_thread, w);
    }
  r = parse_run (first);
  g_debug ("first shard: %zu bytes, %" G_GUINT64_FORMAT " events, result %d",
           (gsize)(first->p - first->first_p), first->n_handled, r);
  while (!workers_finished (workers))
    {
      report_shards (first);
      g_usleep (G_USEC_PER_SEC / 50);
    }
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_array_index (workers, Parser, i).thread);
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

static Result
import_mapped (Parser         *first,
               GArray         *workers,
               StTraceBuilder *builder,
               StSource       *source,
               guint           n_threads,
               Parser        **last)
{
  g_autoptr (GPtrArray) splits = NULL;
  Result                r;

  first->pause_on_events = n_threads > 1;
  r = parse_run (first);
  *last = first;
  if (r != RESULT_PAUSED)
    return r;
  splits = plan_splits (first->p, first->end, n_threads);
  if (splits->len == 0)
    return parse_run (first);
  init_workers (workers, first, splits, builder, source);
  r = run_shards (first, workers);
  *last = resolve_chain (first, workers, builder, &r);
  return r;
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

/* Reads behind the spool thread. An event cut by the edge of what is there
 * is read again once at least as much again has arrived, so a huge value is
 * not rescanned for every chunk. */
static Result
import_streaming (Parser *first, StSource *source, Progress *pr)
{
  gboolean complete = FALSE;
  gsize    avail = wait_for (source, 1, &complete, first->cancellable);

  for (;;)
    {
      gsize  unread;
      Result r;

      first->end = first->base + avail;
      r = parse_run (first);
      report (pr, st_source_get_input_fraction (source));
      if (r != RESULT_NEED_MORE || complete)
        return r;
      if (g_cancellable_is_cancelled (first->cancellable))
        {
          first->cancelled = TRUE;
          return RESULT_ERROR;
        }
      unread = avail - (gsize)(first->p - first->base);
      avail = wait_for (source, avail + MAX (unread, (gsize)1), &complete, first->cancellable);
    }
}

static void
warn_truncated (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->p, ps->end);
  guint64     at = offset_of (ps, p);

  if (ps->state == STATE_ARRAY)
    {
      if (ps->after_comma && p >= ps->end)
        st_builder_shard_warn (ps->shard, ST_WARNING_TRAILING_COMMA, offset_of (ps, ps->p), NULL);
      if (p < ps->end)
        st_builder_shard_warn (ps->shard, ST_WARNING_TRUNCATED, at,
                               _ ("a partial last event was dropped"));
      else
        st_builder_shard_warn (ps->shard, ST_WARNING_TRUNCATED, at,
                               _ ("the event array is not closed with “]”"));
    }
  else if (ps->state == STATE_KEYS)
    st_builder_shard_warn (ps->shard, ST_WARNING_TRUNCATED, at,
                           _ ("the top-level object is not closed with “}”"));
}

static void
set_position_error (GError    **error,
                    StSource   *source,
                    gint        code,
                    const char *at,
                    const char *message)
{
  const char *base = st_source_get_data (source);
  guint64     line, column;

  st_json_position (base, at - base, &line, &column);
  g_set_error (error, ST_TRACE_ERROR, code,
               _ ("%s: line %" G_GUINT64_FORMAT ", column %" G_GUINT64_FORMAT ": %s"),
               st_source_get_display_name (source), line, column, message);
}

static gboolean
has_key (GPtrArray *spans, const char *key)
{
  for (guint i = 0; i < spans->len; i++)
    if (g_str_equal (((StMetadataSpan *)g_ptr_array_index (spans, i))->key, key))
      return TRUE;
  return FALSE;
}

static void
set_not_a_trace (GError **error, StSource *source, Parser *first)
{
  const char         *name = st_source_get_display_name (source);
  g_autoptr (GString) keys = g_string_new (NULL);

  if (has_key (first->metadata, "instruction") && has_key (first->metadata, "summary"))
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: this is a Neuron profiler device profile; this version of Strata reads "
                      "Chrome trace JSON only."),
                   name);
      return;
    }
  if (!first->object_form)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: a JSON array of values, not of trace events (objects)."), name);
      return;
    }
  for (guint i = 0; i < MIN (first->metadata->len, 8); i++)
    g_string_append_printf (keys, "%s“%s”", i ? ", " : "",
                            ((StMetadataSpan *)g_ptr_array_index (first->metadata, i))->key);
  if (keys->len == 0)
    g_string_append (keys, _ ("no keys"));
  g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
               _ ("%s: a JSON object without a “traceEvents” array (it has %s), so not a trace "
                  "Strata reads."),
               name, keys->str);
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
      set_position_error (error, source, ST_TRACE_ERROR_SYNTAX, last->error_at,
                          _ (last->error_msg));
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
      set_position_error (error, source, ST_TRACE_ERROR_SYNTAX, first->end,
                          _ ("the file ends before any trace event"));
      return FALSE;
    }
  if (r == RESULT_ERROR)
    st_builder_shard_warn (last->shard, ST_WARNING_SYNTAX, offset_of (last, last->error_at), "%s",
                           _ (last->error_msg));
  else if (r == RESULT_NEED_MORE)
    warn_truncated (last);
  if (!first->saw_events
      || (handled_events (first, workers) == 0 && first->not_objects + last->not_objects > 0))
    {
      set_not_a_trace (error, source, first);
      return FALSE;
    }
  return TRUE;
}

static void
commit_metadata (StTraceBuilder *builder, Parser *ps)
{
  for (guint i = 0; i < ps->metadata->len; i++)
    {
      StMetadataSpan *span = g_ptr_array_index (ps->metadata, i);
      st_trace_builder_add_metadata (builder, span->key, span->offset, span->length);
    }
}

static const char *
guess_flavor (Parser *first, Parser *last)
{
  static const char *const kineto_keys[] = {
    "schemaVersion", "deviceProperties", "distributedInfo", "baseTimeNanoseconds", "traceName",
  };

  for (guint i = 0; i < G_N_ELEMENTS (kineto_keys); i++)
    if (has_key (first->metadata, kineto_keys[i]) || has_key (last->metadata, kineto_keys[i]))
      return "kineto";
  if (first->compact_counters || last->compact_counters)
    return "xprof";
  return "generic";
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
    r = import_streaming (&first, source, &pr); /* progress: the compressed input read */
  ok = conclude (&first, workers, last, r, source, error);
  if (ok)
    {
      commit_metadata (builder, &first);
      for (guint i = 0; i < workers->len; i++)
        if (g_array_index (workers, Parser, i).shard != NULL)
          commit_metadata (builder, &g_array_index (workers, Parser, i));
      st_trace_builder_set_flavor (builder, guess_flavor (&first, last));
      report (&pr, 1.0);
    }
  for (guint i = 0; i < workers->len; i++)
    parser_clear (&g_array_index (workers, Parser, i));
  parser_clear (&first);
  return ok;
}
