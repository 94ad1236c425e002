/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-collective.h"
#include "st-event-scan.h"
#include "st-json-scan.h"

#include <string.h>

static const struct
{
  StCollectiveType type;
  const char      *id;
  const char      *label;
} collective_types[] = {
  { ST_COLLECTIVE_ALLREDUCE, "allreduce", "AllReduce" },
  { ST_COLLECTIVE_ALLGATHER, "allgather", "AllGather" },
  { ST_COLLECTIVE_REDUCESCATTER, "reducescatter", "ReduceScatter" },
  { ST_COLLECTIVE_ALLTOALL, "alltoall", "AllToAll" },
  { ST_COLLECTIVE_BROADCAST, "broadcast", "Broadcast" },
  { ST_COLLECTIVE_SENDRECV, "sendrecv", "SendRecv" },
  { ST_COLLECTIVE_OTHER, "other", "Collective" },
  { ST_COLLECTIVE_BARRIER, "barrier", "Barrier" },
};

const char *
st_collective_type_to_string (StCollectiveType type)
{
  for (guint i = 0; i < G_N_ELEMENTS (collective_types); i++)
    if (collective_types[i].type == type)
      return collective_types[i].id;
  return NULL;
}

gboolean
st_collective_type_from_string (const char *string, StCollectiveType *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (collective_types); i++)
    if (g_ascii_strcasecmp (collective_types[i].id, string) == 0)
      {
        *out = collective_types[i].type;
        return TRUE;
      }
  return FALSE;
}

const char *
st_collective_type_get_label (StCollectiveType type)
{
  for (guint i = 0; i < G_N_ELEMENTS (collective_types); i++)
    if (collective_types[i].type == type)
      return collective_types[i].label;
  return "Collective";
}

/* Lower case without '_', ' ', ':' or '-', so "all_reduce", "AllReduce"
 * and "all-reduce" read alike. */
static char *
squeeze (const char *name)
{
  char *out = g_malloc (strlen (name) + 1), *q = out;

  for (const char *p = name; *p; p++)
    if (*p != '_' && *p != ' ' && *p != ':' && *p != '-')
      *q++ = g_ascii_tolower (*p);
  *q = '\0';
  return out;
}

StCollectiveType
st_collective_type_for_name (const char *name)
{
  static const struct
  {
    const char      *needle;
    StCollectiveType type;
  } needles[] = {
    { "allreduce", ST_COLLECTIVE_ALLREDUCE },
    { "allgather", ST_COLLECTIVE_ALLGATHER },
    { "reducescatter", ST_COLLECTIVE_REDUCESCATTER },
    { "alltoall", ST_COLLECTIVE_ALLTOALL },
    { "all2all", ST_COLLECTIVE_ALLTOALL },
    { "broadcast", ST_COLLECTIVE_BROADCAST },
    { "bcast", ST_COLLECTIVE_BROADCAST },
    { "sendrecv", ST_COLLECTIVE_SENDRECV },
    { "send", ST_COLLECTIVE_SENDRECV },
    { "recv", ST_COLLECTIVE_SENDRECV },
    { "barrier", ST_COLLECTIVE_BARRIER },
  };
  g_autofree char *squeezed = squeeze (name);

  for (guint i = 0; i < G_N_ELEMENTS (needles); i++)
    if (strstr (squeezed, needles[i].needle) != NULL)
      return needles[i].type;
  return ST_COLLECTIVE_OTHER;
}

char *
st_collective_dup_label (guint types, guint number)
{
  g_autoptr (GString) label = g_string_new (NULL);

  if (types != ST_COLLECTIVE_OTHER)
    types &= ~ST_COLLECTIVE_OTHER;
  for (guint bit = 0; bit < ST_N_COLLECTIVE_TYPES; bit++)
    if (types & (1u << bit))
      {
        if (label->len > 0)
          g_string_append_c (label, '+');
        g_string_append (label, st_collective_type_get_label (1u << bit));
      }
  g_string_append_printf (label, " #%u", number);
  return g_string_free (g_steal_pointer (&label), FALSE);
}

/* The size of a data type, as the args write it (docs/metrics.md 1.6). */
static guint
dtype_size (const char *p, gsize len)
{
  static const struct
  {
    const char *name;
    guint       size;
  } types[] = {
    { "float", 4 },   { "float32", 4 },      { "f32", 4 },
    { "int", 4 },     { "int32", 4 },        { "uint32", 4 },
    { "half", 2 },    { "float16", 2 },      { "f16", 2 },
    { "fp16", 2 },    { "bfloat16", 2 },     { "bf16", 2 },
    { "short", 2 },   { "int16", 2 },        { "double", 8 },
    { "float64", 8 }, { "f64", 8 },          { "long", 8 },
    { "int64", 8 },   { "uint64", 8 },       { "byte", 1 },
    { "char", 1 },    { "int8", 1 },         { "uint8", 1 },
    { "bool", 1 },    { "complexfloat", 8 }, { "complexdouble", 16 },
  };
  g_autofree char *name = g_ascii_strdown (p, len);

  if (g_str_has_prefix (name, "float8"))
    return 1;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (name, types[i].name))
      return types[i].size;
  return 0;
}

guint64
st_collective_read_size_parts (StTrace       *trace,
                               const StSlice *slice,
                               guint64       *elements,
                               guint         *element_bytes)
{
  static const char *const keys[] = { "In msg nelems", "dtype", "bytes", NULL };
  const char              *values[3];
  gsize                    lengths[3];
  gint64                   nelems, bytes;

  *elements = 0;
  *element_bytes = 0;
  st_event_scan_slice_args (trace, slice, keys, values, lengths);
  if (values[0] != NULL && values[1] != NULL
      && st_json_parse_int64 (values[0], values[0] + lengths[0], &nelems) && nelems > 0)
    {
      guint elem = dtype_size (values[1], lengths[1]);

      /* no message is 2^63 bytes or more: such a size is unknown (1.6) */
      if (elem > 0 && (guint64)nelems <= (guint64)G_MAXINT64 / elem)
        {
          *elements = nelems;
          *element_bytes = elem;
          return (guint64)nelems * elem;
        }
    }
  if (values[2] != NULL && st_json_parse_int64 (values[2], values[2] + lengths[2], &bytes)
      && bytes > 0)
    return (guint64)bytes;
  return 0;
}

guint64
st_collective_read_size (StTrace *trace, const StSlice *slice)
{
  guint64 elements;
  guint   element_bytes;

  return st_collective_read_size_parts (trace, slice, &elements, &element_bytes);
}

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

/* The product of the numbers of the list at @p ("[2557440, 4]"), which
 * must be the first entry of the list Input Dims is. */
static gboolean
first_dims (const char *p, const char *end, guint64 *elements)
{
  guint n = 0;

  p = skip_space (p, end);
  if (p == end || *p++ != '[')
    return FALSE;
  p = skip_space (p, end);
  if (p == end || *p++ != '[')
    return FALSE;
  *elements = 1;
  for (;;)
    {
      const char *start = p = skip_space (p, end);
      gint64      dim;

      while (p < end && (g_ascii_isdigit (*p) || *p == '-'))
        p++;
      if (p == start || !st_json_parse_int64 (start, p, &dim) || dim < 0
          || (dim > 0 && *elements > G_MAXUINT64 / (guint64)dim))
        return FALSE;
      *elements *= (guint64)dim;
      n++;
      p = skip_space (p, end);
      if (p < end && *p == ',')
        p++;
      else
        return p < end && *p == ']' && n > 0;
    }
}

gboolean
st_collective_read_first_input (StTrace       *trace,
                                const StSlice *slice,
                                guint64       *elements,
                                const char   **type,
                                gsize         *type_length)
{
  const char *dims, *types, *p, *end;
  gsize       dims_length, types_length;

  if (!st_event_scan_raw (trace, slice->offset, "args", "Input Dims", &dims, &dims_length)
      || !first_dims (dims, dims + dims_length, elements)
      || !st_event_scan_raw (trace, slice->offset, "args", "Input type", &types, &types_length))
    return FALSE;
  end = types + types_length;
  p = skip_space (types, end);
  if (p == end || *p++ != '[')
    return FALSE;
  p = skip_space (p, end);
  if (p == end || *p++ != '"')
    return FALSE;
  *type = p;
  while (p < end && *p != '"')
    p++;
  *type_length = (gsize)(p - *type);
  return p<end && * type_length> 0;
}

char *
st_collective_format_bytes (guint64 bytes)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
  guint                    u = 0;
  double                   v = bytes;

  while (v >= 1024 && u + 1 < G_N_ELEMENTS (units))
    {
      v /= 1024;
      u++;
    }
  if (v == (double)(guint64)v)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " %s", (guint64)v, units[u]);
  return g_strdup_printf ("%.1f %s", v, units[u]);
}
