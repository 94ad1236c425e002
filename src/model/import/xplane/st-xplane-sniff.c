/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"
#define _GNU_SOURCE

#include "config.h"

#include "st-xplane-importer-private.h"

/* The messages of xplane.proto and their fields, for telling an XSpace by
 * its first bytes (docs/formats-xplane.md, "Recognising the file"). */
typedef enum
{
  MSG_NONE,
  MSG_SPACE,
  MSG_PLANE,
  MSG_LINE,
  MSG_EVENT,
  MSG_STAT,
  MSG_EVENT_META_ENTRY,
  MSG_STAT_META_ENTRY,
  MSG_EVENT_META,
  MSG_STAT_META,
  MSG_STRING, /* a LEN field that holds UTF-8 text */
  MSG_BYTES,  /* a LEN field of any bytes (packed numbers too) */
} Msg;

typedef struct
{
  guint8 number;
  guint8 wire;
  guint8 msg; /* what a LEN field holds */
} FieldRule;

#define V ST_PB_VARINT
#define L ST_PB_LEN

static const struct
{
  Msg       msg;
  FieldRule fields[8];
} schema[] = {
  { MSG_SPACE,
    { { 1, L, MSG_PLANE }, { 2, L, MSG_STRING }, { 3, L, MSG_STRING }, { 4, L, MSG_STRING } } },
  { MSG_PLANE,
    { { 1, V, MSG_NONE },
      { 2, L, MSG_STRING },
      { 3, L, MSG_LINE },
      { 4, L, MSG_EVENT_META_ENTRY },
      { 5, L, MSG_STAT_META_ENTRY },
      { 6, L, MSG_STAT } } },
  { MSG_LINE,
    { { 1, V, MSG_NONE },
      { 2, L, MSG_STRING },
      { 3, V, MSG_NONE },
      { 4, L, MSG_EVENT },
      { 9, V, MSG_NONE },
      { 10, V, MSG_NONE },
      { 11, L, MSG_STRING } } },
  { MSG_EVENT,
    { { 1, V, MSG_NONE },
      { 2, V, MSG_NONE },
      { 3, V, MSG_NONE },
      { 4, L, MSG_STAT },
      { 5, V, MSG_NONE } } },
  { MSG_STAT,
    { { 1, V, MSG_NONE },
      { 2, ST_PB_I64, MSG_NONE },
      { 3, V, MSG_NONE },
      { 4, V, MSG_NONE },
      { 5, L, MSG_STRING },
      { 6, L, MSG_BYTES },
      { 7, V, MSG_NONE } } },
  { MSG_EVENT_META_ENTRY, { { 1, V, MSG_NONE }, { 2, L, MSG_EVENT_META } } },
  { MSG_STAT_META_ENTRY, { { 1, V, MSG_NONE }, { 2, L, MSG_STAT_META } } },
  { MSG_EVENT_META,
    { { 1, V, MSG_NONE },
      { 2, L, MSG_STRING },
      { 3, L, MSG_BYTES },
      { 4, L, MSG_STRING },
      { 5, L, MSG_STAT },
      { 6, V, MSG_NONE },
      { 6, L, MSG_BYTES } } },
  { MSG_STAT_META, { { 1, V, MSG_NONE }, { 2, L, MSG_STRING }, { 3, L, MSG_STRING } } },
};

#undef V
#undef L

static const FieldRule *
rule_of (Msg msg, guint32 number, guint8 wire)
{
  for (guint i = 0; i < G_N_ELEMENTS (schema); i++)
    if (schema[i].msg == msg)
      for (guint k = 0; k < G_N_ELEMENTS (schema[i].fields) && schema[i].fields[k].number; k++)
        if (schema[i].fields[k].number == number && schema[i].fields[k].wire == wire)
          return &schema[i].fields[k];
  return NULL;
}

/* TRUE when the message @msg at [@data, @data + @len) follows the schema
 * as far as the window goes: @clipped says the message runs on past it, so
 * its last field may be cut short. Every field must be one xplane.proto
 * defines, with its wire type. */
static gboolean
valid (Msg msg, const guint8 *data, gsize len, gboolean clipped, guint depth, guint *n_fields)
{
  StPbReader r;
  StPbField  f = { 0 };
  StPbResult res;

  st_pb_reader_init (&r, data, len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    {
      const FieldRule *rule = rule_of (msg, f.number, f.wire);

      if (rule == NULL)
        return FALSE;
      (*n_fields)++;
      if (rule->msg == MSG_STRING && !g_utf8_validate_len ((const char *)f.data, f.len, NULL)
          && !(clipped && r.p == r.end))
        return FALSE;
      if (rule->msg != MSG_NONE && rule->msg < MSG_STRING && depth < 6
          && !valid (rule->msg, f.data, f.len, clipped && r.p == r.end, depth + 1, n_fields))
        return FALSE;
    }
  return res == ST_PB_END || clipped;
}

/* The field at the start of @data, cut at the window: a plane's length may
 * run past it. */
static gboolean
first_plane (const guint8  *data,
             gsize          len,
             const guint8 **plane,
             gsize         *plane_len,
             gboolean      *clipped)
{
  const guint8 *p = data + 1;
  guint64       n;

  if (len < 2 || data[0] != ((1 << 3) | ST_PB_LEN) || !st_pb_read_varint (&p, data + len, &n)
      || n == 0)
    return FALSE;
  *plane = p;
  *clipped = n > (guint64)(data + len - p);
  *plane_len = *clipped ? (gsize)(data + len - p) : n;
  return TRUE;
}

/* Valid UTF-8 (NULs allowed, a character cut at the end too) holding
 * U+FFFD. */
gboolean
st_xplane_has_replacement_text (const guint8 *data, gsize len)
{
  const guint8 *p = data, *end = data + len;

  while (p < end)
    {
      const guint8 *nul = memchr (p, 0, end - p);
      const guint8 *stop = nul ? nul : end;
      const char   *bad = NULL;

      if (!g_utf8_validate_len ((const char *)p, stop - p, &bad)
          && (nul != NULL || (const guint8 *)bad + 4 <= end))
        return FALSE;
      p = stop + 1;
    }
  return memmem (data, len, "\xef\xbf\xbd", 3) != NULL;
}

/* A file is an XSpace when it starts with field 1 (planes, length-delimited)
 * and that plane's fields, and theirs, are xplane.proto's as far as the
 * window shows. JSON starts with “{”, “[” or white space before them, gzip
 * is inflated before this is asked, and other formats fail the first byte
 * or the schema. A file that starts like an XSpace but is valid UTF-8 text
 * with U+FFFD replacement characters is one that was saved as text. */
StXplaneSniff
st_xplane_sniff (const char *data, gsize len)
{
  const guint8 *d = (const guint8 *)data, *plane = NULL, *p = d;
  gsize         plane_len = 0;
  gboolean      clipped = FALSE;
  guint         n_fields = 0;

  /* a plane's field read whole at least: not only a length that runs on */
  if (first_plane (d, len, &plane, &plane_len, &clipped)
      && valid (MSG_PLANE, plane, plane_len, clipped, 1, &n_fields) && n_fields > 0)
    return ST_XPLANE_SNIFF_YES;
  if (len < 2 || d[0] != ((1 << 3) | ST_PB_LEN))
    return ST_XPLANE_SNIFF_NO;
  while (p < d + len && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;
  if (p < d + len && (*p == '{' || *p == '['))
    return ST_XPLANE_SNIFF_NO;
  return st_xplane_has_replacement_text (d, len) ? ST_XPLANE_SNIFF_DAMAGED : ST_XPLANE_SNIFF_NO;
}
