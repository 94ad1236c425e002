/* st-trace-builder.h: what importers fill, and what turns it into an StTrace.
 *
 * An importer parses on one or more threads; each thread owns a shard (its own
 * string table, tracks and raw records, no locks). st_trace_builder_finish()
 * merges the shards in file order and does the format-independent work:
 * matching B/E, nesting and lanes, async slices, flows, processes and their
 * order, the time origin, warnings with their places.
 *
 * During import, times are absolute nanoseconds as written in the file.
 */
#pragma once

#include <gio/gio.h>

#include "st-source.h"
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

typedef struct _StTraceBuilder StTraceBuilder;

typedef void (*StBuilderProgress) (double fraction, gpointer user_data);
/* An importer's progress over its file, in [0, 1]. */
typedef void (*StImportProgress) (double fraction, gpointer user_data);

StTraceBuilder *st_trace_builder_new (StSource *source, const char *format);
void            st_trace_builder_free (StTraceBuilder *self);
StBuilderShard *st_trace_builder_add_shard (StTraceBuilder *self);
void            st_trace_builder_drop_shard (StTraceBuilder *self, StBuilderShard *shard);
void            st_trace_builder_set_flavor (StTraceBuilder *self, const char *flavor);
void            st_trace_builder_add_metadata (StTraceBuilder *self,
                                               const char     *key,
                                               guint64         offset,
                                               guint64         length);
void            st_trace_builder_set_event_text (StTraceBuilder *self, StSource *text);
void            st_trace_builder_set_text_size (StTraceBuilder *self, guint64 size);
StTrace        *st_trace_builder_finish (StTraceBuilder   *self,
                                         GCancellable     *cancellable,
                                         StBuilderProgress progress,
                                         gpointer          progress_data,
                                         GError          **error);

guint        st_builder_shard_get_track (StBuilderShard *shard,
                                         StRawTrackKind  kind,
                                         StStringId      pid,
                                         StStringId      tid);
StRawSeries *st_builder_shard_get_series (StBuilderShard *shard,
                                          StStringId      pid,
                                          StStringId      name,
                                          StStringId      id,
                                          StStringId      series);
void         st_builder_shard_note_pid (StBuilderShard *shard, StStringId pid);
void         st_builder_shard_warn (StBuilderShard *shard,
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

G_END_DECLS
