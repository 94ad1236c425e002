#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-common.h"
#include "st-profile-loader.h"
#include "st-trace-loader.h"

#include <glib/gi18n.h>
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
                         G_OPTION_ARG_STRING,
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
st_cli_print_json (JsonNode *root)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char          *text = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
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
