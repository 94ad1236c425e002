/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-nvtx.c: NVTX ranges and marks, on the host thread that made them.
 *
 * Push/pop ranges (event type 59) and start/end ranges (60) are slices of
 * the thread that opened them, where they nest with its CUDA calls: the
 * hierarchy the region highlighter and the call tree read. A range never
 * closed (no end) runs to the end of the trace. Marks (34) are instants.
 * The other NVTX records (domains, categories and thread names registered)
 * are counted, not drawn; a domain's name is an arg of its ranges.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"
#include "st-slice-layout.h"

#include <string.h>

#define NVTX_MARK            34
#define NVTX_PUSH_POP_RANGE  59
#define NVTX_START_END_RANGE 60
#define NVTX_DOMAIN_CREATE   75

enum
{
  N_START,
  N_END,
  N_TYPE,
  N_TID,
  N_TEXT,
  N_TEXT_ID,
  N_DOMAIN,
  N_CATEGORY,
  N_COLOR,
  N_UINT64,
  N_INT64,
  N_DOUBLE,
  N_UINT32,
  N_INT32,
  N_FLOAT,
};

static const char *const nvtx_columns[] = {
  "start",       "end",        "eventType",  "globalTid",   "text",       "textId",
  "domainId",    "category",   "color",      "uint64Value", "int64Value", "doubleValue",
  "uint32Value", "int32Value", "floatValue", NULL,
};

/* The domains' names (by domainId), from their creation records: read
 * before the ranges, which may come first. */
gboolean
st_nsys_read_domains (StNsysImporter *im, GError **error)
{
  GHashTable   *domains = im->shared->domains;
  sqlite3_stmt *stmt = NULL;
  int           rc;

  if (!st_nsys_has_table (im->db, "NVTX_EVENTS")
      || !st_nsys_has_column (im->db, "NVTX_EVENTS", "domainId")
      || !st_nsys_has_column (im->db, "NVTX_EVENTS", "text")
      || !st_nsys_has_column (im->db, "NVTX_EVENTS", "eventType"))
    return TRUE;
  if (sqlite3_prepare_v2 (im->db->db,
                          "SELECT domainId, text FROM NVTX_EVENTS WHERE eventType = " G_STRINGIFY (
                              NVTX_DOMAIN_CREATE) " AND text IS NOT NULL",
                          -1, &stmt, NULL)
      != SQLITE_OK)
    return st_nsys_fail (im->db, "NVTX_EVENTS", error);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_insert (domains, GSIZE_TO_POINTER ((gsize)sqlite3_column_int64 (stmt, 0)),
                         g_strdup ((const char *)sqlite3_column_text (stmt, 1)));
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return st_nsys_fail (im->db, "NVTX_EVENTS", error);
  return TRUE;
}

/* The range's message: its text, or its registered string. */
static StStringId
range_name (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  gsize       len;
  const char *text = st_nsys_text (rows, N_TEXT, &len);

  if (text != NULL)
    return st_nsys_intern (im, text, len);
  if (st_nsys_is_set (rows, N_TEXT_ID))
    return st_nsys_string (im, st_nsys_int (rows, N_TEXT_ID), FALSE, error);
  return st_nsys_intern (im, "(unnamed)", 9);
}

/* The first payload column set, as the range's "payload". */
static void
payload_arg (StNsysImporter *im, StNsysRows *rows)
{
  for (guint k = N_UINT64; k <= N_FLOAT; k++)
    if (st_nsys_is_set (rows, k))
      {
        if (k == N_DOUBLE || k == N_FLOAT)
          st_nsys_text_double (&im->text, ST_NSYS_KEY ("payload"), st_nsys_double (rows, k));
        else
          st_nsys_text_int (&im->text, ST_NSYS_KEY ("payload"), st_nsys_int (rows, k));
        return;
      }
}

static guint64
write_args (StNsysImporter *im, StNsysRows *rows)
{
  GHashTable *domains = im->shared->domains;
  guint64     offset = st_nsys_text_open (&im->text);
  const char *domain = NULL;

  if (st_nsys_is_set (rows, N_DOMAIN))
    domain = g_hash_table_lookup (domains, GSIZE_TO_POINTER ((gsize)st_nsys_int (rows, N_DOMAIN)));
  if (domain != NULL)
    st_nsys_text_string (&im->text, ST_NSYS_KEY ("domain"), domain, strlen (domain));
  if (st_nsys_is_set (rows, N_CATEGORY))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("category"), st_nsys_int (rows, N_CATEGORY));
  if (st_nsys_is_set (rows, N_COLOR))
    {
      char color[8];

      g_snprintf (color, sizeof color, "#%06x", (guint)(st_nsys_int (rows, N_COLOR) & 0xFFFFFF));
      st_nsys_text_string (&im->text, ST_NSYS_KEY ("color"), color, 7);
    }
  payload_arg (im, rows);
  st_nsys_text_close (&im->text);
  return offset;
}

static void
push_mark (StNsysImporter *im, guint32 track, gint64 ts, guint64 offset, StStringId name)
{
  StInstant *in = st_vec_push (&st_builder_shard_track (im->shard, track)->instants, StInstant);

  memset (in, 0, sizeof *in);
  in->ts = ts;
  in->offset = offset;
  in->name = name;
  in->cat = im->cat_nvtx;
  in->phase = 'i';
  st_builder_shard_note_time (im->shard, ts, ts);
}

static void
push_range (StNsysImporter *im, StNsysRows *rows, guint32 track, guint64 offset, StStringId name)
{
  StRawTrack *t = st_builder_shard_track (im->shard, track);
  gint64      start, dur;
  StSlice    *s;

  if (!st_nsys_is_set (rows, N_END))
    {
      /* a begin without its end: the builder runs it to the end, and says so */
      s = st_vec_push (&t->slices, StSlice);
      start = st_nsys_int (rows, N_START);
      *s = (StSlice){ start, 0, offset, name, im->cat_nvtx, ST_RAW_BEGIN, 0, 0 };
      st_builder_shard_note_time (im->shard, start, start);
      return;
    }
  if (!st_nsys_row_time (im, rows, N_START, N_END, &start, &dur))
    return;
  s = st_vec_push (&t->slices, StSlice);
  *s = (StSlice){ start, dur, offset, name, im->cat_nvtx, ST_RAW_COMPLETE, 0, 0 };
  st_builder_shard_note_time (im->shard, start, start + dur);
}

static gboolean
read_event (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  gint64     type = st_nsys_int (rows, N_TYPE);
  StStringId name;
  guint32    track;
  guint64    offset;

  im->shard->counts.events++;
  if (type != NVTX_MARK && type != NVTX_PUSH_POP_RANGE && type != NVTX_START_END_RANGE)
    {
      im->shard->counts.other_events++;
      return TRUE;
    }
  if (!st_nsys_is_set (rows, N_START))
    {
      st_builder_shard_warn (im->shard, ST_WARNING_MISSING_FIELD, 0,
                             "NVTX_EVENTS row %" G_GINT64_FORMAT ": no start",
                             st_nsys_rowid (rows));
      return TRUE;
    }
  name = range_name (im, rows, error);
  if (name == ST_STRING_NONE)
    return FALSE;
  track = st_nsys_thread_track (im, st_nsys_int (rows, N_TID));
  offset = write_args (im, rows);
  if (type == NVTX_MARK)
    push_mark (im, track, st_nsys_int (rows, N_START), offset, name);
  else
    push_range (im, rows, track, offset, name);
  return TRUE;
}

const StNsysTable st_nsys_nvtx_table = { "NVTX_EVENTS", nvtx_columns, read_event };
