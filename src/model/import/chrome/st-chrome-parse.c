/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-chrome-importer-private.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

/* The keys of up to four bytes, which are most of an event's: the key's
 * bytes and its length in one number, hashed into a table by a multiplier
 * under which these twelve land apart (searched for once; a test of each
 * key would fail if two shared a place). No branch on the key's length, so
 * the keys of an event cost the same in any order. */
#define KEY_WORD(len, a, b, c, d)                                                \
  ((guint64)(guchar)(a) | (guint64)(guchar)(b) << 8 | (guint64)(guchar)(c) << 16 \
   | (guint64)(guchar)(d) << 24 | (guint64)(len) << 32)
#define KEY_HASH(word) ((guint)(((guint64)(word)*G_GUINT64_CONSTANT (0xb43ce7faea955e0f)) >> 60))
#define SHORT_KEY(len, a, b, c, d, slot) \
  [KEY_HASH (KEY_WORD (len, a, b, c, d))] = { KEY_WORD (len, a, b, c, d), slot }

static const struct
{
  guint64 word;
  gint8   slot;
} short_keys[16] = {
  SHORT_KEY (1, 's', 0, 0, 0, K_S),          SHORT_KEY (2, 'p', 'h', 0, 0, K_PH),
  SHORT_KEY (2, 't', 's', 0, 0, K_TS),       SHORT_KEY (2, 'i', 'd', 0, 0, K_ID),
  SHORT_KEY (2, 'b', 'p', 0, 0, K_BP),       SHORT_KEY (3, 'd', 'u', 'r', 0, K_DUR),
  SHORT_KEY (3, 'p', 'i', 'd', 0, K_PID),    SHORT_KEY (3, 't', 'i', 'd', 0, K_TID),
  SHORT_KEY (3, 'c', 'a', 't', 0, K_CAT),    SHORT_KEY (3, 'i', 'd', '2', 0, K_ID2),
  SHORT_KEY (4, 'n', 'a', 'm', 'e', K_NAME), SHORT_KEY (4, 'a', 'r', 'g', 's', K_ARGS),
};

/* The slot of the key @k of @len bytes, or -1. Its closing quote, the colon
 * and the value's first byte follow it in the text, so four bytes from @k
 * can be read whatever its length. */
static inline int
key_slot (const char *k, gsize len)
{
  if (len - 1 < 4)
    {
      guint32 bytes;
      guint64 word;

      memcpy (&bytes, k, 4);
      word = (bytes & (G_MAXUINT32 >> (32 - 8 * len))) | (guint64)len << 32;
      return short_keys[KEY_HASH (word)].word == word ? short_keys[KEY_HASH (word)].slot : -1;
    }
  switch (len)
    {
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

/* The value at @p of a member whose key has @slot. A time (ts, dur) that is
 * a plain number is read as it is scanned, once; anything else is scanned
 * here and read later from its token, as it always was. */
static inline Result
read_value (Parser *ps, Ev *ev, int slot, const char *p, Tok *tok, const char **out)
{
  if (slot == K_TS || slot == K_DUR)
    {
      guint       bit = slot == K_TS ? TIMED_TS : TIMED_DUR;
      const char *q;
      gint64      ns;

      ev->timed &= ~bit;
      if ((*p == '-' || g_ascii_isdigit (*p)) && st_json_scan_time_ns (p, ps->json.end, &q, &ns)
          && q < ps->json.end && (st_json_char_class[(guchar)*q] & ST_JSON_CLASS_DELIMITER))
        {
          *tok = (Tok){ p, q, 'n', 0 };
          *out = q;
          ev->timed |= bit;
          *(slot == K_TS ? &ev->ts_ns : &ev->dur_ns) = ns;
          return RESULT_OK;
        }
    }
  return st_json_reader_value (&ps->json, p, tok, out);
}

/* Reads the event object at @p ('{'), keeping the tokens of the hot keys. */
static Result
parse_object (Parser *ps, const char *p, Ev *ev, const char **out)
{
  gboolean after_comma = FALSE;

  ev->start = p;
  ev->present = 0;
  ev->n_keys = 0;
  ev->timed = 0;
  p++;
  for (;;)
    {
      const char *key, *key_end;
      guint       flags = 0;
      Tok         tok;
      Result      r;
      int         slot;

      p = st_json_skip_ws (p, ps->json.end);
      if (p >= ps->json.end)
        return RESULT_NEED_MORE;
      if (*p == '}')
        {
          if (after_comma)
            st_builder_shard_warn (ps->shard, ST_WARNING_TRAILING_COMMA, offset_of (ps, p), NULL);
          *out = p + 1;
          return RESULT_OK;
        }
      key = p + 1;
      r = st_json_reader_key (&ps->json, p, &key_end, &flags, &p);
      if (r != RESULT_OK)
        return r;
      slot = flags & ST_JSON_STRING_ESCAPES ? -1 : key_slot (key, key_end - key);
      r = read_value (ps, ev, slot, p, &tok, &p);
      if (r != RESULT_OK)
        return r;
      if (slot >= 0)
        {
          ev->tok[slot] = tok;
          ev->present |= 1u << slot;
        }
      ev->n_keys++;
      p = st_json_skip_ws (p, ps->json.end);
      if (p >= ps->json.end)
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
        return st_json_reader_fail (&ps->json, p, N_ ("expected “,” or “}” after a value"));
    }
}

/* The container: the top-level value, the object's keys, the event arrays. */

static Result
parse_top (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->json.p, ps->json.end);

  if (p >= ps->json.end)
    return RESULT_NEED_MORE;
  if (*p == '{')
    {
      ps->object_form = TRUE;
      ps->state = STATE_KEYS;
      ps->json.need_sep = FALSE;
    }
  else if (*p == '[')
    {
      ps->state = STATE_ARRAY;
      ps->array_first = TRUE;
      ps->saw_events = TRUE;
    }
  else
    return st_json_reader_fail (&ps->json, p, N_ ("expected “{” or “[” at the start of a trace"));
  ps->json.p = p + 1;
  return ps->state == STATE_ARRAY && ps->pause_on_events ? RESULT_PAUSED : RESULT_OK;
}

static Result
enter_array (Parser *ps, const char *after_bracket, gboolean samples)
{
  ps->json.p = after_bracket;
  ps->state = STATE_ARRAY;
  ps->samples_mode = samples;
  ps->array_first = TRUE;
  ps->after_comma = FALSE;
  if (samples)
    return RESULT_OK;
  ps->saw_events = TRUE;
  return ps->pause_on_events ? RESULT_PAUSED : RESULT_OK;
}

/* A member of the top-level object: the event arrays are read element by
 * element (by parse_element), everything else is kept whole. */
static int
on_member (StJsonReader *json, const char *key, gsize key_len, const char *value, gpointer data)
{
  Parser *ps = data;

  if (*value == '[' && key_len == 11 && memcmp (key, "traceEvents", 11) == 0)
    return enter_array (ps, value + 1, FALSE);
  if (*value == '[' && key_len == 7 && memcmp (key, "samples", 7) == 0)
    return enter_array (ps, value + 1, TRUE);
  return ST_JSON_READ_KEEP;
}

/* One member of the top-level object, or its end. */
static Result
parse_member (Parser *ps)
{
  int r = st_json_reader_next_member (&ps->json, on_member, ps);

  if (r != ST_JSON_READ_END)
    return r;
  ps->state = STATE_DONE;
  return RESULT_OK;
}

static void
leave_array (Parser *ps, const char *bracket)
{
  ps->json.p = bracket + 1;
  ps->samples_mode = FALSE;
  ps->state = ps->object_form ? STATE_KEYS : STATE_DONE;
}

static Result
check_progress (Parser *ps)
{
  g_atomic_pointer_set (&ps->pos, (gsize)(ps->json.p - ps->json.base));
  if (ps->progress != NULL)
    st_chrome_report_shards (ps);
  if (g_cancellable_is_cancelled (ps->cancellable))
    {
      ps->cancelled = TRUE;
      return RESULT_ERROR;
    }
  return RESULT_OK;
}

/* What follows an element: a comma, or the end of the array. */
static Result
parse_separator (Parser *ps, const char *p)
{
  if (*p == ']')
    leave_array (ps, p);
  else if (*p == ',')
    {
      ps->after_comma = TRUE;
      ps->json.p = p + 1;
    }
  else
    return st_json_reader_fail (&ps->json, p, N_ ("expected “,” or “]” after an event"));
  return RESULT_OK;
}

/* A separator, the end, or the next element of an event array. */
static Result
parse_element (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->json.p, ps->json.end), *q;
  Result      r;
  Ev          ev;

  ps->json.p = p;
  if (p >= ps->json.end)
    return RESULT_NEED_MORE;
  if (!ps->array_first && !ps->after_comma)
    return parse_separator (ps, p);
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
      st_chrome_handle_event (ps, &ev);
    }
  else
    {
      r = st_json_reader_value (&ps->json, p, &ev.tok[0], &q);
      if (r != RESULT_OK)
        return r;
      ps->not_objects++;
      if (!ps->samples_mode)
        ps->shard->counts.events++;
      st_builder_shard_warn (ps->shard, ST_WARNING_NOT_AN_OBJECT, offset_of (ps, p), "%.*s",
                             (int)MIN (q - p, 40), p);
    }
  ps->json.p = q;
  ps->array_first = FALSE;
  ps->after_comma = FALSE;
  if (ps->n_handled % CHECK_EVERY == 0)
    return check_progress (ps);
  return RESULT_OK;
}

Result
st_chrome_parse_run (Parser *ps)
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

/* Why the text ended early, as a warning of the last shard. */
void
st_chrome_warn_truncated (Parser *ps)
{
  const char *p = st_json_skip_ws (ps->json.p, ps->json.end);
  guint64     at = offset_of (ps, p);

  if (ps->state == STATE_ARRAY)
    {
      if (ps->after_comma && p >= ps->json.end)
        st_builder_shard_warn (ps->shard, ST_WARNING_TRAILING_COMMA, offset_of (ps, ps->json.p),
                               NULL);
      if (p < ps->json.end)
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

/* The error of a file that holds no trace events, from what it holds. */
void
st_chrome_set_not_a_trace (Parser *first, StSource *source, GError **error)
{
  const char         *name = st_source_get_display_name (source);
  g_autoptr (GString) keys = g_string_new (NULL);

  if (st_json_reader_has_key (&first->json, "instruction")
      && st_json_reader_has_key (&first->json, "summary"))
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
  for (guint i = 0; i < MIN (first->json.metadata->len, 8); i++)
    g_string_append_printf (keys, "%s“%s”", i ? ", " : "",
                            ((StMetadataSpan *)g_ptr_array_index (first->json.metadata, i))->key);
  if (keys->len == 0)
    g_string_append (keys, _ ("no keys"));
  g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
               _ ("%s: a JSON object without a “traceEvents” array (it has %s), so not a trace "
                  "Strata reads."),
               name, keys->str);
}

/* Which tool wrote the file, from its top-level keys and counters. */
const char *
st_chrome_guess_flavor (Parser *first, Parser *last)
{
  static const char *const kineto_keys[] = {
    "schemaVersion", "deviceProperties", "distributedInfo", "baseTimeNanoseconds", "traceName",
  };

  for (guint i = 0; i < G_N_ELEMENTS (kineto_keys); i++)
    if (st_json_reader_has_key (&first->json, kineto_keys[i])
        || st_json_reader_has_key (&last->json, kineto_keys[i]))
      return "kineto";
  if (first->compact_counters || last->compact_counters)
    return "xprof";
  return "generic";
}
