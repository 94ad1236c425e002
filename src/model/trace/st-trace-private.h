/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-private.h: the fields of StTrace, filled by StTraceBuilder. */
#pragma once

#include "st-source.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char   *key; /* in a trace of several files, "LABEL/KEY" */
  guint64 offset;
  guint64 length;
  guint   file; /* whose text holds it */
} StMetadataSpan;

struct _StTrace
{
  GObject parent_instance;

  StSource      *source;  /* sources[0] */
  GPtrArray     *sources; /* StSource, one per file */
  StTraceFile   *files;   /* n_files */
  guint          n_files;
  StAlignment    alignment;
  char          *display_name; /* NULL: the source's */
  char          *format;
  char          *flavor;
  guint64        text_size;
  StStringTable *strings;

  StProcess *processes;
  guint      n_processes;
  StTrack   *tracks;
  guint      n_tracks;
  StFlow    *flows;
  gsize      n_flows;

  gint64        origin_ns;
  gint64        end_ns;
  StTraceCounts counts;

  StImportWarning *warnings;
  guint            n_warnings;

  GPtrArray  *metadata; /* StMetadataSpan */
  char      **metadata_keys;
  GHashTable *metadata_index; /* key → StMetadataSpan: st_trace_index_metadata () */

  GMutex      data_lock;
  GCond       data_made; /* a data was made, or its maker gave up */
  GHashTable *data;      /* key → StTraceData: made on first use */
};

StTrace *st_trace_new_internal (void);
void     st_trace_init_file (StTrace *self);
void     st_trace_file_clear (StTraceFile *file);
void     st_metadata_span_free (gpointer span);
/* Makes metadata_keys and metadata_index from metadata, once it is filled
 * (a file of 200 000 top-level keys is looked up key by key); a key given
 * twice keeps its last value, in its last place. */
void st_trace_index_metadata (StTrace *self);
void st_track_clear (StTrack *track);

G_END_DECLS
