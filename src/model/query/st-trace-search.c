/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-scan.h"
#include "st-sort.h"
#include "st-trace-query.h"
#include "st-trace-search.h"

#include <glib/gi18n-lib.h>

typedef struct
{
  gint64     start;
  StEventRef ref;
} Hit;

ST_DEFINE_SORT (sort_hits,
                Hit,
                a->start != b->start           ? a->start < b->start
                : a->ref.track != b->ref.track ? a->ref.track < b->ref.track
                                               : a->ref.index < b->ref.index)

/* Case-insensitive (ASCII letters, and exact bytes otherwise) search of
 * @needle (lower case) in [hay, hay + len). */
static gboolean
contains_casefold (const char *hay, gsize len, const char *needle, gsize needle_len)
{
  char first = needle[0], upper = g_ascii_toupper (first);

  if (needle_len == 0)
    return TRUE;
  for (gsize i = 0; i + needle_len <= len; i++)
    {
      if (hay[i] != first && hay[i] != upper)
        continue;
      if (g_ascii_strncasecmp (hay + i, needle, needle_len) == 0)
        return TRUE;
    }
  return FALSE;
}

/* One bit per string of the trace: does it contain the pattern? */
static guint8 *
matching_names (StTrace *trace, const char *needle, gsize needle_len)
{
  StStringTable *strings = st_trace_get_strings (trace);
  guint          n = st_trace_get_n_strings (trace);
  guint8        *bits = g_new0 (guint8, n / 8 + 1);

  for (guint id = 0; id < n; id++)
    {
      const char *s = st_string_table_get (strings, id);
      if (contains_casefold (s, st_string_table_get_length (strings, id), needle, needle_len))
        bits[id / 8] |= 1 << (id % 8);
    }
  return bits;
}

static inline gboolean
bit (const guint8 *bits, StStringId id)
{
  return (bits[id / 8] >> (id % 8)) & 1;
}

/* Does the event's own text (args and all) contain the pattern? */
static gboolean
event_text_matches (StTrace *trace, guint64 offset, const char *needle, gsize needle_len)
{
  gsize       size = 0;
  guint64     bytes = 0;
  const char *data = st_trace_get_event_text (trace, offset, &size, &bytes);
  const char *end;

  if (data == NULL || bytes >= size)
    return FALSE;
  end = st_json_skip_value (data + bytes, data + size);
  return end != NULL && contains_casefold (data + bytes, end - (data + bytes), needle, needle_len);
}

static gboolean
event_matches (StTrace      *trace,
               StStringId    name,
               guint64       offset,
               const guint8 *bits,
               StFindFlags   flags,
               const char   *needle,
               gsize         needle_len)
{
  if (bit (bits, name))
    return TRUE;
  return (flags & ST_FIND_ARGS) && event_text_matches (trace, offset, needle, needle_len);
}

#define CHECK_EVERY 4096

static void
find_in_track (StTrace      *trace,
               guint         track,
               const guint8 *bits,
               StFindFlags   flags,
               const char   *needle,
               gsize         needle_len,
               GCancellable *cancellable,
               GArray       *hits)
{
  const StTrack *t = st_trace_get_track (trace, track);

  for (guint i = 0; i < t->n_slices; i++)
    if (event_matches (trace, t->slices[i].name, t->slices[i].offset, bits, flags, needle,
                       needle_len))
      {
        Hit h = { t->slices[i].start, { track, i, ST_EVENT_SLICE } };
        g_array_append_val (hits, h);
      }
    else if ((flags & ST_FIND_ARGS) && i % CHECK_EVERY == 0
             && g_cancellable_is_cancelled (cancellable))
      return;
  for (guint i = 0; i < t->n_instants; i++)
    if (event_matches (trace, t->instants[i].name, t->instants[i].offset, bits, flags, needle,
                       needle_len))
      {
        Hit h = { t->instants[i].ts, { track, i, ST_EVENT_INSTANT } };
        g_array_append_val (hits, h);
      }
}

/* Every slice and instant whose name contains @pattern (case-insensitive),
 * or with ST_FIND_ARGS whose text does, as StEventRef in time order. Names
 * take one pass over the events; args read each event's text, so that
 * search reports progress and can be cancelled. */
GArray *
st_trace_find (StTrace       *trace,
               const char    *pattern,
               StFindFlags    flags,
               GCancellable  *cancellable,
               StFindProgress progress,
               gpointer       progress_data,
               GError       **error)
{
  g_autofree char   *needle = g_ascii_strdown (pattern, -1);
  gsize              needle_len = strlen (needle);
  g_autofree guint8 *bits = NULL;
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (Hit));
  guint              n_tracks;
  GArray            *refs;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  if (needle_len == 0)
    return g_array_new (FALSE, FALSE, sizeof (StEventRef));
  bits = matching_names (trace, needle, needle_len);
  n_tracks = st_trace_get_n_tracks (trace);
  for (guint track = 0; track < n_tracks; track++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      find_in_track (trace, track, bits, flags, needle, needle_len, cancellable, hits);
      if (progress != NULL)
        progress ((double)(track + 1) / n_tracks, progress_data);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  sort_hits ((Hit *)(void *)hits->data, hits->len, NULL);
  refs = g_array_sized_new (FALSE, FALSE, sizeof (StEventRef), hits->len);
  for (guint i = 0; i < hits->len; i++)
    g_array_append_val (refs, g_array_index (hits, Hit, i).ref);
  return refs;
}
