/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-types.h: the plain structs of an imported trace.
 *
 * Hot data is arrays of these, never one object per event. Times are gint64
 * nanoseconds from the trace's first timestamp (the absolute origin is kept
 * apart, see st_trace_get_origin_ns()).
 */
#pragma once

#include <glib.h>

#include "st-string-table.h"

G_BEGIN_DECLS

typedef struct
{
  gint64 begin;
  gint64 end;
} StTimeSpan;

typedef enum
{
  ST_SLICE_DID_NOT_END = 1 << 0, /* a B without its E: runs to the end of the trace */
  ST_SLICE_OVERLAPPING = 1 << 1, /* overlapped a sibling without nesting: in an extra lane */
  ST_SLICE_NO_DURATION = 1 << 2, /* an X event without "dur" */
  ST_SLICE_BEGIN_END = 1 << 3,   /* made from a B/E pair (or b/e, S/F for async slices) */
} StSliceFlags;

/* Where an event's text is. A trace made of several files (one per rank,
 * see st-profile-loader.h) keeps each file's text: the top 8 bits of an
 * StSlice's or StInstant's offset are the index of its file
 * (st_trace_get_file()), the low 56 bits the byte offset of the event
 * object in that file's text. A file opened alone is file 0, so there the
 * offset is the plain byte offset. */
#define ST_OFFSET_FILE_SHIFT 56
#define ST_OFFSET_BYTES_MASK ((G_GUINT64_CONSTANT (1) << ST_OFFSET_FILE_SHIFT) - 1)
#define ST_MAX_FILES         256

static inline guint
st_offset_get_file (guint64 offset)
{
  return (guint)(offset >> ST_OFFSET_FILE_SHIFT);
}

static inline guint64
st_offset_get_bytes (guint64 offset)
{
  return offset & ST_OFFSET_BYTES_MASK;
}

static inline guint64
st_offset_make (guint file, guint64 bytes)
{
  return ((guint64)file << ST_OFFSET_FILE_SHIFT) | (bytes & ST_OFFSET_BYTES_MASK);
}

/* One slice. Within a track, slices are ordered by depth and then by start:
 * the slices of one depth never overlap, so a binary search finds the
 * visible ones. */
typedef struct
{
  gint64     start;
  gint64     dur;
  guint64    offset; /* file index and byte offset of the event object, see ST_OFFSET_FILE_SHIFT */
  StStringId name;
  StStringId cat;
  guint32    depth;
  guint16    flags;
  guint16    args_at; /* bytes from the event object to its "args" object as its importer
                         read it (the last of two), 0 when not noted or beyond 65 535 */
} StSlice;

typedef struct
{
  gint64     ts;
  guint64    offset; /* as StSlice's */
  StStringId name;
  StStringId cat;
  char       phase; /* i I R n T p P, or 's' for an entry of the top-level samples array */
  guint8     reserved[7];
} StInstant;

/* Samples in blocks of ST_COUNTER_BLOCK keep their block's min and max, so
 * a pixel column spanning thousands of samples reads a few blocks. */
#define ST_COUNTER_BLOCK 64

/* What a counter's values count, for writing them. */
typedef enum
{
  ST_COUNTER_UNIT_NONE,
  ST_COUNTER_UNIT_BYTES,
} StCounterUnit;

typedef struct
{
  StStringId    name;
  StCounterUnit unit;
  guint         n_samples;
  gint64       *ts;
  double       *values;
  double        min;
  double        max;
  double       *block_min; /* n_samples / ST_COUNTER_BLOCK + 1 entries */
  double       *block_max;
} StCounterSeries;

/* Level of detail of one row, see st-row-lod.h. */
typedef struct
{
  gint64   gap;
  guint    n;
  gint64  *start;
  gint64  *end;
  guint32 *rep;
  guint32 *name; /* rep's name, so drawing a run needs no trip to the slice */
} StLodLevel;

typedef struct
{
  guint       n_levels;
  StLodLevel *levels;
} StRowLod;

typedef enum
{
  ST_TRACK_SLICES,
  ST_TRACK_INSTANTS,
  ST_TRACK_COUNTER,
  ST_TRACK_ASYNC,
} StTrackKind;

#define ST_NO_PROCESS G_MAXUINT

typedef struct
{
  StTrackKind kind;
  guint       process; /* index of its process, or ST_NO_PROCESS (global instants) */
  StStringId  name;    /* what the timeline shows */
  StStringId  tid;     /* the tid as written, for thread tracks */
  gint64      sort_index;
  gboolean    has_sort_index;

  StSlice  *slices;
  guint     n_slices;
  guint     n_rows;      /* depth rows */
  guint    *row_offsets; /* n_rows + 1: depth d is slices[row_offsets[d], row_offsets[d + 1]) */
  StRowLod *row_lods;    /* n_rows */
  guint     n_lanes;     /* nests of rows: extra lanes hold overlapping events */
  guint    *lane_rows;   /* n_lanes + 1: lane l is rows [lane_rows[l], lane_rows[l + 1]) */

  StInstant *instants; /* by time */
  guint      n_instants;

  StCounterSeries *series;
  guint            n_series;

  guint64 n_events; /* events of the file drawn on this track */
  guint   file;     /* index of the file it comes from (st_trace_get_file ()) */
} StTrack;

/* The slices of a depth row do not overlap, so their ends are sorted as
 * their starts are. In the row slices[lo, hi): the first slice ending at or
 * after @start, and the first starting at or after @end. */
static inline guint
st_row_first_ending (const StSlice *slices, guint lo, guint hi, gint64 start)
{
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (slices[mid].start + slices[mid].dur < start)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static inline guint
st_row_first_starting (const StSlice *slices, guint lo, guint hi, gint64 end)
{
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (slices[mid].start < end)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

typedef struct
{
  StStringId pid;  /* the pid as written (numbers in decimal) */
  StStringId name; /* process_name, or ST_STRING_EMPTY */
  StStringId labels;
  gint64     sort_index;
  gboolean   has_sort_index;
  guint      first_track;
  guint      n_tracks;
  guint      file; /* index of the file it comes from (st_trace_get_file ()) */
} StProcess;

typedef struct
{
  guint32 track;
  guint32 index;
} StSliceRef;

typedef enum
{
  ST_EVENT_SLICE,
  ST_EVENT_INSTANT,
} StEventKind;

/* A slice or an instant of a track: what a person selects or finds. */
typedef struct
{
  guint32     track;
  guint32     index;
  StEventKind kind;
} StEventRef;

typedef struct
{
  StSliceRef from;
  StSliceRef to;
  StStringId name;
  StStringId cat;
} StFlow;

typedef struct
{
  guint64 events; /* entries of the event array(s), M and repeats included */
  guint64 slices;
  guint64 instants;
  guint64 counter_samples;
  guint64 flows;
  guint64 metadata_events; /* M */
  guint64 samples;         /* P events and entries of the top-level "samples" array */
  guint64 other_events;    /* object, memory dump, context, clock sync, mark-less phases */
} StTraceCounts;

typedef enum
{
  ST_WARNING_TRUNCATED,
  ST_WARNING_TRAILING_COMMA,
  ST_WARNING_SYNTAX,
  ST_WARNING_EMPTY_EVENT,
  ST_WARNING_NOT_AN_OBJECT,
  ST_WARNING_MISSING_FIELD,
  ST_WARNING_BAD_NUMBER,
  ST_WARNING_NEGATIVE_DURATION,
  ST_WARNING_MISSING_DURATION,
  ST_WARNING_UNMATCHED_END,
  ST_WARNING_MISMATCHED_END,
  ST_WARNING_UNCLOSED_BEGIN,
  ST_WARNING_OVERLAPPING,
  ST_WARNING_INVALID_UTF8,
  ST_WARNING_CONTROL_CHARACTER,
  ST_WARNING_UNMATCHED_FLOW,
  ST_WARNING_UNBOUND_FLOW,
  ST_WARNING_UNMATCHED_ASYNC,
  ST_WARNING_UNKNOWN_PHASE,
  ST_WARNING_BAD_COUNTER_VALUE,
  ST_WARNING_COMPRESSION,
  ST_WARNING_NO_EVENTS,
  ST_WARNING_PROFILER,          /* the file's own warnings (Neuron "warnings") */
  ST_WARNING_ALIGNMENT,         /* several files could not be aligned as asked */
  ST_WARNING_TOO_DEEP,          /* a hierarchy deeper than Strata follows was folded */
  ST_WARNING_UNKNOWN_REFERENCE, /* a record names an agent, kernel or operation not listed */
  ST_WARNING_WRONG_TYPE,        /* a section of another JSON type than its format gives */
  ST_WARNING_SCHEMA, /* a profile's schema names fields Strata does not know, or lacks some */
  ST_N_WARNINGS
} StWarningKind;

typedef struct
{
  StWarningKind kind;
  guint64       count;
  guint64       first_offset; /* byte offset of the first occurrence (in the inflated text) */
  guint64       first_line;   /* 1-based; 0 when not tied to a place */
  guint64       first_column;
  char         *message; /* a sentence about the first occurrence, with its place */
} StImportWarning;

/* How the files of a profile made of several files share one time axis. */
typedef enum
{
  ST_ALIGN_CLOCK,      /* each file's absolute clock: Kineto baseTimeNanoseconds + ts, or ts */
  ST_ALIGN_COLLECTIVE, /* each file's first collective operation ends at the same time */
} StAlignment;

/* One file of a trace: a file opened alone, or one rank of several files
 * opened as one profile. The trace owns the strings. */
typedef struct
{
  char   *label; /* "rank 0" (Kineto distributedInfo.rank), a device, or the file's base name */
  char   *display_name; /* the file as the loader named it */
  char   *format;
  char   *flavor;
  gint    rank;      /* distributedInfo.rank, or -1 */
  gint64  origin_ns; /* its earliest timestamp as written, in ns */
  gint64  base_ns;   /* Kineto baseTimeNanoseconds, 0 when absent */
  gint64  shift_ns;  /* where the file's time 0 lies in the trace (0 for a file alone) */
  gint64  end_ns;    /* its own duration */
  gint64  anchor_ns; /* its first collective operation's end, own time; -1: none (StAlignment) */
  guint64 file_size;
  guint64 text_size;
  guint   first_process;
  guint   n_processes;
} StTraceFile;

const char *st_warning_kind_to_string (StWarningKind kind);
const char *st_track_kind_to_string (StTrackKind kind);

G_END_DECLS
