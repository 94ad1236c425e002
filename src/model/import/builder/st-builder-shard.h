/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-builder-shard.h: what one importing thread fills, without locks: its
 * own string table, tracks, counters and raw records (flows, async events,
 * metadata), its counts and warnings, its first and last times.
 *
 * StTraceBuilder gives each thread a shard and, to finish, merges the later
 * shards into the first (st_builder_shard_merge): a later shard's records
 * of a track stay where they are, as a part of the track, until the track
 * is laid out (st_raw_track_take_parts).
 *
 * During import, times are absolute nanoseconds as written in the file.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char *data;
  gsize len;
  gsize cap;
} StVec;

void st_vec_grow (StVec *vec, gsize elem_size);

#define st_vec_push(vec, type)                                                           \
  (G_UNLIKELY ((vec)->len == (vec)->cap) ? st_vec_grow ((vec), sizeof (type)) : (void)0, \
   &((type *)(vec)->data)[(vec)->len++])
#define st_vec_at(vec, type, i) (&((type *)(vec)->data)[(i)])

typedef enum
{
  ST_RAW_TRACK_THREAD,
  ST_RAW_TRACK_PROCESS_INSTANTS,
  ST_RAW_TRACK_GLOBAL_INSTANTS,
} StRawTrackKind;

/* Slices of a raw track use StSlice with `depth` holding the phase ('X', 'B',
 * 'E') until they are laid out. Merging shards leaves what a later shard
 * holds of a track where it is, as a part of the track: the parts are
 * appended, in file order, as the track is laid out. */
typedef struct _StRawTrack StRawTrack;

typedef struct
{
  StRawTrack    *src;
  const guint32 *map; /* its shard's string ids in the merged table */
} StRawPart;

struct _StRawTrack
{
  StRawTrackKind kind;
  StStringId     pid;
  StStringId     tid;
  StVec          slices;   /* StSlice */
  StVec          instants; /* StInstant */
  GArray        *parts;    /* StRawPart, or NULL */
};

typedef struct
{
  gint64 ts;
  double value;
} StRawSample;

typedef struct
{
  StStringId name;
  StVec      samples;  /* StRawSample */
  gboolean cumulative; /* each sample is a change: the series is their running sum in time order */
  guint    unit;       /* StCounterUnit */
} StRawSeries;

typedef struct
{
  StStringId  pid;
  StStringId  name;
  StStringId  id;
  StVec       series;       /* StRawSeries */
  GHashTable *series_index; /* series name + 1 -> index + 1, once there are many */
} StRawCounter;

typedef enum
{
  ST_FLOW_START,  /* s */
  ST_FLOW_STEP,   /* t */
  ST_FLOW_END,    /* f */
  ST_FLOW_V2_OUT, /* flow_out on the event itself */
  ST_FLOW_V2_IN,  /* flow_in on the event itself */
} StFlowPhase;

/* Flow and async ids are matched by a 64-bit hash of their text (with the
 * scope and what else makes them unique): they are mostly unique, and
 * interning hundreds of thousands of them would cost more than it saves. */
typedef struct
{
  gint64     ts;
  guint64    offset;
  guint64    key;   /* hash of the id (with scope), or of bind_id for v2 */
  guint32    track; /* raw thread track of the shard */
  StStringId name;
  StStringId cat;
  guint32    slice;     /* bound slice, set while resolving */
  guint8     phase;     /* StFlowPhase */
  guint8     enclosing; /* bp: "e" */
} StRawFlow;

typedef struct
{
  gint64     ts;
  guint64    offset;
  StStringId pid;
  StStringId name;
  StStringId cat;
  guint64    key;   /* hash of id / id2 / scope / cat (and name for S/F) */
  char       phase; /* b n e S T p F */
} StRawAsync;

typedef enum
{
  ST_META_PROCESS_NAME,
  ST_META_PROCESS_LABELS,
  ST_META_PROCESS_SORT_INDEX,
  ST_META_THREAD_NAME,
  ST_META_THREAD_SORT_INDEX,
} StMetaKind;

typedef struct
{
  guint64    offset;
  StStringId pid;
  StStringId tid;
  StStringId text;
  gint64     number;
  StMetaKind kind;
} StRawMeta;

typedef struct
{
  guint64     count;
  guint64     first_offset;
  char       *detail;
  GHashTable *distinct; /* the profiler's own: its lines in detail, each once */
  guint64     unlisted; /* the profiler's own beyond the lines listed */
} StRawWarning;

typedef struct _StBuilderShard StBuilderShard;

struct _StBuilderShard
{
  StStringTable *strings;
  GHashTable    *track_map;   /* (kind, pid, tid) -> index + 1 */
  GPtrArray     *tracks;      /* StRawTrack */
  GHashTable    *counter_map; /* (pid, name, id) -> index + 1 */
  GPtrArray     *counters;    /* StRawCounter */
  GHashTable    *pids;        /* pids seen, as ids */
  StStringId     last_pid;
  StVec          flows;  /* StRawFlow */
  StVec          asyncs; /* StRawAsync */
  StVec          metas;  /* StRawMeta */
  StTraceCounts  counts;
  StRawWarning   warnings[ST_N_WARNINGS];
  gint64         min_ts;
  gint64         max_ts;
  GString       *scratch;
};

/* The key of a shard's track and counter maps, and of thread names. */
typedef struct
{
  guint      kind;
  StStringId a;
  StStringId b;
  StStringId c;
} StBuilderKey;

guint    st_builder_key_hash (gconstpointer p);
gboolean st_builder_key_equal (gconstpointer p, gconstpointer q);

/* Copies @src's records whole to the end of @dst; returns the first of
 * them there. */
gpointer st_vec_append (StVec *dst, const StVec *src, gsize elem_size);
/* Gives up the vector's memory, shrunk to its length. */
gpointer st_vec_steal (StVec *vec, gsize elem_size);

/* Appends what later shards hold of @t (its parts, in file order), their
 * strings renumbered, and lets their memory go. */
void st_raw_track_take_parts (StRawTrack *t);
/* Records of @t, its parts included. */
gsize st_raw_track_count_records (StRawTrack *t);

StBuilderShard *st_builder_shard_new (void);
void            st_builder_shard_free (StBuilderShard *shard);
guint           st_builder_shard_get_track (StBuilderShard *shard,
                                            StRawTrackKind  kind,
                                            StStringId      pid,
                                            StStringId      tid);
StRawSeries    *st_builder_shard_get_series (StBuilderShard *shard,
                                             StStringId      pid,
                                             StStringId      name,
                                             StStringId      id,
                                             StStringId      series);
void            st_builder_shard_note_pid (StBuilderShard *shard, StStringId pid);
void            st_builder_shard_warn (StBuilderShard *shard,
                                       StWarningKind   kind,
                                       guint64         offset,
                                       const char     *detail_format,
                                       ...) G_GNUC_PRINTF (4, 5);

static inline StRawTrack *
st_builder_shard_track (StBuilderShard *shard, guint index)
{
  return g_ptr_array_index (shard->tracks, index);
}

static inline void
st_builder_shard_note_time (StBuilderShard *shard, gint64 begin, gint64 end)
{
  if (begin < shard->min_ts)
    shard->min_ts = begin;
  if (end > shard->max_ts)
    shard->max_ts = end;
}

/* Adds @src, a warning counted elsewhere (another shard, the layout), to
 * the shard's warnings of @kind. */
void
st_builder_shard_add_warning (StBuilderShard *shard, StWarningKind kind, const StRawWarning *src);
/* Merges @src into @shard, but for its tracks' records, which stay in @src
 * until their tracks are laid out: @src must live until then. Returns the
 * map of @src's string ids to @shard's, which its tracks' parts point to. */
guint32 *st_builder_shard_merge (StBuilderShard *shard, StBuilderShard *src);

G_END_DECLS
