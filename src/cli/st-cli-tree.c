/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli tree: the call tree of the host slices (docs/metrics.md 15),
 * of the whole profile or a range, top-down or bottom-up, threads merged
 * or apart: what the Call Tree page shows. Text: a line per node, two
 * spaces deeper per level; --json: the fields of 15.7. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-call-tree.h"
#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-format.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#define TREE_HELP                                                                                  \
  N_ ("Prints the call tree of FILE’s host slices (not device events): top-down, a node per "    \
      "call path from a slice with no parent, with its total time (clipped to the range), its "    \
      "self time (when none of its children runs) and its count; or --bottom-up, a node per "      \
      "name with its self time, then its callers, each with the self time of that name reached "   \
      "by that chain of callers. Threads are merged by path, or each a node of its own with "      \
      "--by-thread. Roots that spend nine tenths of their time waiting or in the profiler’s "    \
      "own span are listed last. Several FILEs (one per rank) are one profile. Times are ns from " \
      "the trace start.")

typedef struct
{
  gboolean    bottom_up;
  gboolean    by_thread;
  gboolean    as_json;
  gint        depth; /* 0: every level */
  gboolean    has_range;
  gint64      start;
  gint64      end;
  char      **files;
  StAlignment alignment;
} TreeOptions;

/* docs/metrics.md 15.7: the levels printed at most, whatever --depth. */
#define MAX_LEVELS 256

/* --- text ----------------------------------------------------------------- */

/* printf pads bytes: the width for @text to take @width characters. */
/* How deep a tree is printed: --depth, and never past MAX_LEVELS (a slice
 * nested 70 000 deep would print gigabytes of indentation). */
static gint
levels (const TreeOptions *o)
{
  return o->depth > 0 ? MIN (o->depth, MAX_LEVELS) : MAX_LEVELS;
}

static void
print_node (StCallTree *tree, guint node, guint level, gint depth)
{
  const StCallNode *n = st_call_tree_get_node (tree, node);
  g_autofree char  *total = st_format_duration (n->total_ns);
  g_autofree char  *self = st_format_duration (n->self_ns);
  g_autofree char  *label = st_call_tree_dup_label (tree, node);
  guint             n_children;
  const guint32    *children;

  printf ("%*s %*s %9" G_GUINT64_FORMAT " %6.1f%%  %*s%s\n", st_cli_field_width (total, 12), total,
          st_cli_field_width (self, 12), self, n->count, st_call_tree_get_share (tree, node),
          (int)(2 * (level - 1)), "", label);
  children = st_call_tree_get_children (tree, node, &n_children);
  if (level >= (guint)depth)
    {
      if (level == MAX_LEVELS && n_children > 0)
        printf ("%*s%s\n", (int)(2 * level + 40), "", _ ("… deeper levels left out"));
      return;
    }
  for (guint i = 0; i < n_children; i++)
    print_node (tree, children[i], level + 1, depth);
}

/* Whether some roots, or by thread some threads' root frames, are listed
 * last for being idle (docs/metrics.md 15.5). */
static gboolean
lists_idle_roots (StCallTree *tree)
{
  guint          n_roots, n;
  const guint32 *roots = st_call_tree_get_children (tree, ST_CALL_TREE_ROOT, &n_roots);

  for (guint i = 0; i < n_roots; i++)
    {
      const guint32 *children = st_call_tree_get_children (tree, roots[i], &n);

      if (st_call_tree_is_idle_root (tree, roots[i])
          || (st_call_tree_is_thread (tree, roots[i]) && n > 0
              && st_call_tree_is_idle_root (tree, children[n - 1])))
        return TRUE;
    }
  return FALSE;
}

static void
print_text (StTrace *trace, StCallTree *tree, const TreeOptions *o)
{
  g_autofree char *time = st_format_duration (st_call_tree_get_time (tree));
  g_autofree char *frames = st_format_count (st_call_tree_get_n_frames (tree));
  guint            n_roots;
  const guint32   *roots = st_call_tree_get_children (tree, ST_CALL_TREE_ROOT, &n_roots);

  printf ("%s  [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") ns  %s, %s\n",
          st_trace_get_display_name (trace), o->start, o->end,
          o->bottom_up ? _ ("bottom-up") : _ ("top-down"),
          o->by_thread ? _ ("by thread") : _ ("threads merged"));
  printf (_ ("%s of host time in %s frames\n\n"), time, frames);
  if (n_roots == 0)
    {
      printf ("%s\n", _ ("No host slice in this range."));
      return;
    }
  if (lists_idle_roots (tree))
    printf ("%s\n\n", _ ("Listed last: the roots that spend nine tenths of their time or more "
                         "waiting (sleep, locks, queues, synchronisation) or in the profiler’s "
                         "own span."));
  printf ("%12s %12s %9s %7s  %s\n", _ ("total"), _ ("self"), _ ("count"), _ ("share"), _ ("name"));
  for (guint i = 0; i < n_roots; i++)
    print_node (tree, roots[i], 1, levels (o));
}

/* --- JSON ----------------------------------------------------------------- */

static void
json_node (JsonBuilder *b, StCallTree *tree, guint node, guint level, gint depth)
{
  const StCallNode *n = st_call_tree_get_node (tree, node);
  g_autofree char  *label = st_call_tree_dup_label (tree, node);
  guint             n_children;
  const guint32    *children = st_call_tree_get_children (tree, node, &n_children);

  json_builder_begin_object (b);
  st_cli_add_string (b, "name", label);
  st_cli_add_int (b, "total_ns", n->total_ns);
  st_cli_add_int (b, "self_ns", n->self_ns);
  st_cli_add_int (b, "count", (gint64)n->count);
  json_builder_set_member_name (b, "share_percent");
  json_builder_add_double_value (b, st_call_tree_get_share (tree, node));
  st_cli_add_int (b, "idle_ns", n->idle_ns);
  if (st_call_tree_is_thread (tree, node))
    {
      json_builder_set_member_name (b, "thread");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (st_call_tree_is_idle_root (tree, node))
    {
      json_builder_set_member_name (b, "idle");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (level >= (guint)depth && n_children > 0)
    st_cli_add_int (b, "children_omitted", n_children);
  else
    {
      json_builder_set_member_name (b, "children");
      json_builder_begin_array (b);
      for (guint i = 0; i < n_children; i++)
        json_node (b, tree, children[i], level + 1, depth);
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static void
print_json (StCallTree *tree, const TreeOptions *o)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode)    root = NULL;
  guint                   n_roots;
  const guint32          *roots = st_call_tree_get_children (tree, ST_CALL_TREE_ROOT, &n_roots);

  json_builder_begin_object (b);
  st_cli_add_string (b, "direction", o->bottom_up ? "bottom-up" : "top-down");
  json_builder_set_member_name (b, "by_thread");
  json_builder_add_boolean_value (b, o->by_thread);
  json_builder_set_member_name (b, "range");
  json_builder_begin_object (b);
  st_cli_add_int (b, "start_ns", o->start);
  st_cli_add_int (b, "end_ns", o->end);
  json_builder_end_object (b);
  st_cli_add_int (b, "time_ns", st_call_tree_get_time (tree));
  st_cli_add_int (b, "frames", (gint64)st_call_tree_get_n_frames (tree));
  json_builder_set_member_name (b, "nodes");
  json_builder_begin_array (b);
  for (guint i = 0; i < n_roots; i++)
    json_node (b, tree, roots[i], 1, levels (o));
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  st_cli_print_json (root);
}

/* --- the command ---------------------------------------------------------- */

static int
run (TreeOptions *o)
{
  g_autoptr (GError)     error = NULL;
  g_autoptr (StTrace)    trace = st_cli_load_profile (o->files, o->alignment, 0, &error);
  g_autoptr (StCallTree) top_down = NULL;
  g_autoptr (StCallTree) bottom_up = NULL;
  StCallTreeScope        scope = { 0 };

  if (trace == NULL)
    return st_cli_file_error (error);
  if (!o->has_range)
    o->end = st_trace_get_end_ns (trace);
  scope = (StCallTreeScope){ o->start, o->end, NULL, 0, o->by_thread };
  top_down = st_call_tree_build (trace, &scope, NULL, NULL, NULL, &error);
  if (top_down != NULL && o->bottom_up)
    bottom_up = st_call_tree_invert (top_down, NULL, &error);
  if (top_down == NULL || (o->bottom_up && bottom_up == NULL))
    return st_cli_file_error (error);
  if (o->as_json)
    print_json (o->bottom_up ? bottom_up : top_down, o);
  else
    print_text (trace, o->bottom_up ? bottom_up : top_down, o);
  return 0;
}

int
st_cli_tree (int argc, char **argv)
{
  TreeOptions        o = { 0 };
  g_autofree char   *region = NULL, *align = NULL;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "region", 'r', 0, G_OPTION_ARG_FILENAME, &region,
            N_ ("Only the slices in this range of the trace, clipped to it (ns from its start)"),
            N_ ("START_NS:END_NS") },
          { "bottom-up", 'b', 0, G_OPTION_ARG_NONE, &o.bottom_up,
            N_ ("Each name with its self time, then its callers"), NULL },
          { "by-thread", 't', 0, G_OPTION_ARG_NONE, &o.by_thread,
            N_ ("A node per thread above its slices, instead of merging threads"), NULL },
          { "depth", 'd', 0, G_OPTION_ARG_INT, &o.depth,
            N_ ("Print only N levels (the roots are level 1)"), N_ ("N") },
          { "json", 0, 0, G_OPTION_ARG_NONE, &o.as_json, N_ ("Print JSON instead of text"), NULL },
          st_cli_align_entry (&align),
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("FILE… — the call tree"));
  g_autoptr (GError)         error = NULL;

  g_set_prgname ("strata-cli tree");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _ (TREE_HELP));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || g_strv_length (rest) == 0)
    return st_cli_usage_error ("tree", error ? error->message : _ ("give a FILE"));
  if (!st_cli_parse_alignment (align, &o.alignment))
    return st_cli_usage_error ("tree", _ ("--align takes clock or collective"));
  if (o.depth < 0)
    return st_cli_usage_error ("tree",
                               _ ("--depth takes a number of levels, 1 or more (0: every level)"));
  if (region != NULL && !st_cli_parse_range (region, &o.start, &o.end))
    {
      g_autofree char *message = g_strdup_printf (
          _ ("--region “%s” is not START_NS:END_NS with START_NS < END_NS"), region);
      return st_cli_usage_error ("tree", message);
    }
  o.has_range = region != NULL;
  o.files = rest;
  return run (&o);
}
