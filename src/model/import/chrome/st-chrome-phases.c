/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-chrome-importer-private.h"
#include "st-slice-layout.h"
#include "st-time.h"

static const Tok empty_tok = { "", "", 'n', 0 };

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
intern_escaped (Parser *ps, const Tok *t)
{
  GString   *scratch = ps->shard->scratch;
  gboolean   added;
  StStringId id;

  g_string_truncate (scratch, 0);
  st_json_unescape (t->p, t->e, scratch);
  id = st_string_table_add (ps->shard->strings, scratch->str, scratch->len, &added);
  if (added)
    check_new_string (ps, id, t, scratch->str, scratch->len);
  return id;
}

static StStringId
intern_tok (Parser *ps, const Tok *t)
{
  gsize      len = tok_len (t);
  NameCache *c;
  gboolean   added;

  if (len == 0)
    return ST_STRING_EMPTY;
  if (t->type == 's' && (t->flags & ST_JSON_STRING_ESCAPES))
    return intern_escaped (ps, t);
  c = &ps->names[(len * 131 ^ (guchar)t->p[0] ^ (guchar)t->p[len / 2] << 2
                  ^ (guchar)t->p[len - 1] << 4)
                 % NAME_CACHE_SIZE];
  if (c->len == len && st_bytes_equal (c->p, t->p, len))
    return c->id;
  c->p = t->p;
  c->len = len;
  c->id = st_string_table_add (ps->shard->strings, t->p, len, &added);
  if (added)
    check_new_string (ps, c->id, t, t->p, len);
  return c->id;
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

/* The time of key @k (K_TS or K_DUR, present), as the tokenizer read it or
 * from its token. */
static inline gboolean
ev_time (const Ev *ev, int k, gint64 *out)
{
  if (ev->timed & (k == K_TS ? TIMED_TS : TIMED_DUR))
    {
      *out = k == K_TS ? ev->ts_ns : ev->dur_ns;
      return TRUE;
    }
  return tok_time (&ev->tok[k], out);
}

static gboolean
event_ts (Parser *ps, const Ev *ev, gint64 *ts)
{
  if (!HAS (ev, K_TS))
    {
      warn_field (ps, ev, "ts");
      return FALSE;
    }
  if (!ev_time (ev, K_TS, ts))
    {
      warn_number (ps, ev, K_TS, "ts");
      return FALSE;
    }
  return TRUE;
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

/* Where the event's "args" object is, for the scans of its args
 * (st_event_scan_slice_args ()): 0 when it has none, or too far. */
static guint16
args_at (const Ev *ev)
{
  const Tok *args = &ev->tok[K_ARGS];

  if (!HAS (ev, K_ARGS) || args->type != '{' || args->p - ev->start > G_MAXUINT16)
    return 0;
  return (guint16)(args->p - ev->start);
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
  s->args_at = args_at (ev);
  st_builder_shard_note_time (ps->shard, ts, st_time_add_sat (ts, dur));
}

static void
on_complete (Parser *ps, const Ev *ev, gint64 ts)
{
  gint64  dur = 0, end;
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
  else if (!ev_time (ev, K_DUR, &dur))
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
  if (!st_time_add (ts, dur, &end))
    {
      warn_number (ps, ev, K_DUR, "dur");
      return;
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

/* PyTorch's allocation and free records: "[memory]" instants. */
static inline gboolean
is_memory_event (const Ev *ev)
{
  return HAS (ev, K_NAME) && tok_len (&ev->tok[K_NAME]) == 8
         && memcmp (ev->tok[K_NAME].p, "[memory]", 8) == 0;
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
  if (ph != 'R' && is_memory_event (ev))
    st_chrome_memory_event (ps, ev, intern_tok (ps, pid_tok (ev)), ts);
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
  while (st_json_next_element (&p, entries->e - 1, &entry))
    {
      const char *q = entry.p + 1;
      gint64      ts;
      guint       k = 0;

      if (entry.type != '[' || !st_json_next_element (&q, entry.e - 1, &value)
          || !tok_time (&value, &ts))
        {
          st_builder_shard_warn (ps->shard, ST_WARNING_BAD_COUNTER_VALUE, offset_of (ps, entry.p),
                                 "entries: %.*s", (int)MIN (tok_len (&entry), 40), entry.p);
          continue;
        }
      while (st_json_next_element (&q, entry.e - 1, &value))
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
  while (st_json_next_member (&p, ev->tok[K_ARGS].e - 1, &key, &value))
    add_counter_value (ps, pid, name, id, intern_tok (ps, &key), ts, &value);
}

/* A part of an async or flow key and its separator. Every flow event
 * builds a key: in place while it fits, without GString's general path. */
static void
append_tok (GString *s, const Tok *t)
{
  gsize n = tok_len (t);

  if (G_UNLIKELY (s->len + n + 2 > s->allocated_len))
    {
      g_string_append_len (s, t->p, n);
      g_string_append_c (s, '\x1f');
      return;
    }
  memcpy (s->str + s->len, t->p, n);
  s->len += n;
  s->str[s->len++] = '\x1f';
  s->str[s->len] = '\0';
}

/* The id of an async or flow event, with what scopes it: "id2" {"local": …}
 * is per process, {"global": …} is not; a plain "id" is per process for
 * nestable async events (b/n/e) and global for the others. */
static gboolean
append_id (GString *key, const Ev *ev, gboolean id_is_local)
{
  Tok value;

  if (HAS (ev, K_ID2) && st_json_find_member (&ev->tok[K_ID2], "local", &value))
    {
      append_tok (key, pid_tok (ev));
      append_tok (key, &value);
      return TRUE;
    }
  if (HAS (ev, K_ID2) && st_json_find_member (&ev->tok[K_ID2], "global", &value))
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

  g_string_truncate (key, 0);
  g_string_append_c (key, nestable ? 'n' : 'l');
  g_string_append_c (key, '\x1f');
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

  g_string_truncate (key, 0);
  g_string_append_c (key, 'f');
  g_string_append_c (key, '\x1f');
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
      if (!st_json_find_member (&ev->tok[K_ARGS], meta_records[i].arg, &value))
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

/* The phases handle_phase reads (a switch: this runs for every event). */
static inline gboolean
is_read_phase (char ph)
{
  switch (ph)
    {
    case 'X':
    case 'B':
    case 'E':
    case 'i':
    case 'I':
    case 'R':
    case 'C':
    case 'b':
    case 'n':
    case 'e':
    case 'S':
    case 'T':
    case 'p':
    case 'F':
    case 's':
    case 't':
    case 'f':
    case 'P': return TRUE;
    default: return FALSE;
    }
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

/* One event of an array, by its phase (or as a sample of "samples"). */
void
st_chrome_handle_event (Parser *ps, const Ev *ev)
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
  else if (tok_len (ph) == 1 && is_read_phase (ph->p[0]))
    handle_phase (ps, ev, ph->p[0]);
  else
    {
      shard->counts.other_events++;
      if (tok_len (ph) != 1 || !is_known_other_phase (ph->p[0]))
        st_builder_shard_warn (shard, ST_WARNING_UNKNOWN_PHASE, offset_of (ps, ph->p),
                               "\342\200\234%.*s\342\200\235", (int)MIN (tok_len (ph), 20), ph->p);
    }
}
