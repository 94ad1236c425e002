/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlighter-private.h: what the three region methods share while they
 * run: the trace, its classification, the chosen tracks, and the spans they
 * find. */
#pragma once

#include "st-device-work.h"
#include "st-highlighter.h"
#include "st-launch-index.h"

G_BEGIN_DECLS

/* A span's name: a string of the trace, or with this bit an index into
 * the names the job made up. */
#define ST_HIGHLIGHT_MADE_NAME 0x80000000u

typedef struct
{
  gint64  start;
  gint64  end;
  guint32 name;
} StHighlightSpan;

typedef struct
{
  StTrace                   *trace;
  const StHighlighterConfig *config;
  StDeviceWork              *work;     /* the trace's */
  StEventClassifier         *classes;  /* the device work's */
  GPatternSpec              *tracks;   /* NULL: every track */
  guint8                    *selected; /* per track: 0xff unknown, else TRUE/FALSE */
  GCancellable              *cancellable;
  StHighlighterProgress      progress;
  gpointer                   progress_data;
  GArray                    *spans; /* StHighlightSpan */
  GPtrArray                 *parts; /* more spans (GArray each) after them, from other threads */
  GStringChunk              *made_chunk; /* the names made up, each once */
  GHashTable                *made_ids;   /* name (in made_chunk) → index + 1 in made */
  GPtrArray                 *made;
  char                      *explanation;
} StHighlightJob;

gboolean       st_highlight_job_track_selected (StHighlightJob *job, guint track);
StLaunchIndex *st_highlight_job_get_launches (StHighlightJob *job);
/* The span name of a name made up (not a string of the trace). */
guint32 st_highlight_job_make_name (StHighlightJob *job, const char *name);
void    st_highlight_job_add (StHighlightJob *job, gint64 start, gint64 end, const char *name);
/* Adds @spans (transfer full) after the spans added so far. */
void  st_highlight_job_add_part (StHighlightJob *job, GArray *spans);
guint st_highlight_job_count_spans (StHighlightJob *job);
void  st_highlight_job_add_named (StHighlightJob *job, gint64 start, gint64 end, StStringId name);
void  st_highlight_job_explain (StHighlightJob *job, const char *format, ...) G_GNUC_PRINTF (2, 3);
void  st_highlight_job_report (StHighlightJob *job, double fraction);
gboolean st_highlight_job_cancelled (StHighlightJob *job);
/* A per-name cache of a glob's answer: 0xff unknown, else TRUE/FALSE. */
gboolean st_highlight_name_matches (StHighlightJob *job,
                                    GPatternSpec   *pattern,
                                    guint8         *cache,
                                    StStringId      name);

void st_highlight_collectives (StHighlightJob *job);
void st_highlight_hierarchy (StHighlightJob *job);
void st_highlight_stack (StHighlightJob *job);

G_END_DECLS
