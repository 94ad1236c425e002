/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli regions: the Region Highlighter without a window. Same
 * methods, same configuration files and same region files as the
 * Annotations panel. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-small-file.h"
#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-format.h"
#include "st-highlighter.h"
#include "st-profile-loader.h"
#include "st-region-set.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>

static void
print_text (StRegionArray *regions)
{
  guint               n = st_region_array_get_length (regions);
  g_autoptr (GString) name = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *dur = st_format_duration (st_region_array_get_duration (regions, i));

      g_string_truncate (name, 0);
      st_region_array_append_name (regions, i, name);
      printf ("%15" G_GINT64_FORMAT "  %15" G_GINT64_FORMAT "  %10s  %s\n",
              st_region_array_get_start (regions, i), st_region_array_get_end (regions, i), dur,
              name->str);
    }
  fprintf (stderr, ngettext ("%u region\n", "%u regions\n", n), n);
}

static StHighlighterConfig *
make_config (const char *method, const char *config_path, GError **error)
{
  g_autoptr (StHighlighterConfig) config = NULL;
  StRegionMethod                  m = ST_REGION_MANUAL;

  if (method != NULL && (!st_region_method_from_string (method, &m) || m == ST_REGION_MANUAL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("unknown method “%s”: use collectives, hierarchy or stack"), method);
      return NULL;
    }
  if (config_path == NULL)
    {
      if (method == NULL)
        g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                             _ ("give --method or --config"));
      return method != NULL ? st_highlighter_config_new (m) : NULL;
    }
  {
    g_autoptr (GFile) file = st_file_new_for_arg (config_path);

    config = st_highlighter_config_load (file, error);
  }
  if (config != NULL && method != NULL && config->method != m)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--method %s disagrees with the configuration's method “%s”"), method,
                   st_region_method_to_string (config->method));
      return NULL;
    }
  return g_steal_pointer (&config);
}

/* The identity of the profile @paths make together (one file's own
 * identity when alone). */
static StProfileIdentity *
identify (char **paths, GError **error)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (files, st_file_new_for_arg (paths[i]));
  return st_profile_identity_compute_files ((GFile *const *)files->pdata, files->len, NULL, error);
}

/* The region file's JSON on standard output (--json, -o -). */
static int
print_json (StRegionSet *set, const StProfileIdentity *identity)
{
  g_autofree char *text = st_region_set_to_json (set, identity, FALSE);

  printf ("%s\n", text);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, _ ("strata-cli: could not write to standard output: %s\n"),
               g_strerror (errno));
      return 1;
    }
  return 0;
}

/* A run that found nothing leaves what is at @output alone (it may be a
 * region file of an earlier run); the window's Save, which a person asks
 * for, writes an empty set. */
static int
save_regions (StRegionSet *set, const StProfileIdentity *identity, const char *output)
{
  g_autoptr (GFile)  out = st_file_new_for_arg (output);
  g_autoptr (GError) error = NULL;

  if (st_region_set_get_n_regions (set) == 0
      && g_file_query_file_type (out, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL)
             != G_FILE_TYPE_UNKNOWN)
    {
      fprintf (stderr, _ ("strata-cli: no region found; “%s” was left as it is\n"), output);
      return 0;
    }
  /* what was printed comes first when OUT is standard output too */
  fflush (stdout);
  if (!st_region_set_save (set, out, identity, &error))
    return st_cli_file_error (error);
  return 0;
}

static int
write_regions (char **profile_paths, StRegionArray *regions, const char *output, gboolean as_json)
{
  g_autoptr (StProfileIdentity) identity = NULL;
  g_autoptr (StRegionSet)       set = st_region_set_new ();
  g_autoptr (GError)            error = NULL;
  int                           status = 0;

  identity = identify (profile_paths, &error);
  if (identity == NULL)
    return st_cli_file_error (error);
  st_region_set_replace_all (set, regions);
  if (as_json)
    status = print_json (set, identity);
  if (status == 0 && output != NULL)
    status = save_regions (set, identity, output);
  return status;
}

static int
run (char               **files,
     StAlignment          alignment,
     StHighlighterConfig *config,
     const char          *output,
     gboolean             as_json)
{
  g_autoptr (GError)        error = NULL;
  g_autoptr (StTrace)       trace = st_cli_load_profile (files, alignment, 0, &error);
  g_autoptr (StRegionArray) regions = NULL;
  g_autofree char          *explanation = NULL;

  if (trace == NULL)
    return st_cli_file_error (error);
  regions = st_highlighter_run (trace, config, &explanation, NULL, NULL, NULL, &error);
  if (explanation != NULL)
    fprintf (stderr, "%s\n", explanation);
  if (!as_json)
    print_text (regions);
  if (as_json || output != NULL)
    return write_regions (files, regions, output, as_json);
  return 0;
}

/* 0 when @output is none of the FILEs nor the configuration, which are
 * read too. */
static int
check_output (const char *output, char **files, const char *config_path)
{
  g_autoptr (GStrvBuilder) inputs = g_strv_builder_new ();
  g_auto (GStrv)           all = NULL;

  g_strv_builder_addv (inputs, (const char **)files);
  if (config_path != NULL)
    g_strv_builder_add (inputs, config_path);
  all = g_strv_builder_end (inputs);
  return st_cli_check_output ("regions", output, all);
}

int
st_cli_regions (int argc, char **argv)
{
  gboolean           as_json = FALSE;
  g_autofree char   *method = NULL, *config_path = NULL, *output = NULL, *align = NULL;
  StAlignment        alignment = ST_ALIGN_CLOCK;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "method", 'm', 0, G_OPTION_ARG_FILENAME, &method,
            N_ ("collectives, hierarchy or stack"), N_ ("METHOD") },
          { "config", 'c', 0, G_OPTION_ARG_FILENAME, &config_path,
            N_ ("A highlighter configuration (JSON, as saved from the Annotations panel)"),
            N_ ("CONFIG.json") },
          { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
            N_ ("Write the regions to a region file the window can load (- for standard output)"),
            N_ ("OUT.json") },
          { "json", 0, 0, G_OPTION_ARG_NONE, &as_json,
            N_ ("Print the region file's JSON instead of text"), NULL },
          st_cli_align_entry (&align),
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext)      context = g_option_context_new (N_ ("FILE… — find regions"));
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = NULL;

  g_set_prgname ("strata-cli regions");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (
      context,
      _ ("Runs the Region Highlighter on FILE and prints the regions it finds: start_ns and end_ns "
         "from the trace start, duration, name. Several FILEs (one per rank) are read as one "
         "profile, and the times are then on its common axis. When the profile lacks the method's "
         "data, prints no region, says why on stderr and exits 0; an OUT.json that exists is then "
         "left as it is."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || (config = make_config (method, config_path, &error)) == NULL)
    {
      if (error != NULL && error->domain != G_OPTION_ERROR)
        return st_cli_file_error (error);
      return st_cli_usage_error ("regions", error ? error->message : _ ("give a FILE"));
    }
  if (!st_cli_parse_alignment (align, &alignment))
    return st_cli_usage_error ("regions", _ ("--align takes clock or collective"));
  /* -o -: the region file on standard output, as --json prints it */
  if (g_strcmp0 (output, "-") == 0)
    {
      as_json = TRUE;
      g_clear_pointer (&output, g_free);
    }
  if (output != NULL && check_output (output, rest, config_path) != 0)
    return 2;
  return run (rest, alignment, config, output, as_json);
}
