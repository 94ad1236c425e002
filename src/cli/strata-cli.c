/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli: Strata's model without a window, for scripts and reports.
 *
 *   strata-cli info FILE… [--json] [--merge [--align clock|collective]]
 *   strata-cli regions FILE… --method M [--config C.json] [-o OUT.json] [--json]
 *   strata-cli summary FILE [--region START_NS:END_NS | --regions R.json --name NAME] [--json]
 *   strata-cli diff BASE NEW [--json] [--steps] [--region START_NS:END_NS]
 *   strata-cli digest FILE… [-o OUT]
 *   strata-cli fleet DIGEST…|DIR [--align clock|collective] [--json]
 *   strata-cli stats FILE NAME [--json] [--region START_NS:END_NS] [--group track|parent]
 *   strata-cli tree FILE… [--region START_NS:END_NS] [--bottom-up] [--by-thread] [--depth N]
 * [--json]
 *   strata-cli query FILE… SQL [--json | --csv] [--regions R.json]
 */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

static const StCliCommand commands[] = {
  { "diff",
    N_ ("BASE NEW [--steps] — what changed: metrics, step time, operations, collectives, what "
        "got worse"),
    st_cli_diff },
  { "digest", N_ ("FILE… [-o OUT] — a few hundred kB of each rank’s trace, for “strata-cli fleet”"),
    st_cli_digest },
  { "fleet", N_ ("DIGEST…|DIR — a job’s ranks: stragglers, slow links, slow steps, a row per rank"),
    st_cli_fleet },
  { "info",
    N_ ("FILE… — what a profile holds: format, events, processes, tracks, time span, metadata, "
        "warnings"),
    st_cli_info },
  { "query",
    N_ ("FILE… SQL [--json|--csv] — SQL over the profile's slices, tracks, counters, flows, "
        "args and analyses"),
    st_cli_query },
  { "render", N_ ("FILE -o OUT.png — the timeline as a picture"), st_cli_render },
  { "regions",
    N_ ("FILE… --method collectives|hierarchy|stack — the Region Highlighter's regions (several "
        "files: one profile)"),
    st_cli_regions },
  { "search", N_ ("FILE PATTERN — the events whose name (or args) contain PATTERN"),
    st_cli_search },
  { "stats",
    N_ ("FILE NAME [--group track|parent] — one operation's durations: percentiles and a "
        "histogram"),
    st_cli_stats },
  { "summary",
    N_ ("FILE [--region START_NS:END_NS] — the Summary page: recommendations, metrics, "
        "collectives, operations"),
    st_cli_summary },
  { "tree",
    N_ ("FILE… [--region START_NS:END_NS] [--bottom-up] — the call tree of the host slices: "
        "total, self, count per call path"),
    st_cli_tree },
};

static void
print_usage (FILE *out)
{
  fprintf (out,
           _ ("Usage: strata-cli COMMAND [OPTION…] FILE…\n\nReads ML profiles (Chrome trace "
              "JSON, PyTorch/Kineto, XProf JSON and xplane.pb, Neuron device profiles, "
              "rocprofv3 JSON, Nsight Systems SQLite exports; plain or gzip; a Neuron "
              "Explorer profile's folder of Parquet tables) without a window.\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-8s %s\n", commands[i].name, _ (commands[i].summary));
  fprintf (out,
           _ ("\nRun “strata-cli COMMAND --help” for the options of a command.\nExit status: 0 "
              "success (warnings do not fail), 1 a file could not be read, 2 usage error.\n"));
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return 2;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return 0;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("strata-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].run (argc - 1, argv + 1);
  fprintf (stderr, _ ("strata-cli: unknown command “%s”\n"), argv[1]);
  print_usage (stderr);
  return 2;
}
