/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-rank.h: one file of a profile made of several (a rank) over a range,
 * as a row of the Summary's Ranks table: its device busy share, its
 * communication and the part of it no compute hid, on its own device
 * tracks, and in how many of the collectives matched across the ranks it
 * was the straggler: the last rank to start, 1 µs or more after the first
 * (docs/metrics.md 3.2). The properties are what the table's columns show
 * and sort by; the table words and formats them. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What the summary of a range computes of one rank: its device numbers
 * (device_busy_percent, communication_ns, exposed_communication_ns) on
 * that file's device tracks alone, and how often the file was the
 * straggler of a collective matched across ranks. */
typedef struct
{
  guint       file;                     /* index for st_trace_get_file () */
  const char *label;                    /* "rank 0": the trace's string */
  gboolean    has_device;               /* FALSE: its device numbers are "not in this profile" */
  gint64      device_time_ns;           /* its first device event's start to its last's end */
  gint64      busy_ns;                  /* union of its device events */
  double      device_busy_percent;      /* busy over device time */
  gint64      communication_ns;         /* union of its collective kernels */
  gint64      exposed_communication_ns; /* of that, not overlapped by its compute */
  guint       n_collectives;            /* its collectives in the range (overlapping ones as one) */
  guint       slowest_count;            /* matched collectives it was the straggler of */
  gint64      slowest_total_ns;         /* the sum of how late it was in those */
} StRankUsage;

#define ST_TYPE_RANK (st_rank_get_type ())

G_DECLARE_FINAL_TYPE (StRank, st_rank, ST, RANK, GObject)

/* The rank of @usage, in a range where @matched collectives were matched
 * across the ranks, @no_straggler of them started by every rank within
 * 1 µs of the first (they count for no rank). */
StRank     *st_rank_new (const StRankUsage *usage, guint matched, guint no_straggler);
const char *st_rank_get_label (StRank *self);
/* -1 when the rank has no device events in the range */
double st_rank_get_busy_percent (StRank *self);
guint  st_rank_get_slowest (StRank *self);

G_END_DECLS
