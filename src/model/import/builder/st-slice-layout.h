/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-slice-layout.h: turns the raw slice records of one track into rows.
 *
 * B/E records are matched into slices first. Then every slice gets a depth by
 * containment: a slice that starts inside another and ends inside it nests
 * under it; one that starts inside and ends after it (a partial overlap) goes
 * to an extra lane below, flagged, never dropped. Finally the slices are
 * ordered by depth and then by start, so that each row is a sorted run of
 * non-overlapping slices.
 */
#pragma once

#include "st-trace-types.h"

G_BEGIN_DECLS

typedef struct
{
  guint64    count;
  guint64    first_offset;
  StStringId first_name;
} StLayoutIssue;

typedef struct
{
  StLayoutIssue unmatched_end;  /* an E with nothing open */
  StLayoutIssue mismatched_end; /* an E whose name matches no open slice: closed the top one */
  StLayoutIssue unclosed_begin; /* a B never closed */
  StLayoutIssue overlapping;    /* partial overlaps moved to extra lanes */
} StLayoutIssues;

/* Phases of raw records, kept in StSlice.depth until layout. */
#define ST_RAW_COMPLETE 'X'
#define ST_RAW_BEGIN    'B'
#define ST_RAW_END      'E'

gsize st_slice_match_begin_end (StSlice *slices, gsize n, gint64 trace_end, StLayoutIssues *issues);
guint st_slice_layout (StSlice        *slices,
                       gsize           n,
                       gint64          origin,
                       guint         **row_offsets,
                       guint         **lane_rows,
                       guint          *n_lanes,
                       StLayoutIssues *issues,
                       StSlice        *scratch);
guint *st_slice_order_by_depth (StSlice *slices, gsize n, guint n_rows, StSlice *tmp);
void   st_layout_issue_note (StLayoutIssue *issue, const StSlice *slice);

G_END_DECLS
