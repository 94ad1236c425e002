/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Summary's Trends per Step card as a person meets it: it appears on
 * opening a profile with steps, no region method run; in a merged profile
 * of four ranks with one slow step on one rank, that point is the only
 * one in the theme's error colour; clicking it (found from the chart's
 * pixels) selects that step on that rank and shows it on the timeline;
 * the keyboard reaches the same point with Home, Down and Right.
 *
 * The traces are written here: rank r's file has ProfilerStep#10 … #15,
 * step i (0 … 5) from 1000 i µs for 100 µs, a 50 µs gemm on its GPU 0 in
 * each; rank 1's step 12 (i = 2) lasts 300 µs. Rank 1's step times are
 * then 100 µs but one 300 µs: the median 100 µs, MAD 0, so the robust
 * spread is its floor, 1 µs (docs/metrics.md 17.4), and only that point
 * lies more than 3 µs from it; every other rank's times are equal and
 * every busy share is 100 %. Memory has no events: no point. The step's
 * median over the four ranks is 100 µs (no outlier step), and four ranks
 * are too few for an outlier rank. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-step-trends-chart.h"
#include "st-step-trends-section.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#define N_STEPS   6
#define SLOW_RANK 1
#define SLOW_STEP 2 /* ProfilerStep#12 */
#define US        1000

typedef struct
{
  char                *dir;
  StWindow            *window;
  StSession           *session;
  StSummaryPage       *page;
  StStepTrendsSection *section;
  StStepTrendsChart   *chart;
} Fixture;

static gint64
step_length (guint rank, guint i)
{
  return rank == SLOW_RANK && i == SLOW_STEP ? 300 : 100;
}

static GFile *
write_rank (Fixture *f, guint rank, guint n_ranks)
{
  g_autoptr (GString) json = g_string_new (NULL);
  g_autoptr (GError)  error = NULL;
  g_autofree char    *name = g_strdup_printf ("rank%u.json", rank);
  g_autofree char    *path = g_build_filename (f->dir, name, NULL);

  g_string_append_printf (
      json,
      "{\"distributedInfo\": {\"rank\": %u, \"world_size\": %u}, \"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}",
      rank, n_ranks);
  for (guint i = 0; i < N_STEPS; i++)
    g_string_append_printf (json,
                            ",\n{\"ph\": \"X\", \"cat\": \"user_annotation\", "
                            "\"name\": \"ProfilerStep#%u\", \"pid\": 1, \"tid\": 1, \"ts\": %u, "
                            "\"dur\": %" G_GINT64_FORMAT "}"
                            ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", "
                            "\"pid\": 0, \"tid\": 7, \"ts\": %u, \"dur\": 50}",
                            10 + i, 1000 * i, step_length (rank, i), 1000 * i + 10);
  g_string_append (json, "\n]}\n");
  g_assert_true (g_file_set_contents (path, json->str, -1, &error));
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

static gboolean
step_trends_shown (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_visible (GTK_WIDGET (f->section))
         && gtk_widget_get_width (GTK_WIDGET (f->chart)) > 300;
}

static const char *
status (Fixture *f)
{
  return gtk_label_get_text (
      GTK_LABEL (st_test_find_by_id (GTK_WIDGET (f->section), "status_label")));
}

/* @data: the number of ranks. The window at 1280 × 800, as on a laptop. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  guint                 n_ranks = GPOINTER_TO_UINT (data);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError)    error = NULL;
  StTimelinePage       *timeline;

  f->dir = g_dir_make_tmp ("strata-step-trends-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint r = 0; r < n_ranks; r++)
    /* one rank alone: the slow one */
    g_ptr_array_add (files, write_rank (f, n_ranks == 1 ? SLOW_RANK : r, n_ranks));
  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1280, "default-height", 800, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  if (n_ranks == 1)
    st_window_open (f->window, files->pdata[0]);
  else
    st_window_open_profile (f->window, (GFile **)files->pdata, n_ranks, ST_ALIGN_CLOCK);
  st_test_wait_until (st_test_window_loaded, f->window);
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (timeline);
  f->page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_SUMMARY_PAGE));
  f->section = ST_STEP_TRENDS_SECTION (
      st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_STEP_TRENDS_SECTION));
  f->chart = ST_STEP_TRENDS_CHART (
      st_test_find_child (GTK_WIDGET (f->section), ST_TYPE_STEP_TRENDS_CHART));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  st_test_wait_until (step_trends_shown, f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
  st_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* The selected slice is ProfilerStep#12 of rank 1: its file's step, from
 * 2000 µs for 300 µs. */
static void
assert_selected_slow_step (Fixture *f)
{
  StTrace       *trace = st_session_get_trace (f->session);
  GArray        *selection = st_session_get_selection (f->session);
  StEventRef     ref;
  const StSlice *slice;

  g_assert_cmpuint (selection->len, ==, 1);
  ref = g_array_index (selection, StEventRef, 0);
  slice = &st_trace_get_track (trace, ref.track)->slices[ref.index];
  g_assert_cmpstr (st_trace_get_string (trace, slice->name), ==, "ProfilerStep#12");
  g_assert_cmpuint (st_offset_get_file (slice->offset), ==, SLOW_RANK);
  g_assert_cmpint (slice->start, ==, 2000 * US);
  g_assert_cmpint (slice->dur, ==, 300 * US);
}

static void
assert_on_timeline (Fixture *f)
{
  gint64 start, end;

  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (
                       st_test_find_child (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK))),
                   ==, "timeline");
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <=, 2000 * US);
  g_assert_cmpint (end, >=, 2300 * US);
  g_assert_cmpint (end - start, <, 1000 * US);
}

/* The pixels in the theme's error colour above @max_y (the legend's dot,
 * at the bottom, left out): their centre, and the larger side of the box
 * around them, under 12 px for one disc. */
static gboolean
find_outliers (cairo_surface_t *surface,
               guint32          color,
               int              max_y,
               double          *cx,
               double          *cy,
               int             *extent)
{
  int    w = cairo_image_surface_get_width (surface);
  int    x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1, n = 0;
  double sx = 0, sy = 0;

  for (int y = 0; y < max_y; y++)
    for (int x = 0; x < w; x++)
      if (st_test_pixel (surface, x, y) == color)
        {
          sx += x;
          sy += y;
          n++;
          x0 = MIN (x0, x), y0 = MIN (y0, y), x1 = MAX (x1, x), y1 = MAX (y1, y);
        }
  *cx = n ? sx / n : 0;
  *cy = n ? sy / n : 0;
  *extent = n ? MAX (x1 - x0, y1 - y0) + 1 : 0;
  return n > 0;
}

static GtkGesture *
click_gesture (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c))
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

static guint32
error_color (Fixture *f)
{
  GdkRGBA error;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_assert_true (gtk_style_context_lookup_color (
      gtk_widget_get_style_context (GTK_WIDGET (f->chart)), "error_color", &error));
  G_GNUC_END_IGNORE_DEPRECATIONS
  return (guint32)(error.red * 255 + 0.5) << 16 | (guint32)(error.green * 255 + 0.5) << 8
         | (guint32)(error.blue * 255 + 0.5);
}

/* The planted step is the one outlier; a click on it goes there. */
static void
test_merged_outlier (Fixture *f, gconstpointer data)
{
  cairo_surface_t *surface;
  double           x, y;
  int              extent;

  g_assert_cmpstr (status (f), ==, "6 steps · 4 ranks · 1 outlier point");
  /* not cramped at 1280 × 800: the chart its full height, the card's width */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->chart)), >=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->chart)), >=, 1000);
  surface = st_test_render (GTK_WIDGET (f->chart));
  /* above the axis and the legend's line, the last 60 px */
  g_assert_true (find_outliers (surface, error_color (f),
                                cairo_image_surface_get_height (surface) - 60, &x, &y, &extent));
  cairo_surface_destroy (surface);
  /* one disc, 9 px across */
  g_assert_cmpint (extent, <, 12);
  /* in the first row, step time, a third of the way along: step 12 of 10 … 15 */
  g_assert_cmpfloat (y, <, gtk_widget_get_height (GTK_WIDGET (f->chart)) / 4.0);
  g_signal_emit_by_name (click_gesture (GTK_WIDGET (f->chart)), "released", 1, x, y);
  assert_selected_slow_step (f);
  assert_on_timeline (f);
}

/* Home, Down, Right, Right: rank 1's step 12; Enter goes there. */
static void
test_merged_keys (Fixture *f, gconstpointer data)
{
  guint rank = 0, step = 0;

  gtk_widget_grab_focus (GTK_WIDGET (f->chart));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Home"));
  g_assert_true (st_step_trends_chart_get_focus (f->chart, &rank, &step));
  g_assert_cmpuint (rank, ==, 0);
  g_assert_cmpuint (step, ==, 0);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Down"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Right"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Right"));
  g_assert_true (st_step_trends_chart_get_focus (f->chart, &rank, &step));
  g_assert_cmpuint (rank, ==, SLOW_RANK);
  g_assert_cmpuint (step, ==, SLOW_STEP);
  /* Down past the last rank stays on it; Up comes back */
  for (guint i = 0; i < 5; i++)
    g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Down"));
  g_assert_true (st_step_trends_chart_get_focus (f->chart, &rank, &step));
  g_assert_cmpuint (rank, ==, 3);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Up"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Up"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Return"));
  assert_selected_slow_step (f);
  assert_on_timeline (f);
}

/* Rank 1 alone: the card shows without a region method run, its slow step
 * the one outlier (its times as above), and a click on it goes there. */
static void
test_single (Fixture *f, gconstpointer data)
{
  cairo_surface_t *surface;
  double           x, y;
  int              extent;

  g_assert_cmpstr (status (f), ==, "6 steps · 1 outlier");
  surface = st_test_render (GTK_WIDGET (f->chart));
  g_assert_true (find_outliers (surface, error_color (f),
                                cairo_image_surface_get_height (surface) - 60, &x, &y, &extent));
  cairo_surface_destroy (surface);
  g_assert_cmpint (extent, <, 12);
  g_signal_emit_by_name (click_gesture (GTK_WIDGET (f->chart)), "released", 1, x, y);
  assert_on_timeline (f);
}

int
main (int argc, char **argv)
{
  g_autofree char *state = g_dir_make_tmp ("strata-step-trends-state-XXXXXX", NULL);
  int              status;

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add ("/step-trends/merged-outlier", Fixture, GUINT_TO_POINTER (4), fixture_set_up,
              test_merged_outlier, fixture_tear_down);
  g_test_add ("/step-trends/merged-keys", Fixture, GUINT_TO_POINTER (4), fixture_set_up,
              test_merged_keys, fixture_tear_down);
  g_test_add ("/step-trends/single", Fixture, GUINT_TO_POINTER (1), fixture_set_up, test_single,
              fixture_tear_down);
  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
