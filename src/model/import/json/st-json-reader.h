/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-json-reader.h: what the JSON importers share: the text they read,
 * where they are in it and why they stopped, and the walk through a
 * top-level object.
 *
 * A profile whose top level is an object (Chrome's object form, Neuron's
 * device profile) is read member by member: the importer streams the
 * values it knows (its event or row arrays), and every other value is kept
 * whole as a metadata span, parsed when someone asks for it. The walk can
 * stop anywhere and go on: a member cut by the end of the text there so far
 * is read again from its start once more has come.
 */
#pragma once

#include "st-json-scan.h"
#include "st-trace-builder.h"

G_BEGIN_DECLS

/* What reading did; an importer numbers its own results from
 * ST_JSON_READ_N on. */
typedef enum
{
  ST_JSON_READ_OK,
  ST_JSON_READ_NEED_MORE, /* the text ends inside a value: more may come */
  ST_JSON_READ_ERROR,     /* error_at and error_msg say where and what */
  ST_JSON_READ_END,       /* the top-level object's closing brace was read */
  ST_JSON_READ_KEEP,      /* from a member function: keep the value whole */
  ST_JSON_READ_N,
} StJsonRead;

typedef struct
{
  const char *base;           /* the text: offsets count from here */
  const char *end;            /* the end of the text there so far */
  const char *p;              /* where reading goes on */
  const char *member;         /* the top-level member a walk stopped in, else NULL */
  const char *error_at;       /* where reading failed */
  const char *error_msg;      /* and why, untranslated: N_ () */
  GPtrArray  *metadata;       /* StMetadataSpan: the top-level values kept whole */
  gboolean    need_sep;       /* a top-level member was read: ',' or '}' is next */
  gboolean    trailing_comma; /* a ',' may stand before the closing '}' */
} StJsonReader;

/* Called with the key of each top-level member, as written (@key_len bytes,
 * escapes unread), and the first byte of its value. Returns
 * ST_JSON_READ_KEEP to keep the value as a metadata span; else it has read
 * the value (or begun to: reader->p is where it stopped), and what it
 * returns is the walk's result. */
typedef int (*StJsonMemberFunc) (StJsonReader *reader,
                                 const char   *key,
                                 gsize         key_len,
                                 const char   *value,
                                 gpointer      data);

void     st_json_reader_init (StJsonReader *self, const char *base, const char *end, const char *p);
void     st_json_reader_clear (StJsonReader *self);
void     st_json_reader_scan_failed (StJsonReader      *self,
                                     StJsonScan         scan,
                                     const char        *at,
                                     const char *const *colon_at);
int      st_json_reader_next_member (StJsonReader *self, StJsonMemberFunc func, gpointer data);
gboolean st_json_reader_has_key (const StJsonReader *self, const char *key);
void     st_json_reader_commit (StJsonReader *self, StTraceBuilder *builder);
void     st_json_reader_set_error (const StJsonReader *self,
                                   StSource           *source,
                                   gint                code,
                                   const char         *at,
                                   const char         *message,
                                   GError            **error);

static inline guint64
st_json_reader_offset (const StJsonReader *self, const char *at)
{
  return (guint64)(at - self->base);
}

/* Stops reading at @at for @message (untranslated). */
static inline int
st_json_reader_fail (StJsonReader *self, const char *at, const char *message)
{
  self->error_at = at;
  self->error_msg = message;
  return ST_JSON_READ_ERROR;
}

/* One value at @p (not white space); *out is after it. */
static inline int
st_json_reader_value (StJsonReader *self, const char *p, StJsonTok *tok, const char **out)
{
  StJsonScan scan = st_json_scan_value (p, self->end, tok, out);

  if (G_LIKELY (scan == ST_JSON_SCAN_OK))
    return ST_JSON_READ_OK;
  if (scan == ST_JSON_SCAN_NEED_MORE)
    return ST_JSON_READ_NEED_MORE;
  st_json_reader_scan_failed (self, scan, p, NULL);
  return ST_JSON_READ_ERROR;
}

/* A key at @p and its colon: *key_end is the closing quote, *flags its
 * StJsonStringFlags, *out the value. */
static inline int
st_json_reader_key (StJsonReader *self,
                    const char   *p,
                    const char  **key_end,
                    guint        *flags,
                    const char  **out)
{
  StJsonScan scan = st_json_scan_key (p, self->end, key_end, flags, out);

  if (G_LIKELY (scan == ST_JSON_SCAN_OK))
    return ST_JSON_READ_OK;
  if (scan == ST_JSON_SCAN_NEED_MORE)
    return ST_JSON_READ_NEED_MORE;
  st_json_reader_scan_failed (self, scan, p, out);
  return ST_JSON_READ_ERROR;
}

G_END_DECLS
