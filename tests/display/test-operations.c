/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Summary page's tables as a person reads them for triage: a click on
 * a column header sorts the Operations table the way its arrow points; a
 * name keeps what identifies it, with the full name in its tooltip and a
 * copy action; a ratio reads as strata-cli prints it; a Neuron metric has
 * a title in words and its id in the tooltip; a card with nothing to show
 * folds to one line.
 *
 * Runs under Xvfb on the generated Kineto trace (two ranks, NCCL
 * all-reduces), the generated Neuron profile and tests/data. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-metric-table.h"
#include "st-summary-page.h"
#include "st-window.h"

#include <adwaita.h>
#include <string.h>

typedef struct
{
  StWindow      *window;
  StSummaryPage *page;
} Fixture;

static gboolean
computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

/* The cards show once their first summary is in, and are laid out at the
 * next frame: the Operations table then has its width. */
static gboolean
allocated (gpointer data)
{
  GtkWidget *table = st_test_find_by_id (data, "operations_view");

  return table != NULL && gtk_widget_get_mapped (table) && gtk_widget_get_width (table) > 200;
}

static void
open_profile (Fixture *f, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1600, "default-height", 1000, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  f->page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_SUMMARY_PAGE));
  g_assert_nonnull (f->page);
  st_test_wait_until (computed, f->page);
  st_test_wait_until (allocated, f->page);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
}

static GtkWidget *
part (GtkWidget *root, const char *id)
{
  GtkWidget *widget = st_test_find_by_id (root, id);

  g_assert_nonnull (widget);
  return widget;
}

/* The first widget under @root whose CSS name is @name. */
static GtkWidget *
find_css (GtkWidget *root, const char *name)
{
  if (g_str_equal (gtk_widget_get_css_name (root), name))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_css (c, name);
      if (found)
        return found;
    }
  return NULL;
}

/* The header button of the column titled @title. */
static GtkWidget *
header_titled (GtkColumnView *view, const char *title)
{
  GtkWidget *header = find_css (GTK_WIDGET (view), "header");

  g_assert_nonnull (header);
  for (GtkWidget *c = gtk_widget_get_first_child (header); c; c = gtk_widget_get_next_sibling (c))
    if (st_test_find_label (c, title) != NULL)
      return c;
  g_error ("no header %s", title);
}

/* Which way the header's sort arrow points, from its pixels: +1 down, -1
 * up, 0 when it shows none. A triangle pointing down is widest at the
 * top, so most of its ink lies above the middle of its height. */
static int
arrow_direction (GtkWidget *header)
{
  GtkWidget       *indicator = find_css (header, "sort-indicator");
  cairo_surface_t *surface;
  guchar          *data;
  int              stride, top = G_MAXINT, bottom = -1;
  double           ink = 0, moment = 0;

  g_assert_nonnull (indicator);
  surface = st_test_render (indicator);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint alpha = ((guint32 *)(void *)(data + y * stride))[x] >> 24;

        if (alpha < 64)
          continue;
        ink += alpha;
        moment += alpha * (y + 0.5);
        top = MIN (top, y);
        bottom = MAX (bottom, y + 1);
      }
  cairo_surface_destroy (surface);
  if (ink == 0 || bottom - top < 2)
    return 0;
  return moment / ink < (top + bottom) / 2.0 ? 1 : -1;
}

/* The values of @property over the rows of @view, in the order shown. */
static GArray *
column_values (GtkColumnView *view, const char *property)
{
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  GArray     *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);
      GValue              value = G_VALUE_INIT;
      double              v;

      g_value_init (&value, G_TYPE_DOUBLE);
      g_object_get_property (item, property, &value);
      v = g_value_get_double (&value);
      g_array_append_val (values, v);
    }
  return values;
}

/* The order of @values agrees with an arrow pointing @direction: down,
 * the largest first; up, the smallest first. */
static void
assert_order_matches (GArray *values, int direction)
{
  g_assert_cmpuint (values->len, >=, 2);
  g_assert_cmpint (direction, !=, 0);
  for (guint i = 1; i < values->len; i++)
    if (direction > 0)
      g_assert_cmpfloat (g_array_index (values, double, i - 1), >=,
                         g_array_index (values, double, i));
    else
      g_assert_cmpfloat (g_array_index (values, double, i - 1), <=,
                         g_array_index (values, double, i));
}

static void
setup_kineto (Fixture *f, gconstpointer data)
{
  open_profile (f, g_getenv ("STRATA_TEST_TRACE"));
}

/* The table opens sorted with its arrow on Total; sorting by Count one
 * way, then the other, as a first and a second click on its header do
 * (GTK takes no synthetic click), the rows go the way the arrow points each
 * time. The arrow's direction is read from its pixels, the order from the
 * items' own counts and totals. */
static void
test_sort_matches_arrow (Fixture *f, gconstpointer data)
{
  GtkColumnView     *view = GTK_COLUMN_VIEW (part (GTK_WIDGET (f->page), "operations_view"));
  GtkWidget         *total = header_titled (view, "Total");
  GtkWidget         *count = header_titled (view, "Count");
  g_autoptr (GArray) totals = column_values (view, "total");
  const GtkSortType  clicks[] = { GTK_SORT_ASCENDING, GTK_SORT_DESCENDING };
  int                previous = 0;

  g_assert_cmpint (arrow_direction (total), ==, 1);
  assert_order_matches (totals, 1);
  g_assert_cmpint (arrow_direction (count), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (clicks); i++)
    {
      g_autoptr (GArray) counts = NULL;
      int                direction;

      /* cleared first, as a click leaves no arrow on the column sorted before */
      gtk_column_view_sort_by_column (view, NULL, clicks[i]);
      gtk_column_view_sort_by_column (view, st_test_column_titled (view, "Count"), clicks[i]);
      direction = arrow_direction (count);
      counts = column_values (view, "count");
      assert_order_matches (counts, direction);
      /* the first and last rows differ, so the order says which way it goes */
      g_assert_cmpfloat (g_array_index (counts, double, 0), !=,
                         g_array_index (counts, double, counts->len - 1));
      g_assert_cmpint (direction, !=, previous);
      g_assert_cmpint (arrow_direction (total), ==, 0);
      previous = direction;
    }
}

static gboolean
clipboard_read (gpointer data)
{
  return *(char **)data != NULL;
}

static void
on_text (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);

  *(char **)data = text ? text : g_strdup ("");
}

/* The generated trace launches NCCL's kernel
 * "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long,
 * ncclWork*)": its row reads the kernel's name without the parameters,
 * its tooltip the full name, and Ctrl+C copies the full name of the row
 * selected. */
static void
test_name_and_copy (Fixture *f, gconstpointer data)
{
  static const char full[]
      = "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)";
  GtkColumnView     *view = GTK_COLUMN_VIEW (part (GTK_WIDGET (f->page), "operations_view"));
  GtkSelectionModel *rows = gtk_column_view_get_model (view);
  GtkWidget         *section = part (GTK_WIDGET (f->page), "operations_section");
  GtkWidget         *shown
      = st_test_find_label (GTK_WIDGET (view), "ncclDevKernel_AllReduce_Sum_f32_RING_LL");
  const char *tip = NULL;
  char       *copied = NULL;
  guint       position = G_MAXUINT;

  g_assert_nonnull (shown);
  tip = gtk_widget_get_tooltip_text (gtk_widget_get_parent (shown));
  g_assert_cmpstr (tip, ==, full);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rows)); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (rows), i);
      g_autofree char    *name = NULL;

      g_object_get (item, "name", &name, NULL);
      if (g_str_equal (name, full))
        position = i;
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);

  gtk_selection_model_select_item (rows, position, TRUE);
  g_assert_true (st_test_press_shortcut (section, "<Control>c"));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (section), NULL, on_text, &copied);
  st_test_wait_until (clipboard_read, &copied);
  g_assert_cmpstr (copied, ==, full);
  g_free (copied);
}

/* The ratio of the slowest collective to its group's median reads in the
 * window as strata-cli prints it on the same file: with its "×". */
static void
test_ratio_as_cli (Fixture *f, gconstpointer data)
{
  StMetricTable *table = ST_METRIC_TABLE (st_test_find_child (
      part (GTK_WIDGET (f->page), "communication_section"), ST_TYPE_METRIC_TABLE));
  const char    *shown = st_metric_table_get_value_text (table, "worst_collective_ratio", 0);
  const char *argv[] = { g_getenv ("STRATA_CLI"), "summary", g_getenv ("STRATA_TEST_TRACE"), NULL };
  g_autofree char *out = NULL;
  g_auto (GStrv)   lines = NULL;
  const char      *printed = NULL;
  int              status;

  g_assert_nonnull (shown);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && printed == NULL; i++)
    if (g_str_has_prefix (g_strstrip (lines[i]), "Slowest collective over its group's median"))
      printed = g_strstrip (lines[i] + strlen ("Slowest collective over its group's median"));
  g_assert_nonnull (printed);
  g_assert_true (g_str_has_suffix (printed, "×"));
  g_assert_cmpstr (shown, ==, printed);
}

static void
setup_neuron (Fixture *f, gconstpointer data)
{
  open_profile (f, g_getenv ("STRATA_TEST_NEURON"));
}

/* The Neuron profile's mm_arithmetic_intensity is a row titled in words,
 * its id and the file's own description (st-gen-neuron writes "Matrix
 * multiplication FLOPs over the bytes moved to and from DRAM.") in the
 * tooltip; no row is titled with an id. */
static void
test_neuron_words (Fixture *f, gconstpointer data)
{
  GtkWidget  *compute = part (GTK_WIDGET (f->page), "compute_section");
  GtkWidget  *title = st_test_find_label (compute, "Arithmetic intensity");
  const char *tip = NULL;

  g_assert_nonnull (title);
  tip = gtk_widget_get_tooltip_text (title);
  g_assert_nonnull (strstr (tip, "mm_arithmetic_intensity"));
  g_assert_nonnull (strstr (tip, "Matrix multiplication FLOPs over the bytes moved"));
  g_assert_null (st_test_find_label (compute, "mm_arithmetic_intensity"));
}

static void
setup_host_only (Fixture *f, gconstpointer data)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", "summary", "host-only.json", NULL);

  open_profile (f, path);
}

/* tests/data/summary/host-only.json has no device, so no copy or memset:
 * the memory breakdown card is one line, its title and "Not in this
 * profile", no chart. */
static void
test_empty_card_folds (Fixture *f, gconstpointer data)
{
  GtkWidget *card = part (GTK_WIDGET (f->page), "memory_breakdown_section");
  GtkWidget *why = st_test_find_label (card, "Not in this profile");
  GtkWidget *title = st_test_find_label (card, "Memory Bandwidth Breakdown");
  GtkWidget *chart = part (card, "chart");

  g_assert_nonnull (why);
  g_assert_true (gtk_widget_get_mapped (why));
  g_assert_nonnull (title);
  g_assert_true (gtk_widget_get_mapped (title));
  g_assert_false (gtk_widget_get_mapped (chart));
  /* one line: the title and the sentence share a row */
  g_assert_cmpint (gtk_widget_get_height (card), <, 3 * gtk_widget_get_height (title) + 24);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/display/operations/sort-matches-arrow", Fixture, NULL, setup_kineto,
              test_sort_matches_arrow, fixture_tear_down);
  g_test_add ("/display/operations/name-and-copy", Fixture, NULL, setup_kineto, test_name_and_copy,
              fixture_tear_down);
  g_test_add ("/display/words/ratio-as-cli", Fixture, NULL, setup_kineto, test_ratio_as_cli,
              fixture_tear_down);
  g_test_add ("/display/words/neuron-titles", Fixture, NULL, setup_neuron, test_neuron_words,
              fixture_tear_down);
  g_test_add ("/display/words/empty-card-folds", Fixture, NULL, setup_host_only,
              test_empty_card_folds, fixture_tear_down);

  return g_test_run ();
}
