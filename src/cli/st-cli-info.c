/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli info: what a profile holds. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-format.h"
#include "st-profile-loader.h"

#include <glib/gi18n.h>
#include <stdio.h>

/* Top-level values bigger than this are summarised, not printed. */
#define MAX_METADATA_BYTES (1024 * 1024)

static void
add_counts (JsonBuilder *b, StTrace *trace)
{
  const StTraceCounts *c = st_trace_get_counts (trace);

  st_cli_add_int (b, "events", c->events);
  st_cli_add_int (b, "slices", c->slices);
  st_cli_add_int (b, "instants", c->instants);
  st_cli_add_int (b, "counter_samples", c->counter_samples);
  st_cli_add_int (b, "flows", c->flows);
  st_cli_add_int (b, "metadata_events", c->metadata_events);
  st_cli_add_int (b, "samples", c->samples);
  st_cli_add_int (b, "other_events", c->other_events);
  st_cli_add_int (b, "processes", st_trace_get_n_processes (trace));
  st_cli_add_int (b, "tracks", st_trace_get_n_tracks (trace));
}

static char *
process_name_of (StTrace *trace, guint process)
{
  if (process == ST_NO_PROCESS)
    return g_strdup ("Global");
  return st_trace_dup_process_title (trace, process);
}

static void
add_track_list (JsonBuilder *b, StTrace *trace)
{
  json_builder_set_member_name (b, "track_list");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      g_autofree char *process = process_name_of (trace, t->process);

      json_builder_begin_object (b);
      st_cli_add_string (b, "process", process);
      st_cli_add_string (
          b, "pid",
          t->process == ST_NO_PROCESS
              ? ""
              : st_trace_get_string (trace, st_trace_get_process (trace, t->process)->pid));
      st_cli_add_string (b, "track", st_trace_get_string (trace, t->name));
      st_cli_add_string (b, "kind", st_track_kind_to_string (t->kind));
      st_cli_add_int (b, "events", t->n_events);
      st_cli_add_int (b, "rows", t->n_rows);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_process_list (JsonBuilder *b, StTrace *trace)
{
  json_builder_set_member_name (b, "process_list");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_trace_get_n_processes (trace); i++)
    {
      const StProcess *p = st_trace_get_process (trace, i);
      g_autofree char *title = st_trace_dup_process_title (trace, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "pid", st_trace_get_string (trace, p->pid));
      st_cli_add_string (b, "name", title);
      st_cli_add_string (b, "labels", st_trace_get_string (trace, p->labels));
      st_cli_add_int (b, "tracks", p->n_tracks);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_metadata (JsonBuilder *b, StTrace *trace)
{
  const char *const *keys = st_trace_get_metadata_keys (trace);

  json_builder_set_member_name (b, "metadata");
  json_builder_begin_object (b);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      gsize                size = st_trace_get_metadata_size (trace, keys[i]);
      g_autoptr (GError)   error = NULL;
      g_autoptr (JsonNode) node = NULL;

      json_builder_set_member_name (b, keys[i]);
      if (size > MAX_METADATA_BYTES)
        {
          g_autofree char *text = g_format_size (size);
          g_autofree char *note = g_strdup_printf (_ ("(%s, not shown)"), text);
          json_builder_add_string_value (b, note);
          continue;
        }
      node = st_trace_dup_metadata (trace, keys[i], &error);
      if (node != NULL)
        json_builder_add_value (b, g_steal_pointer (&node));
      else
        json_builder_add_string_value (b, error->message);
    }
  json_builder_end_object (b);
}

static void
add_warnings (JsonBuilder *b, StTrace *trace)
{
  guint                  n;
  const StImportWarning *w = st_trace_get_warnings (trace, &n);

  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      json_builder_begin_object (b);
      st_cli_add_string (b, "kind", st_warning_kind_to_string (w[i].kind));
      st_cli_add_int (b, "count", w[i].count);
      st_cli_add_int (b, "first_offset", w[i].first_offset);
      st_cli_add_int (b, "line", w[i].first_line);
      st_cli_add_int (b, "column", w[i].first_column);
      st_cli_add_string (b, "message", w[i].message);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The files of a profile made of several: label, rank, clocks, shift. */
static void
add_files (JsonBuilder *b, StTrace *trace)
{
  st_cli_add_string (b, "alignment", st_alignment_to_string (st_trace_get_alignment (trace)));
  json_builder_set_member_name (b, "files");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_trace_get_n_files (trace); i++)
    {
      const StTraceFile *f = st_trace_get_file (trace, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", f->label);
      st_cli_add_string (b, "file", f->display_name);
      st_cli_add_string (b, "format", f->format);
      st_cli_add_string (b, "flavor", f->flavor);
      st_cli_add_int (b, "rank", f->rank);
      st_cli_add_int (b, "origin_ns", f->origin_ns);
      st_cli_add_int (b, "base_ns", f->base_ns);
      st_cli_add_int (b, "shift_ns", f->shift_ns);
      st_cli_add_int (b, "duration_ns", f->end_ns);
      st_cli_add_int (b, "first_collective_ns", f->anchor_ns);
      st_cli_add_int (b, "processes", f->n_processes);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static JsonNode *
info_json (StTrace *trace, const char *file)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();

  json_builder_begin_object (b);
  st_cli_add_string (b, "file", file);
  st_cli_add_string (b, "format", st_trace_get_format (trace));
  st_cli_add_string (b, "flavor", st_trace_get_flavor (trace));
  st_cli_add_int (b, "file_size", st_trace_get_file_size (trace));
  st_cli_add_int (b, "text_size", st_trace_get_text_size (trace));
  add_counts (b, trace);
  add_process_list (b, trace);
  add_track_list (b, trace);
  st_cli_add_int (b, "start_ns", 0);
  st_cli_add_int (b, "end_ns", st_trace_get_end_ns (trace));
  st_cli_add_int (b, "duration_ns", st_trace_get_end_ns (trace));
  st_cli_add_int (b, "origin_ns", st_trace_get_origin_ns (trace));
  add_metadata (b, trace);
  add_warnings (b, trace);
  if (st_trace_get_n_files (trace) > 1)
    add_files (b, trace);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_counts (StTrace *trace)
{
  const StTraceCounts *c = st_trace_get_counts (trace);
  g_autofree char     *events = st_format_count (c->events);
  g_autofree char     *slices = st_format_count (c->slices);
  g_autofree char     *instants = st_format_count (c->instants);
  g_autofree char     *samples = st_format_count (c->counter_samples);
  g_autofree char     *flows = st_format_count (c->flows);
  g_autofree char     *metadata = g_strdup_printf ("%" G_GUINT64_FORMAT, c->metadata_events);
  g_autofree char     *other = g_strdup_printf ("%" G_GUINT64_FORMAT, c->other_events);

  printf (_ ("  Events      %s (%s slices, %s instants, %s counter samples, %s flows, "
             "%s metadata, %s other)\n"),
          events, slices, instants, samples, flows, metadata, other);
}

static void
print_tracks (StTrace *trace)
{
  guint shown_process = G_MAXUINT - 1;

  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      g_autofree char *count = st_format_count (t->n_events);
      const char      *name;

      if (t->process != shown_process)
        {
          g_autofree char *title = process_name_of (trace, t->process);
          const StProcess *p
              = t->process == ST_NO_PROCESS ? NULL : st_trace_get_process (trace, t->process);
          shown_process = t->process;
          printf ("    %s", title);
          if (p != NULL)
            printf ("  pid %s", st_trace_get_string (trace, p->pid));
          /* a process without a name has its labels for a title */
          if (p != NULL && p->labels != ST_STRING_EMPTY && p->name != ST_STRING_EMPTY)
            printf ("  [%s]", st_trace_get_string (trace, p->labels));
          printf ("\n");
        }
      name = st_trace_get_string (trace, t->name);
      /* padded by characters, not bytes: "Memory · GPU 0" */
      printf ("      %s%*s %-9s %12s\n", name, (int)MAX (0, 40 - (glong)g_utf8_strlen (name, -1)),
              "", st_track_kind_to_string (t->kind), count);
    }
}

static void
print_warnings (StTrace *trace, const char *file)
{
  guint                  n;
  const StImportWarning *w = st_trace_get_warnings (trace, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *count = st_format_count (w[i].count);
      g_autofree char *line = g_strdup_printf ("%" G_GUINT64_FORMAT, w[i].first_line);
      g_autofree char *column = g_strdup_printf ("%" G_GUINT64_FORMAT, w[i].first_column);

      /* a warning of no place (line 0), such as the alignment of files, says none */
      if (w[i].first_line > 0)
        fprintf (stderr, _ ("strata-cli: %s: warning: %s × %s, first at line %s, column %s: %s\n"),
                 file, st_warning_kind_to_string (w[i].kind), count, line, column, w[i].message);
      else
        fprintf (stderr, _ ("strata-cli: %s: warning: %s × %s: %s\n"), file,
                 st_warning_kind_to_string (w[i].kind), count, w[i].message);
    }
}

static void
print_files (StTrace *trace)
{
  printf (_ ("  Files       %u, aligned on %s\n"), st_trace_get_n_files (trace),
          st_trace_get_alignment (trace) == ST_ALIGN_COLLECTIVE ? _ ("their first collective")
                                                                : _ ("their clocks"));
  for (guint i = 0; i < st_trace_get_n_files (trace); i++)
    {
      const StTraceFile *f = st_trace_get_file (trace, i);
      g_autofree char   *shift = st_format_duration (f->shift_ns);

      printf (_ ("    %-12s %s  shifted by %s\n"), f->label, f->display_name, shift);
    }
}

static void
print_info (StTrace *trace, const char *file)
{
  g_autofree char   *duration = st_format_duration (st_trace_get_end_ns (trace));
  g_autofree char   *origin = g_strdup_printf ("%" G_GINT64_FORMAT, st_trace_get_origin_ns (trace));
  g_autofree char   *disk = g_format_size (st_trace_get_file_size (trace));
  g_autofree char   *text = g_format_size (st_trace_get_text_size (trace));
  const char *const *keys = st_trace_get_metadata_keys (trace);
  g_autofree char   *joined = g_strjoinv (", ", (char **)keys);

  printf ("%s\n", file);
  printf (_ ("  Format      %s (%s)\n"), st_trace_get_format (trace), st_trace_get_flavor (trace));
  printf (_ ("  Size        %s on disk, %s of text\n"), disk, text);
  print_counts (trace);
  printf (_ ("  Time span   %s (origin %s ns as written)\n"), duration, origin);
  printf (_ ("  Metadata    %s\n"), *joined ? joined : _ ("none"));
  if (st_trace_get_n_files (trace) > 1)
    print_files (trace);
  printf (_ ("  Processes   %u, tracks %u\n"), st_trace_get_n_processes (trace),
          st_trace_get_n_tracks (trace));
  print_tracks (trace);
  print_warnings (trace, file);
}

typedef struct
{
  gboolean as_json;
  int      threads;
} InfoOptions;

static void
show (StTrace *trace, const char *name, const InfoOptions *o)
{
  if (o->as_json)
    {
      g_autoptr (JsonNode) root = info_json (trace, name);
      st_cli_print_json (root);
    }
  else
    print_info (trace, name);
}

/* --merge: the files as one profile. */
static int
info_merged (char **files, StAlignment alignment, const InfoOptions *o)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace
      = st_profile_load_args (files, g_strv_length (files), alignment, MAX (0, o->threads), &error);

  if (trace == NULL)
    return st_cli_file_error (error);
  show (trace, st_trace_get_display_name (trace), o);
  return 0;
}

/* Each file on its own: a JSON array for several. */
static int
info_each (char **files, const InfoOptions *o)
{
  g_autoptr (JsonArray) all = json_array_new ();
  int                   status = 0;

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr (GError)  error = NULL;
      g_autoptr (StTrace) trace = st_cli_load_trace (files[i], MAX (0, o->threads), &error);

      if (trace == NULL)
        status = st_cli_file_error (error);
      else if (o->as_json)
        json_array_add_element (all, info_json (trace, files[i]));
      else
        print_info (trace, files[i]);
    }
  if (o->as_json && json_array_get_length (all) == 1)
    st_cli_print_json (json_array_get_element (all, 0));
  else if (o->as_json && json_array_get_length (all) > 1)
    {
      g_autoptr (JsonNode) root = json_node_init_array (json_node_alloc (), all);
      st_cli_print_json (root);
    }
  return status;
}

int
st_cli_info (int argc, char **argv)
{
  InfoOptions        o = { FALSE, 0 };
  gboolean           merge = FALSE;
  g_autofree char   *align = NULL;
  StAlignment        alignment = ST_ALIGN_CLOCK;
  g_auto (GStrv)     files = NULL;
  const GOptionEntry entries[]
      = { { "json", 0, 0, G_OPTION_ARG_NONE, &o.as_json,
            N_ ("Print one JSON object (an array for several files) on standard output"), NULL },
          { "merge", 0, 0, G_OPTION_ARG_NONE, &merge,
            N_ ("Read the FILEs as one profile (one file per rank) and describe that profile"),
            NULL },
          { "align", 0, 0, G_OPTION_ARG_FILENAME, &align,
            N_ ("With --merge, put the files on one time axis by their clocks (default) or by "
                "their first collective"),
            N_ ("clock|collective") },
          { "threads", 0, 0, G_OPTION_ARG_INT, &o.threads,
            N_ ("Threads for reading (default: one per core)"), "N" },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("FILE… — what a profile holds"));
  g_autoptr (GError)         error = NULL;

  g_set_prgname ("strata-cli info");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (
      context,
      _ ("Prints the format, event counts by kind, processes and tracks, the time span (ns from "
         "the earliest event; origin_ns is that event's ts as written), top-level metadata and "
         "import warnings of each FILE (any profile strata-cli reads, see strata-cli --help). "
         "With --merge, of the profile the FILEs make together: each file's processes titled "
         "after its rank, its metadata as RANK/KEY, and each file's shift."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || files == NULL)
    return st_cli_usage_error ("info", error ? error->message : _ ("no FILE given"));
  if (o.threads < 0 || o.threads > ST_CLI_MAX_THREADS)
    {
      g_autofree char *message = g_strdup_printf (
          _ ("--threads takes a number of threads from 1 to %d (0 or none: one per core)"),
          ST_CLI_MAX_THREADS);
      return st_cli_usage_error ("info", message);
    }
  if (align != NULL && !merge)
    return st_cli_usage_error ("info", _ ("--align needs --merge"));
  if (!st_cli_parse_alignment (align, &alignment))
    return st_cli_usage_error ("info", _ ("--align takes clock or collective"));
  return merge ? info_merged (files, alignment, &o) : info_each (files, &o);
}
