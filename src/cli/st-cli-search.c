/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli search: the events of a profile whose name contains a
 * pattern, found by the same code as the window's Find. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-format.h"
#include "st-trace-query.h"
#include "st-trace-search.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

static char *
track_title (StTrace *trace, guint track)
{
  const StTrack   *t = st_trace_get_track (trace, track);
  g_autofree char *process = t->process == ST_NO_PROCESS
                                 ? g_strdup ("Global")
                                 : st_trace_dup_process_title (trace, t->process);

  return g_strdup_printf ("%s / %s", process, st_trace_get_string (trace, t->name));
}

static void
print_json (StTrace *trace, GArray *hits)
{
  StCliJsonList list = { 0 };

  for (guint i = 0; i < hits->len; i++)
    {
      StEventRef              ref = g_array_index (hits, StEventRef, i);
      g_autofree char        *track = track_title (trace, ref.track);
      g_autoptr (JsonBuilder) b = json_builder_new_immutable ();
      g_autoptr (JsonNode)    hit = NULL;

      json_builder_begin_object (b);
      st_cli_add_string (b, "name", st_trace_get_string (trace, st_event_get_name (trace, ref)));
      st_cli_add_string (b, "track", track);
      st_cli_add_int (b, "start_ns", st_event_get_start (trace, ref));
      st_cli_add_int (b, "dur_ns", st_event_get_duration (trace, ref));
      json_builder_end_object (b);
      hit = json_builder_get_root (b);
      st_cli_json_list_add (&list, hit);
    }
  st_cli_json_list_end (&list);
}

static void
print_text (StTrace *trace, GArray *hits)
{
  for (guint i = 0; i < hits->len; i++)
    {
      StEventRef       ref = g_array_index (hits, StEventRef, i);
      g_autofree char *track = track_title (trace, ref.track);
      g_autofree char *start = st_format_duration (st_event_get_start (trace, ref));
      g_autofree char *dur = st_format_duration (st_event_get_duration (trace, ref));

      printf ("%12s  %10s  %s  [%s]\n", start, dur,
              st_trace_get_string (trace, st_event_get_name (trace, ref)), track);
    }
  fprintf (stderr, ngettext ("%u match\n", "%u matches\n", hits->len), hits->len);
}

int
st_cli_search (int argc, char **argv)
{
  gboolean           as_json = FALSE, args = FALSE;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "args", 0, 0, G_OPTION_ARG_NONE, &args,
            N_ ("Also look in each event's args (and its other fields)"), NULL },
          { "json", 0, 0, G_OPTION_ARG_NONE, &as_json,
            N_ ("Print a JSON array of {name, track, start_ns, dur_ns}"), NULL },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("FILE PATTERN — find events"));
  g_autoptr (GError)         error = NULL;
  g_autoptr (StTrace)        trace = NULL;
  g_autoptr (GArray)         hits = NULL;
  g_autofree char           *pattern = NULL;

  g_set_prgname ("strata-cli search");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (
      context,
      _ ("Lists the slices and instants of FILE whose name contains PATTERN (case-insensitive), in "
         "time order: start and duration from the trace start, name, process / track."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || g_strv_length (rest) != 2)
    return st_cli_usage_error ("search", error ? error->message : _ ("give FILE and PATTERN"));
  pattern = st_cli_text_arg (rest[1]);
  if (pattern == NULL)
    return st_cli_text_arg_error ("search", _ ("PATTERN"), rest[1]);
  trace = st_cli_load_trace (rest[0], 0, &error);
  if (trace == NULL)
    return st_cli_file_error (error);
  hits = st_trace_find (trace, pattern, args ? ST_FIND_ARGS : ST_FIND_NAMES, NULL, NULL, NULL,
                        &error);
  if (as_json)
    print_json (trace, hits);
  else
    print_text (trace, hits);
  return 0;
}
