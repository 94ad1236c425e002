/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-xplane-importer-private.h: the parts of the xplane importer, and the
 * state they share.
 *
 * st-xplane-importer.c walks the XSpace as the file arrives and reads each
 * plane's metadata; st-xplane-events.c reads its lines and events into
 * builder records; st-xplane-args.c writes the stats as the JSON text the
 * trace keeps; st-xplane-sniff.c tells an XSpace by its first bytes.
 */
#pragma once

#include "st-pb-wire.h"
#include "st-xplane-importer.h"

G_BEGIN_DECLS

/* A map from a metadata id (any int64) to an index, open addressing. */
typedef struct
{
  gint64  *keys;
  guint32 *values; /* index + 1; 0 is a free slot */
  guint    size;   /* a power of two */
  guint    n;
} IdMap;

void    st_xplane_id_map_clear (IdMap *map);
void    st_xplane_id_map_insert (IdMap *map, gint64 key, guint32 index);
guint32 st_xplane_id_map_lookup (const IdMap *map, gint64 key); /* index + 1, 0: none */

/* Text written by appending, for the args: GString's appends are calls. */
typedef struct
{
  char *data;
  gsize len;
  gsize cap;
} Text;

void st_xplane_text_grow (Text *text, gsize more);

static inline void
st_xplane_text_append (Text *text, const char *str, gsize len)
{
  if (G_UNLIKELY (text->cap - text->len < len))
    st_xplane_text_grow (text, len);
  memcpy (text->data + text->len, str, len);
  text->len += len;
}

#define st_xplane_text_literal(text, lit) st_xplane_text_append ((text), (lit), sizeof (lit) - 1)

typedef struct
{
  const guint8 *name;
  gsize         name_len;
  guint32       key; /* where "name": starts in Importer.keys */
  guint32       key_len;
} StatMeta;

enum
{
  META_COPY = 1 << 0, /* its stats say memcpy_details */
  META_SET = 1 << 1,  /* memset_details */
};

typedef struct
{
  const guint8 *msg; /* the XEventMetadata message */
  gsize         msg_len;
  StStringId    name; /* ST_STRING_NONE until an event uses it */
  guint8        flags;
  gboolean      has_stats;
  guint64       text; /* where its args object is in the text, + 1; 0: not written yet */
  guint32       text_len;
  guint32       ids;   /* its stats' ids: Importer.meta_ids[ids, ids + n_ids) */
  guint32       n_ids; /* G_MAXUINT32: more than are kept */
} EventMeta;

typedef enum
{
  PLANE_HOST,
  PLANE_GPU,
  PLANE_TPU,
  PLANE_OTHER, /* /device:CUSTOM:…, Task Environment: neither host nor accelerator */
} PlaneKind;

/* Stats the importer itself reads, by name; -1 where the plane lacks one. */
enum
{
  STAT_CORRELATION,
  STAT_MEMCPY,
  STAT_MEMSET,
  STAT_PRODUCER,
  STAT_CONSUMER,
  STAT_PRODUCER_TYPE,
  STAT_CONSUMER_TYPE,
  N_KNOWN_STATS
};

typedef struct
{
  const guint8 *msg; /* the XPlane message */
  gsize         len;
  guint         index;
  PlaneKind     kind;
  gint64        device; /* N of /device:GPU:N, or -1 */
  StStringId    pid;
  const guint8 *name;
  gsize         name_len;
  GArray       *stat_meta;  /* StatMeta */
  IdMap         stat_ids;   /* id -> index into stat_meta */
  GArray       *event_meta; /* EventMeta */
  IdMap         event_ids;
  gint64        known[N_KNOWN_STATS];
  guint         n_events;
  gboolean      opened; /* its process is named */
} Plane;

typedef struct
{
  StBuilderShard  *shard;
  StSource        *source;
  const guint8    *data;
  gsize            avail;
  gboolean         complete;
  GCancellable    *cancellable;
  StImportProgress progress;
  gpointer         progress_data;
  guint64          events;
  guint64          skipped;
  Plane            plane;
  Text             keys;     /* every stat name as a JSON key, "name": */
  Text             text;     /* the args text the trace keeps */
  guint64          no_args;  /* where "{}" is in the text */
  GArray          *meta_ids; /* gint64: the stat ids of each event metadata written */
  Text             planes;   /* the "planes" metadata: each plane's name and stats */
  Text             hostnames;
  const guint8    *error_at; /* where the bytes are damaged, or NULL */
  const char      *error_what;
  gboolean         truncated;
  StStringId       cat_kernel;
  StStringId       cat_memcpy;
  StStringId       cat_memset;
  StStringId       cat_launch;
  StStringId       cat_python;
  StStringId       cat_host;
  StStringId       cat_flow;
  StStringId       flow_launch;
  StStringId       flow_producer;
} Importer;

static inline guint64
st_xplane_offset_of (Importer *im, const guint8 *at)
{
  return (guint64)(at - im->data);
}

/* Marks the bytes at @at as damaged, with what was wrong; FALSE. */
gboolean st_xplane_damaged (Importer *im, const guint8 *at, const char *what);

/* st-xplane-events.c */
StStringId st_xplane_intern (Importer *im, const guint8 *str, gsize len);
gboolean   st_xplane_read_lines (Importer *im);

/* st-xplane-args.c: an event's args object is written as its stats are
 * read (begin, stat…, end); what its metadata adds is written once per
 * metadata and copied. */
void    st_xplane_args_init (Importer *im);
void    st_xplane_args_clear (Importer *im);
void    st_xplane_args_add_stat_meta (Importer *im, StatMeta *meta);
guint64 st_xplane_args_of_meta (Importer *im, EventMeta *meta);
void
st_xplane_args_stat (Importer *im, gint64 id, const StPbField *value, gint64 *ids, guint *n_ids);
guint64
     st_xplane_args_end (Importer *im, guint64 at, EventMeta *meta, const gint64 *ids, guint n_ids);
void st_xplane_args_add_plane (Importer *im);
gboolean st_xplane_args_commit (Importer *im, StTraceBuilder *builder);
void     st_xplane_append_json_string (Text *out, const guint8 *str, gsize len);
gboolean st_xplane_stat_value_ok (const StPbField *f);

/* st-xplane-sniff.c */
gboolean st_xplane_has_replacement_text (const guint8 *data, gsize len);

G_END_DECLS
