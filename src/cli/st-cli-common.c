/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-common.h"
#include "st-format.h"
#include "st-small-file.h"
#include "st-profile-loader.h"
#include "st-trace-loader.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

StTrace *
st_cli_load_trace (const char *arg, guint n_threads, GError **error)
{
  g_autoptr (GFile)         file = st_file_new_for_arg (arg);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);

  st_trace_loader_set_display_name (loader, arg);
  if (n_threads > 0)
    st_trace_loader_set_n_threads (loader, n_threads);
  return st_trace_loader_load (loader, NULL, error);
}

StTrace *
st_cli_load_profile (char **args, StAlignment alignment, guint n_threads, GError **error)
{
  guint n = g_strv_length (args);

  if (n == 1)
    return st_cli_load_trace (args[0], n_threads, error);
  return st_profile_load_args (args, n, alignment, n_threads, error);
}

gboolean
st_cli_parse_alignment (const char *text, StAlignment *alignment)
{
  return text == NULL || st_alignment_from_string (text, alignment);
}

gboolean
st_cli_parse_range (const char *text, gint64 *start, gint64 *end)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 2);

  return g_strv_length (parts) == 2
         && g_ascii_string_to_signed (parts[0], 10, G_MININT64, G_MAXINT64, start, NULL)
         && g_ascii_string_to_signed (parts[1], 10, G_MININT64, G_MAXINT64, end, NULL)
         && *end > *start;
}

const char *
st_cli_unit_to_string (StMetricUnit unit)
{
  static const char *const names[] = {
    "none", "ns", "percent", "count", "bytes", "bytes_per_second", "flops", "ratio",
  };

  return (guint)unit < G_N_ELEMENTS (names) ? names[unit] : "none";
}

void
st_cli_add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

GOptionEntry
st_cli_align_entry (char **text)
{
  return (GOptionEntry){ "align",
                         0,
                         0,
                         G_OPTION_ARG_FILENAME,
                         text,
                         N_ ("With several FILEs, put them on one time axis by each file’s clock "
                             "(the default) or by their first collective"),
                         N_ ("clock|collective") };
}

void
st_cli_add_int_or_null (JsonBuilder *b, const char *name, gboolean present, gint64 value)
{
  json_builder_set_member_name (b, name);
  if (present)
    json_builder_add_int_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
st_cli_add_double_or_null (JsonBuilder *b, const char *name, gboolean present, double value)
{
  json_builder_set_member_name (b, name);
  if (present)
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
st_cli_add_boolean_or_null (JsonBuilder *b, const char *name, gboolean present, gboolean value)
{
  json_builder_set_member_name (b, name);
  if (present)
    json_builder_add_boolean_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
st_cli_add_strings (JsonBuilder *b, const char *name, GPtrArray *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, i));
  json_builder_end_array (b);
}

void
st_cli_add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

void
st_cli_add_string_or_null (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* JSON as json-glib's pretty generator writes it, two spaces a level, but
 * for its numbers: it writes 1e20 as "1e+20.0", which no parser reads; a
 * double here is its shortest exact form, with ".0" only where it has
 * neither a point nor an exponent.
 *
 * What JSON cannot hold is made so on the way out: a number that is not
 * finite (a metadata value beyond a double's range, 1e400) becomes null,
 * said on stderr with its key (@path); a string or a key that is not UTF-8
 * (a name from a file, a file name) has its invalid bytes replaced with
 * U+FFFD. */
static void write_node (GString *out, JsonNode *node, guint level, GString *path);

static void
write_string (GString *out, const char *text)
{
  g_autofree char *fixed = g_utf8_validate (text, -1, NULL) ? NULL : g_utf8_make_valid (text, -1);

  g_string_append_c (out, '"');
  for (const guchar *c = (const guchar *)(fixed != NULL ? fixed : text); *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_printf (out, "\\%c", *c);
      else if (*c < 0x20)
        g_string_append_printf (out, "\\u%04x", *c);
      else
        g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

static void
write_double (GString *out, double value, GString *path)
{
  char number[ST_FORMAT_DOUBLE_SIZE];

  if (!isfinite (value))
    {
      fprintf (stderr, _ ("strata-cli: warning: %s is not a finite number (%s); written as null\n"),
               path->len > 0 ? path->str : _ ("the value"),
               isnan (value) ? "NaN" : _ ("beyond a double’s range"));
      g_string_append (out, "null");
      return;
    }
  st_format_double (number, value);
  g_string_append (out, number);
  if (strpbrk (number, ".eE") == NULL)
    g_string_append (out, ".0");
}

static void
write_value (GString *out, JsonNode *node, GString *path)
{
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    write_double (out, json_node_get_double (node), path);
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else
    write_string (out, json_node_get_string (node));
}

static void
indent (GString *out, guint level)
{
  for (guint i = 0; i < level; i++)
    g_string_append (out, "  ");
}

static void
write_object (GString *out, JsonObject *object, guint level, GString *path)
{
  g_autoptr (GList) members = json_object_get_members (object);
  gsize             len = path->len;

  if (members == NULL)
    {
      g_string_append (out, "{  }");
      return;
    }
  g_string_append (out, "{\n");
  for (GList *l = members; l != NULL; l = l->next)
    {
      indent (out, level + 1);
      write_string (out, l->data);
      g_string_append (out, " : ");
      g_string_append_printf (path, "%s%s", len > 0 ? "." : "", (const char *)l->data);
      write_node (out, json_object_get_member (object, l->data), level + 1, path);
      g_string_truncate (path, len);
      g_string_append (out, l->next != NULL ? ",\n" : "\n");
    }
  indent (out, level);
  g_string_append_c (out, '}');
}

static void
write_array (GString *out, JsonArray *array, guint level, GString *path)
{
  guint n = json_array_get_length (array);
  gsize len = path->len;

  if (n == 0)
    {
      g_string_append (out, "[]");
      return;
    }
  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    {
      indent (out, level + 1);
      g_string_append_printf (path, "[%u]", i);
      write_node (out, json_array_get_element (array, i), level + 1, path);
      g_string_truncate (path, len);
      g_string_append (out, i + 1 < n ? ",\n" : "\n");
    }
  indent (out, level);
  g_string_append_c (out, ']');
}

static void
write_node (GString *out, JsonNode *node, guint level, GString *path)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT: write_object (out, json_node_get_object (node), level, path); break;
    case JSON_NODE_ARRAY: write_array (out, json_node_get_array (node), level, path); break;
    case JSON_NODE_VALUE: write_value (out, node, path); break;
    case JSON_NODE_NULL: g_string_append (out, "null"); break;
    }
}

void
st_cli_print_json (JsonNode *root)
{
  g_autoptr (GString) path = g_string_new (NULL);
  g_autoptr (GString) text = g_string_new (NULL);

  write_node (text, root, 0, path);
  g_string_append_c (text, '\n');
  fwrite (text->str, 1, text->len, stdout);
}

void
st_cli_json_list_add (StCliJsonList *list, JsonNode *element)
{
  g_autoptr (GString) path = g_string_new (NULL);
  g_autoptr (GString) text = g_string_new (list->n == 0 ? "[\n  " : ",\n  ");

  g_string_append_printf (path, "[%u]", list->n++);
  write_node (text, element, 1, path);
  fwrite (text->str, 1, text->len, stdout);
}

void
st_cli_json_list_end (StCliJsonList *list)
{
  fputs (list->n == 0 ? "[]\n" : "\n]\n", stdout);
}

int
st_cli_usage_error (const char *command, const char *message)
{
  fprintf (stderr, "strata-cli %s: %s\n", command, message);
  return 2;
}

int
st_cli_file_error (const GError *error)
{
  fprintf (stderr, "strata-cli: %s\n", error->message);
  return 1;
}

int
st_cli_check_output (const char *command, const char *output, char *const *inputs)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GFile)     out = NULL;
  g_autoptr (GError)    error = NULL;

  if (output[0] == '\0')
    return st_cli_usage_error (command, _ ("-o takes the name of the file to write, not nothing"));
  out = st_file_new_for_arg (output);
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    g_ptr_array_add (files, st_file_new_for_arg (inputs[i]));
  if (st_small_file_check_output (out, (GFile *const *)files->pdata, files->len, &error))
    return 0;
  return st_cli_usage_error (command, error->message);
}

char *
st_cli_text_arg (const char *raw)
{
  if (g_utf8_validate (raw, -1, NULL))
    return g_strdup (raw);
  return g_locale_to_utf8 (raw, -1, NULL, NULL, NULL);
}

int
st_cli_text_arg_error (const char *command, const char *what, const char *raw)
{
  g_autofree char *shown = g_utf8_make_valid (raw, -1);
  g_autofree char *message = g_strdup_printf (
      _ ("%s “%s” is neither UTF-8 nor text in this locale’s encoding (see LANG and LC_ALL)"), what,
      shown);

  return st_cli_usage_error (command, message);
}

int
st_cli_field_width (const char *text, int width)
{
  return width + (int)(strlen (text) - g_utf8_strlen (text, -1));
}
