/* st-trace-private.h: the fields of StTrace, filled by StTraceBuilder. */
#pragma once

#include "st-source.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char   *key;
  guint64 offset;
  guint64 length;
} StMetadataSpan;

struct _StTrace
{
  GObject          parent_instance;

  StSource        *source;
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
void     st_metadata_span_free (gpointer span);
void     st_track_clear        (StTrack *track);

G_END_DECLS
