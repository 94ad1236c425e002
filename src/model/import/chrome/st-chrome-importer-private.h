/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chrome-importer-private.h: the parts of the Chrome importer, and the
 * state of one shard's parser that they share.
 *
 * st-chrome-parse.c reads the text: the top-level value and its members,
 * the event arrays, the hot keys of each event. st-chrome-phases.c turns an
 * event into builder records by its phase, st-chrome-memory.c a PyTorch
 * "[memory]" instant into memory counter samples. st-chrome-importer.c splits a
 * mapped file into shards read on their own threads, reads a spooled one
 * behind its inflater and splits the rest once it is complete, and
 * concludes.
 */
#pragma once

#include "st-chrome-importer.h"
#include "st-json-reader.h"

G_BEGIN_DECLS

/* Progress is reported, and cancellation checked, every this many events. */
#define CHECK_EVERY 4096

/* The keys of an event that the importer reads. */
enum
{
  K_PH,
  K_TS,
  K_DUR,
  K_PID,
  K_TID,
  K_NAME,
  K_CAT,
  K_ID,
  K_ID2,
  K_SCOPE,
  K_BP,
  K_S,
  K_BIND_ID,
  K_FLOW_IN,
  K_FLOW_OUT,
  K_ARGS,
  K_ENTRIES,
  K_EVENT_STATS,
  K_N
};

#define HAS(ev, k) (((ev)->present >> (k)) & 1u)

typedef StJsonTok Tok;

/* The times the tokenizer read as it scanned them (see read_value). */
enum
{
  TIMED_TS = 1 << 0,
  TIMED_DUR = 1 << 1,
};

typedef struct
{
  const char *start;
  guint32     present;
  guint       n_keys;
  guint       timed; /* TIMED_*: ts_ns, dur_ns hold their tokens' times */
  gint64      ts_ns;
  gint64      dur_ns;
  Tok         tok[K_N];
} Ev;

typedef enum
{
  STATE_TOP,
  STATE_KEYS,
  STATE_ARRAY,
  STATE_DONE,
} State;

typedef enum
{
  RESULT_OK = ST_JSON_READ_OK,
  RESULT_NEED_MORE = ST_JSON_READ_NEED_MORE,
  RESULT_ERROR = ST_JSON_READ_ERROR,
  RESULT_STOPPED = ST_JSON_READ_N, /* reached the next shard's start exactly */
  RESULT_PAUSED,                   /* entered the event array; the caller may split the rest */
} Result;

typedef struct _Progress Progress;

/* Where the first shard waits for the others: each signals as it finishes. */
typedef struct
{
  GMutex lock;
  GCond  cond;
} Rendezvous;

/* Names repeat from event to event: the id of a string as written, found
 * by its length and three of its bytes before the string table hashes it
 * whole. The text stays where it is while it is read. */
#define NAME_CACHE_SIZE 1024

typedef struct
{
  const char *p;
  gsize       len; /* 0: empty */
  StStringId  id;
} NameCache;

/* The memory counter track of the last "[memory]" event's device. */
typedef struct
{
  gboolean   valid;
  gint64     type;
  gint64     id;
  StStringId pid;
  StStringId name;
  StStringId series[3]; /* "Reserved", "Allocated", "Allocated change", once interned */
} MemoryCache;

typedef struct
{
  StBuilderShard *shard;
  StJsonReader    json; /* its metadata goes to the builder if this shard counts */
  const char     *stop_at;
  State           state;
  gboolean        object_form;
  gboolean        samples_mode;
  gboolean        array_first;
  gboolean        after_comma;
  gboolean        saw_events;
  gboolean        pause_on_events;
  gboolean        cancelled;
  gboolean        compact_counters;
  guint64         n_handled;
  guint64         not_objects;
  Tok             last_pid;
  Tok             last_tid;
  guint           last_track;
  gboolean        have_last;
  GString        *key; /* scratch for async and flow keys */
  GCancellable   *cancellable;
  const char     *first_p;    /* where this shard started */
  gsize           pos;        /* offset reached, for progress (atomic) */
  gint            finished;   /* atomic, for worker shards */
  Rendezvous     *rendezvous; /* worker shards: told when finished */
  Result          result;
  GThread        *thread;
  Progress       *progress; /* the first shard reports for all */
  GArray         *peers;    /* the other shards, for the first one */
  NameCache       names[NAME_CACHE_SIZE];
  MemoryCache     memory;
} Parser;

static inline gsize
tok_len (const Tok *t)
{
  return t->e - t->p;
}

static inline gboolean
tok_is (const Tok *t, const char *text)
{
  gsize n = strlen (text);
  return tok_len (t) == n && memcmp (t->p, text, n) == 0;
}

static inline gboolean
tok_equal (const Tok *a, const Tok *b)
{
  return a->type == b->type && tok_len (a) == tok_len (b) && memcmp (a->p, b->p, tok_len (a)) == 0;
}

static inline guint64
offset_of (Parser *ps, const char *at)
{
  return st_json_reader_offset (&ps->json, at);
}

/* st-chrome-parse.c */
Result      st_chrome_parse_run (Parser *ps);
void        st_chrome_warn_truncated (Parser *ps);
void        st_chrome_set_not_a_trace (Parser *first, StSource *source, GError **error);
const char *st_chrome_guess_flavor (Parser *first, Parser *last);

/* st-chrome-phases.c */
void st_chrome_handle_event (Parser *ps, const Ev *ev);

/* st-chrome-memory.c: a "[memory]" instant of @pid at @ts as samples of its
 * device's memory counter. */
void st_chrome_memory_event (Parser *ps, const Ev *ev, StStringId pid, gint64 ts);

/* st-chrome-importer.c */
void st_chrome_report_shards (Parser *first);

G_END_DECLS
