#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-common.h"
#include "st-small-file.h"
#include "st-profile-loader.h"
#include "st-trace-loader.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

StTrace *
st_cli_load_trace (const char *arg, guint n_threads, GError **error)
{
  g_autoptr (GFile)         file = g_file_new_for_commandline_arg (arg);
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

/* What JSON cannot hold, made so on the way out, in a copy (what a parser
 * made is sealed): a number that is not finite (a metadata value beyond a
 * double's range, 1e400) becomes null, said on stderr with its key; a
 * string or a key that is not UTF-8 (a name from a file, a file name) has
 * its invalid bytes replaced with U+FFFD. */
static JsonNode *sanitized (JsonNode *node, GString *path);

static char *
make_valid (const char *text)
{
  return g_utf8_make_valid (text, -1);
}

static JsonNode *
sanitized_value (JsonNode *node, GString *path)
{
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_DOUBLE && !isfinite (json_node_get_double (node)))
    {
      fprintf (stderr, _ ("strata-cli: warning: %s is not a finite number (%s); written as null\n"),
               path->len > 0 ? path->str : _ ("the value"),
               isnan (json_node_get_double (node)) ? "NaN" : _ ("beyond a double’s range"));
      return json_node_new (JSON_NODE_NULL);
    }
  if (type == G_TYPE_STRING && !g_utf8_validate (json_node_get_string (node), -1, NULL))
    {
      g_autofree char *fixed = make_valid (json_node_get_string (node));

      return json_node_init_string (json_node_alloc (), fixed);
    }
  return json_node_copy (node);
}

static JsonNode *
sanitized_object (JsonObject *object, GString *path)
{
  g_autoptr (JsonObject) copy = json_object_new ();
  g_autoptr (GList)      members = json_object_get_members (object);
  gsize                  len = path->len;

  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *key = make_valid (l->data);

      g_string_append_printf (path, "%s%s", len > 0 ? "." : "", key);
      json_object_set_member (copy, key,
                              sanitized (json_object_get_member (object, l->data), path));
      g_string_truncate (path, len);
    }
  return json_node_init_object (json_node_alloc (), copy);
}

static JsonNode *
sanitized_array (JsonArray *array, GString *path)
{
  guint                 n = json_array_get_length (array);
  g_autoptr (JsonArray) copy = json_array_sized_new (n);
  gsize                 len = path->len;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (path, "[%u]", i);
      json_array_add_element (copy, sanitized (json_array_get_element (array, i), path));
      g_string_truncate (path, len);
    }
  return json_node_init_array (json_node_alloc (), copy);
}

static JsonNode *
sanitized (JsonNode *node, GString *path)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT: return sanitized_object (json_node_get_object (node), path);
    case JSON_NODE_ARRAY: return sanitized_array (json_node_get_array (node), path);
    case JSON_NODE_VALUE: return sanitized_value (node, path);
    case JSON_NODE_NULL: break;
    }
  return json_node_new (JSON_NODE_NULL);
}

void
st_cli_print_json (JsonNode *root)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (GString)       path = g_string_new (NULL);
  g_autoptr (JsonNode)      clean = sanitized (root, path);
  g_autofree char          *text = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, clean);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
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
  out = g_file_new_for_commandline_arg (output);
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_commandline_arg (inputs[i]));
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
