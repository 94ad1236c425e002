/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlighter-config.h: what the Region Highlighter looks for, one method
 * at a time. The same JSON file drives the Annotations panel and
 * `strata-cli regions --config`:
 *
 *   {"version": 1, "method": "collectives", "tracks": "*GPU*", "match": "nccl*",
 *    "types": ["allreduce", "allgather"], "min_gap_ns": 1000, "include_edges": true}
 *   {"version": 1, "method": "collectives", "bursts": false}
 *   {"version": 1, "method": "hierarchy", "match": "ProfilerStep#*", "project": "device"}
 *   {"version": 1, "method": "hierarchy", "depth": 1}
 *   {"version": 1, "method": "stack", "frame": "*mlp*", "merge_gap_ns": 0}
 *
 * Keys that do not apply to the method are refused, so a typo never passes
 * silently.
 */
#pragma once

#include <gio/gio.h>

#include "st-collective.h"
#include "st-region.h"

G_BEGIN_DECLS

typedef enum
{
  ST_PROJECT_AUTO, /* device when the profile has launch flows or correlation ids */
  ST_PROJECT_HOST,
  ST_PROJECT_DEVICE,
} StProjection;

typedef struct
{
  StRegionMethod method;          /* COLLECTIVES, HIERARCHY or STACK */
  char          *tracks;          /* glob on "process/track"; NULL: all */
  char          *match;           /* collectives: event names; hierarchy: scope names */
  guint          types;           /* collectives: StCollectiveType mask; 0: all */
  gint64         min_gap_ns;      /* collectives; 0: none given */
  gboolean       bursts;          /* collectives: merge bursts (unless min_gap_ns); default TRUE */
  gboolean       include_edges;   /* collectives */
  int            depth;           /* hierarchy: a level of the scope tree, or -1 */
  StProjection   project;         /* hierarchy */
  char          *frame;           /* stack: glob on frame names; NULL: innermost; "kernel" */
  gint64         merge_gap_ns;    /* stack */
  gint64         min_duration_ns; /* every method */
} StHighlighterConfig;

StHighlighterConfig *st_highlighter_config_new (StRegionMethod method);
StHighlighterConfig *st_highlighter_config_copy (const StHighlighterConfig *self);
void                 st_highlighter_config_free (StHighlighterConfig *self);
gboolean             st_highlighter_config_is_default (const StHighlighterConfig *self);

StHighlighterConfig *st_highlighter_config_parse (const char *data,
                                                  gssize      length,
                                                  const char *display_name,
                                                  GError    **error);
StHighlighterConfig *st_highlighter_config_load (GFile *file, GError **error);
char                *st_highlighter_config_to_json (const StHighlighterConfig *self);
/* Atomic, like region files. */
gboolean st_highlighter_config_save (const StHighlighterConfig *self, GFile *file, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StHighlighterConfig, st_highlighter_config_free)

G_END_DECLS
