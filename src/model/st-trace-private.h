/* st-trace-private.h: the fields of StTrace, filled by StTraceBuilder. */
#pragma once

#include "st-source.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char   *key;    /* in a trace of several files, "LABEL/KEY" */
  guint64 offset;
  guint64 length;
  guint   file;   /* whose text holds it */
} StMetadataSpan;

struct _StTrace
{
  GObject          parent_instance;

  StSource        *source;        /* sources[0] */
  GPtrArray       *sources;       /* StSource, one per file */
  StTraceFile     *files;         /* n_files */
  guint            n_files;
  StAlignment      alignment;
  char            *display_name;  /* NULL: the source's */
  char            *format;
  char            *flavor;
  guint64          text_size;
  StStringTable   *strings;

  StProcess       *processes;
  guint            n_processes;
  StTrack         *tracks;
  guint            n_tracks;
  StFlow          *flows;
  gsize            n_flows;

  gint64           origin_ns;
  gint64           end_ns;
  StTraceCounts    counts;

  StImportWarning *warnings;
  guint            n_warnings;

  GPtrArray       *metadata;      /* StMetadataSpan */
  char           **metadata_keys;

  gsize            flow_index;    /* StFlowIndex *, made on first use */
};

typedef struct _StFlowIndex StFlowIndex;

void st_flow_index_free (StFlowIndex *index);

StTrace *st_trace_new_internal (void);
void     st_trace_init_file    (StTrace *self);
void     st_trace_file_clear   (StTraceFile *file);
void     st_metadata_span_free (gpointer span);
void     st_track_clear        (StTrack *track);

/* The text of the file holding the event at @offset (an StSlice's or
 * StInstant's offset), its size, and the event's byte offset in it; NULL
 * when the offset names no file of the trace. */
static inline const char *
st_trace_locate (StTrace *self,
                 guint64  offset,
                 gsize   *size,
                 guint64 *bytes)
{
  guint file = st_offset_get_file (offset);
  StSource *source;

  if (file >= self->sources->len)
    return NULL;
  source = g_ptr_array_index (self->sources, file);
  *size = st_source_get_size (source);
  *bytes = st_offset_get_bytes (offset);
  return st_source_get_data (source);
}

G_END_DECLS
