/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-open: how long a person waits from opening a profile in the window
 * to its first drawn page, against the CLI's load of the same file, all in
 * one run (DESIGN.md's budget: the CLI's load time + 0.3 s).
 *
 * Each run times `strata-cli info FILE` as a whole process, then opens FILE
 * in a new StWindow (1600x1000, under the X server the benchmark runs in)
 * and notes, on the window's frame clock:
 *
 *   - page:    the end of the first frame painted once the profile is
 *              loaded (the landing page, with a spinner where the summary
 *              is still computing);
 *   - summary: the end of the first frame painted with the Summary's
 *              numbers (its cards' figures);
 *   - tables:  the end of the first frame painted with everything the
 *              Summary computes, the operations table too, which comes
 *              after the cards;
 *   - stall:   the longest the main loop did not answer while the file
 *              opened (a 5 ms tick that came late): a frozen window.
 *
 *   bench-open [--runs N] STRATA-CLI FILE
 *
 * A benchmark reports: it exits 0 when it ran, whether the budget was met
 * or not, and says so.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-summary-page.h"
#include "st-window.h"

#include <adwaita.h>

#define WIDTH     1600
#define HEIGHT    1000
#define BUDGET_MS 300.0
#define TICK_MS   5

typedef struct
{
  StSummaryPage *summary;
  gboolean       greeter_drawn;
  double         opened; /* when st_window_open() was called */
  double         loaded; /* when the window took the trace */
  double         page;   /* the first frame painted after that */
  double         summary_drawn;
  double         tables_drawn;
  double         last_tick;
  double         stall;
} Run;

static GtkWidget *
find_child (GtkWidget *root, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = G_TYPE_CHECK_INSTANCE_TYPE (c, type) ? c : find_child (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
on_after_paint (GdkFrameClock *clock, Run *run)
{
  double t = st_bench_now_ms ();

  run->greeter_drawn = TRUE;
  if (run->loaded == 0)
    return;
  if (run->page == 0)
    run->page = t;
  if (run->summary_drawn == 0 && st_summary_page_has_numbers (run->summary))
    run->summary_drawn = t;
  if (run->tables_drawn == 0 && !st_summary_page_is_computing (run->summary))
    run->tables_drawn = t;
}

static void
on_trace (StWindow *window, GParamSpec *pspec, Run *run)
{
  run->loaded = st_bench_now_ms ();
}

static gboolean
on_tick (gpointer data)
{
  Run   *run = data;
  double t = st_bench_now_ms ();

  if (run->opened > 0 && run->last_tick > 0)
    run->stall = MAX (run->stall, t - run->last_tick - TICK_MS);
  run->last_tick = t;
  return G_SOURCE_CONTINUE;
}

static void
iterate_until (gboolean *done)
{
  while (!*done)
    g_main_context_iteration (NULL, TRUE);
}

static void
open_once (GFile *file, Run *run)
{
  StWindow *window
      = g_object_new (ST_TYPE_WINDOW, "default-width", WIDTH, "default-height", HEIGHT, NULL);
  GdkFrameClock *clock;
  guint          tick;
  gulong         paint;

  memset (run, 0, sizeof *run);
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  paint = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), run);
  g_signal_connect (window, "notify::trace", G_CALLBACK (on_trace), run);
  run->summary = ST_SUMMARY_PAGE (find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE));
  iterate_until (&run->greeter_drawn);
  tick = g_timeout_add (TICK_MS, on_tick, run);
  run->opened = st_bench_now_ms ();
  st_window_open (window, file);
  while (run->summary_drawn == 0 || run->tables_drawn == 0)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  g_signal_handler_disconnect (clock, paint);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The wall time of `CLI info FILE`, in ms. */
static double
time_cli (const char *cli, const char *path)
{
  const char        *argv[] = { cli, "info", path, NULL };
  g_autoptr (GError) error = NULL;
  int                status;
  double             t0 = st_bench_now_ms ();

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                     &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    g_error ("%s info: %s", cli, error->message);
  return st_bench_now_ms () - t0;
}

static double
median_of (GArray *values)
{
  g_autoptr (GArray) copy = g_array_copy (values);

  return st_bench_median (copy);
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  const GOptionEntry entries[]
      = { { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs of each (default 5)", "N" }, { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("STRATA-CLI FILE — open to first drawn page in the window");
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile)  file = NULL;
  g_autoptr (GArray) cli = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) page = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) summary = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) tables = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) load = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) stall = g_array_new (FALSE, FALSE, sizeof (double));
  double             over;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || runs < 1)
    {
      g_printerr ("bench-open: %s\n", error ? error->message : "give STRATA-CLI and FILE");
      return 2;
    }
  gtk_init ();
  adw_init ();
  st_bench_warm (argv[2]);
  file = g_file_new_for_path (argv[2]);
  g_print ("file    %s: %.1f MB; window %dx%d; %d runs, the CLI then the window\n", argv[2],
           st_bench_file_size (argv[2]) / 1e6, WIDTH, HEIGHT, runs);
  for (int i = 0; i < runs; i++)
    {
      Run    run;
      double c = time_cli (argv[1], argv[2]), p, s, l, a;

      open_once (file, &run);
      p = run.page - run.opened;
      s = run.summary_drawn - run.opened;
      a = run.tables_drawn - run.opened;
      l = run.loaded - run.opened;
      g_array_append_val (cli, c);
      g_array_append_val (page, p);
      g_array_append_val (summary, s);
      g_array_append_val (tables, a);
      g_array_append_val (load, l);
      g_array_append_val (stall, run.stall);
      g_print ("run %d   cli %7.0f ms   window: loaded %7.0f  page %7.0f  summary %7.0f  "
               "tables %7.0f  longest stall %5.0f ms\n",
               i + 1, c, l, p, s, a, run.stall);
    }
  over = median_of (summary) - median_of (cli);
  g_print ("median  cli %7.0f ms   window: loaded %7.0f  page %7.0f  summary %7.0f  "
           "tables %7.0f  longest stall %5.0f ms\n",
           median_of (cli), median_of (load), median_of (page), median_of (summary),
           median_of (tables), median_of (stall));
  g_print ("summary drawn %+.0f ms after the CLI's load (page %+.0f ms, tables %+.0f ms) = %.2fx "
           "of the %.0f ms budget%s\n",
           over, median_of (page) - median_of (cli), median_of (tables) - median_of (cli),
           over / BUDGET_MS, BUDGET_MS, over <= BUDGET_MS ? "" : "  ** MISSED **");
  return 0;
}
