/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-fleet-page: how long a person waits from opening a folder of 1 024
 * rank digests in the window to the Fleet page's first drawn heatmap
 * (docs/metrics.md 17.7's window budget: 2 s), and how long the main loop
 * went unanswered meanwhile.
 *
 * Each run opens FOLDER in a new StWindow (1600x1000, under the X server
 * the benchmark runs in) once its greeter is drawn, and notes on the
 * window's frame clock the end of the first frame painted with the ranks
 * × steps heatmap filled, and of the first with every rank in the table
 * (its rows come a few at a frame after); and the longest a 5 ms tick came late until then (a
 * frozen window).
 *
 *   bench-fleet-page [--runs N] FOLDER...
 *
 * Each FOLDER in turn: the generated job's small digests, and digests the
 * size a rank of 100 MB makes (copy-digests.py).
 *
 * A benchmark reports: it exits 0 when it ran, whether the budget was met
 * or not, and says so, as a ratio of the budget.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-fleet-page.h"
#include "st-heatmap.h"
#include "st-window.h"

#include <adwaita.h>

#define WIDTH     1600
#define HEIGHT    1000
#define BUDGET_MS 2000.0
#define TICK_MS   5

typedef struct
{
  StHeatmap     *map;
  StFleetPage   *page;
  GtkColumnView *table;
  gboolean       greeter_drawn;
  double         opened;
  double         drawn;
  double         table_drawn;
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
  run->greeter_drawn = TRUE;
  if (run->opened > 0 && run->drawn == 0 && st_heatmap_get_n_rows (run->map) > 0
      && gtk_widget_get_mapped (GTK_WIDGET (run->map)))
    run->drawn = st_bench_now_ms ();
  if (run->drawn > 0 && run->table_drawn == 0
      && g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (run->table)))
             == st_fleet_get_n_ranks (
                 st_fleet_document_get_fleet (st_fleet_page_get_document (run->page))))
    run->table_drawn = st_bench_now_ms ();
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
open_once (GFile *folder, Run *run)
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
  run->map = ST_HEATMAP (find_child (GTK_WIDGET (window), ST_TYPE_HEATMAP));
  run->page = ST_FLEET_PAGE (find_child (GTK_WIDGET (window), ST_TYPE_FLEET_PAGE));
  run->table = GTK_COLUMN_VIEW (find_child (GTK_WIDGET (run->page), GTK_TYPE_COLUMN_VIEW));
  while (!run->greeter_drawn)
    g_main_context_iteration (NULL, TRUE);
  tick = g_timeout_add (TICK_MS, on_tick, run);
  run->opened = st_bench_now_ms ();
  st_window_open_files (window, &folder, 1, FALSE, ST_ALIGN_CLOCK);
  while (run->table_drawn == 0)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  g_signal_handler_disconnect (clock, paint);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The runs of @path, and their medians. */
static void
measure (const char *path, int runs)
{
  g_autoptr (GFile)  folder = g_file_new_for_path (path);
  g_autoptr (GArray) drawn = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) stall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) table = g_array_new (FALSE, FALSE, sizeof (double));
  double             median;

  g_print ("folder  %s; window %dx%d; %d runs\n", path, WIDTH, HEIGHT, runs);
  for (int i = 0; i < runs; i++)
    {
      Run    run;
      double d, t;

      open_once (folder, &run);
      d = run.drawn - run.opened;
      t = run.table_drawn - run.opened;
      g_array_append_val (drawn, d);
      g_array_append_val (table, t);
      g_array_append_val (stall, run.stall);
      g_print ("run %d   heatmap drawn %6.0f ms   table %6.0f ms   longest stall %5.0f ms\n", i + 1,
               d, t, run.stall);
    }
  median = st_bench_median (drawn);
  g_print ("median  heatmap drawn %6.0f ms = %.2fx of the %.0f ms budget%s; table %.0f ms; "
           "longest stall %.0f ms\n",
           median, median / BUDGET_MS, BUDGET_MS, median <= BUDGET_MS ? "" : "  ** MISSED **",
           st_bench_median (table), st_bench_median (stall));
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  const GOptionEntry entries[]
      = { { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs (default 5)", "N" }, { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("FOLDER… — fleets of digests to their first drawn heatmap");
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2 || runs < 1)
    {
      g_printerr ("bench-fleet-page: %s\n", error ? error->message : "give FOLDER");
      return 2;
    }
  gtk_init ();
  adw_init ();
  for (int f = 1; f < argc; f++)
    measure (argv[f], runs);
  return 0;
}
