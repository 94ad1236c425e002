/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-event-scan.h"
#include "st-json-scan.h"

/* In the object at @p, the value of member @key (p left at the value), or
 * NULL. */
static const char *
find_member (const char *p, const char *end, const char *key)
{
  gsize key_len = strlen (key);

  if (p >= end || *p != '{')
    return NULL;
  p = st_json_skip_ws (p + 1, end);
  while (p < end && *p == '"')
    {
      const char *name = p + 1, *after = st_json_skip_string (p, end, NULL);

      if (after == NULL)
        return NULL;
      p = st_json_skip_ws (after, end);
      if (p >= end || *p != ':')
        return NULL;
      p = st_json_skip_ws (p + 1, end);
      if ((gsize)(after - 1 - name) == key_len && memcmp (name, key, key_len) == 0)
        return p;
      p = st_json_skip_value (p, end);
      if (p == NULL)
        return NULL;
      p = st_json_skip_ws (p, end);
      if (p < end && *p == ',')
        p = st_json_skip_ws (p + 1, end);
    }
  return NULL;
}

/* The object asked for: "args" of a record whose own fields are its args
 * is the record itself (docs/metrics.md 1). */
static const char *
object_of (StTrace *trace, guint64 offset, const char *object)
{
  if (object != NULL && g_str_equal (object, "args") && st_trace_has_own_args (trace, offset))
    return NULL;
  return object;
}

gboolean
st_event_scan_field (StTrace     *trace,
                     guint64      offset,
                     const char  *object,
                     const char  *key,
                     const char **value,
                     gsize       *length)
{
  gsize       size = 0;
  guint64     bytes = 0;
  const char *data = st_trace_get_event_text (trace, offset, &size, &bytes);
  const char *end, *p, *stop;

  if (data == NULL || bytes >= size)
    return FALSE;
  end = data + size;
  p = data + bytes;
  object = object_of (trace, offset, object);
  if (object != NULL && (p = find_member (p, end, object)) == NULL)
    return FALSE;
  if ((p = find_member (p, end, key)) == NULL)
    return FALSE;
  if (*p == '"')
    {
      stop = st_json_skip_string (p, end, NULL);
      if (stop == NULL)
        return FALSE;
      *value = p + 1;
      *length = stop - 1 - (p + 1);
      return TRUE;
    }
  if (*p == '{' || *p == '[')
    return FALSE;
  stop = st_json_skip_scalar (p, end);
  *value = p;
  *length = stop - p;
  return TRUE;
}

gboolean
st_event_scan_raw (StTrace     *trace,
                   guint64      offset,
                   const char  *object,
                   const char  *key,
                   const char **value,
                   gsize       *length)
{
  gsize       size = 0;
  guint64     bytes = 0;
  const char *data = st_trace_get_event_text (trace, offset, &size, &bytes);
  const char *end, *p, *stop;

  if (data == NULL || bytes >= size)
    return FALSE;
  end = data + size;
  p = data + bytes;
  object = object_of (trace, offset, object);
  if (object != NULL && (p = find_member (p, end, object)) == NULL)
    return FALSE;
  if ((p = find_member (p, end, key)) == NULL || (stop = st_json_skip_value (p, end)) == NULL)
    return FALSE;
  *value = p;
  *length = stop - p;
  return TRUE;
}

/* Fills the value of the key @name is; the number of keys it filled. */
static guint
match_keys (const char        *name,
            gsize              name_len,
            const char        *value,
            const char        *value_end,
            const char *const *keys,
            const gsize       *key_lens,
            const char       **values,
            gsize             *lengths)
{
  gboolean quoted = *value == '"';
  guint    filled = 0;

  for (guint k = 0; keys[k] != NULL; k++)
    if (values[k] == NULL && key_lens[k] == name_len && (name_len == 0 || keys[k][0] == name[0])
        && memcmp (keys[k], name, name_len) == 0)
      {
        values[k] = quoted ? value + 1 : value;
        lengths[k] = (value_end - value) - (quoted ? 2 : 0);
        filled++;
      }
  return filled;
}

/* The value at @p skipped: a number or a string without a call. */
static inline const char *
skip_member_value (const char *p, const char *end)
{
  if (p >= end)
    return NULL;
  if (*p == '"')
    return st_json_skip_string (p, end, NULL);
  if (*p != '{' && *p != '[')
    return st_json_skip_scalar (p, end);
  return st_json_skip_value (p, end);
}

/* Each key's length into @lens, and a bit per length (the last bit for 63
 * bytes or more): a member of no key's length is not compared with them. */
static guint64
key_lengths (const char *const *keys, gsize *lens)
{
  guint64 mask = 0;

  for (guint k = 0; keys[k] != NULL; k++)
    {
      lens[k] = strlen (keys[k]);
      mask |= G_GUINT64_CONSTANT (1) << MIN (lens[k], 63);
    }
  return mask;
}

/* The members of the object at @p read into @values. */
static void
scan_members (const char        *p,
              const char        *end,
              const char *const *keys,
              const char       **values,
              gsize             *lengths,
              guint              missing)
{
  guint64 mask;
  gsize  *key_lens;

  if (p >= end || *p != '{')
    return;
  key_lens = g_alloca (MAX (1, missing) * sizeof (gsize));
  mask = key_lengths (keys, key_lens);
  p = st_json_skip_ws (p + 1, end);
  while (p < end && *p == '"')
    {
      const char *name = p + 1, *after = st_json_skip_string (p, end, NULL), *value;

      if (after == NULL)
        return;
      p = st_json_skip_ws (after, end);
      if (p >= end || *p != ':')
        return;
      value = p = st_json_skip_ws (p + 1, end);
      if ((p = skip_member_value (p, end)) == NULL)
        return;
      /* the rest of the object is not read once every key has its value */
      if ((mask >> MIN ((gsize)(after - 1 - name), 63)) & 1)
        missing -= match_keys (name, after - 1 - name, value, p, keys, key_lens, values, lengths);
      if (missing == 0)
        return;
      p = st_json_skip_ws (p, end);
      if (p < end && *p == ',')
        p = st_json_skip_ws (p + 1, end);
    }
}

static guint
clear_values (const char *const *keys, const char **values)
{
  guint n = 0;

  for (; keys[n] != NULL; n++)
    values[n] = NULL;
  return n;
}

void
st_event_scan_fields (StTrace           *trace,
                      guint64            offset,
                      const char        *object,
                      const char *const *keys,
                      const char       **values,
                      gsize             *lengths)
{
  gsize       size = 0;
  guint64     bytes = 0;
  const char *data = st_trace_get_event_text (trace, offset, &size, &bytes);
  const char *end, *p;
  guint       missing = clear_values (keys, values);

  if (data == NULL || bytes >= size)
    return;
  end = data + size;
  p = data + bytes;
  object = object_of (trace, offset, object);
  if (object != NULL && (p = find_member (p, end, object)) == NULL)
    return;
  scan_members (p, end, keys, values, lengths, missing);
}

void
st_event_scan_slice_args (StTrace           *trace,
                          const StSlice     *slice,
                          const char *const *keys,
                          const char       **values,
                          gsize             *lengths)
{
  gsize       size = 0;
  guint64     bytes = 0;
  const char *data = st_trace_get_event_text (trace, slice->offset, &size, &bytes);

  /* where the importer noted it, and it is an object: else the walk */
  if (slice->args_at == 0 || data == NULL || bytes + slice->args_at >= size
      || data[bytes + slice->args_at] != '{' || st_trace_has_own_args (trace, slice->offset))
    {
      st_event_scan_fields (trace, slice->offset, "args", keys, values, lengths);
      return;
    }
  scan_members (data + bytes + slice->args_at, data + size, keys, values, lengths,
                clear_values (keys, values));
}

/* One member of @slice's "args" as st_event_scan_field () reads it (a
 * string without its quotes, a scalar as written, not an object or an
 * array), from where the importer noted the args. */
gboolean
st_event_scan_slice_arg (StTrace       *trace,
                         const StSlice *slice,
                         const char    *key,
                         const char   **value,
                         gsize         *length)
{
  const char *const keys[] = { key, NULL };

  st_event_scan_slice_args (trace, slice, keys, value, length);
  if (*value == NULL)
    return FALSE;
  /* a string's text follows its opening quote; anything else is written
   * after the colon and its spaces */
  return (*value)[-1] == '"' || (**value != '{' && **value != '[');
}

gboolean
st_event_scan_int (StTrace *trace, guint64 offset, const char *object, const char *key, gint64 *out)
{
  const char *value;
  gsize       length;

  return st_event_scan_field (trace, offset, object, key, &value, &length)
         && st_json_parse_int64 (value, value + length, out);
}
