/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Summary's Peak Memory and FLOPs cards and the timeline's memory track
 * as a person meets them (docs/metrics.md 12, 13): the cards show the
 * peaks and the rates of the range chosen, a row of Peak Memory leads to
 * its allocation on the timeline, and the memory of a GPU is drawn as a
 * counter track. Runs under Xvfb on the hand-written traces of
 * tests/data/memory and tests/data/flops, whose expected values
 * test-memory.c and test-flops.c derive from their events. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-application.h"
#include "st-bar-chart.h"
#include "st-display-util.h"
#include "st-flop-shape-item.h"
#include "st-roofline-chart.h"
#include "st-roofline-section.h"
#include "st-summary-page.h"
#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-page.h"
#include "st-timeline-renderer.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <unistd.h>

#define US 1000

/* The timeline's label column: this wide, or a third of a narrow view. */
#define LABEL_COLUMN 240

typedef struct
{
  StWindow      *window;
  StSummaryPage *page;
  StSession     *session;
  AdwViewStack  *stack;
} Fixture;

static gboolean
computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 200 && gtk_widget_get_height (data) > 100;
}

static void
fixture_open (Fixture *f, const char *path)
{
  g_autoptr (GFile)     file = g_file_new_for_path (path);
  g_autoptr (GSettings) settings = st_application_new_settings ();
  StTimelinePage       *timeline;

  /* the landing page of a first run, whichever page the case before went to */
  if (settings != NULL)
    g_settings_reset (settings, "landing-page");

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1600, "default-height", 1000, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  f->page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_SUMMARY_PAGE));
  f->stack = ADW_VIEW_STACK (st_test_find_child (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK));
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (timeline);
  st_test_wait_until (computed, f->page);
  st_test_wait_until (allocated, f->page);
}

/* @data: "DIR/FILE" of tests/data. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_auto (GStrv)   parts = g_strsplit (data, "/", 2);
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", parts[0], parts[1], NULL);

  fixture_open (f, path);
}

/* A Kineto trace recorded with shapes and without flops args, on one H100
 * SXM (bf16 989.4 TFLOP/s, 3.35 TB/s), written here: two aten::mm of
 * [1024, 2048] × [2048, 4096] bf16 whose kernels last 100 and 60 µs, and an
 * aten::add of two [1024, 4096] bf16 whose kernel lasts 30 µs. */
static void
fixture_set_up_shapes (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *name, *dims, *types, *kernel;
    guint       start, dur;
  } ops[] = {
    { "aten::mm", "[[1024, 2048], [2048, 4096]]", "[\"c10::BFloat16\", \"c10::BFloat16\"]",
      "sm90_xmma_gemm_bf16bf16", 10, 100 },
    { "aten::mm", "[[1024, 2048], [2048, 4096]]", "[\"c10::BFloat16\", \"c10::BFloat16\"]",
      "sm90_xmma_gemm_bf16bf16", 120, 60 },
    { "aten::add", "[[1024, 4096], [1024, 4096], []]",
      "[\"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\"]", "vectorized_elementwise_kernel", 190,
      30 },
  };
  g_autoptr (GString) t = g_string_new (
      "{\"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA H100 80GB HBM3\", "
      "\"totalGlobalMem\": 85018279936, \"computeMajor\": 9, \"computeMinor\": 0, "
      "\"warpSize\": 32, \"numSms\": 132}],\n\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 0, \"args\": {\"labels\": "
      "\"GPU 0\"}}");
  g_autoptr (GError) error = NULL;
  g_autofree char   *path = NULL;
  int                fd;

  /* "fast": every kernel takes 1 µs */
  gboolean fast = data != NULL && g_str_equal (data, "fast");

  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    g_string_append_printf (
        t,
        ",\n{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": 10, \"tid\": 10, "
        "\"ts\": %u, \"dur\": 5, \"args\": {\"Input Dims\": %s, \"Input type\": %s}}"
        ",\n{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": "
        "10, \"tid\": 10, \"ts\": %u, \"dur\": 1, \"args\": {\"correlation\": %u}}"
        ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": 7, "
        "\"ts\": %u, \"dur\": %u, \"args\": {\"correlation\": %u}}",
        ops[i].name, i * 6, ops[i].dims, ops[i].types, i * 6 + 1, i + 1, ops[i].kernel,
        ops[i].start, fast ? 1 : ops[i].dur, i + 1);
  g_string_append (t, "\n]}\n");
  fd = g_file_open_tmp ("strata-shapes-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, t->str, t->len, &error);
  g_assert_no_error (error);
  fixture_open (f, path);
  g_unlink (path);
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

/* A label under @root reads @text, and a person can see it. */
static void
assert_shows (GtkWidget *root, const char *text)
{
  GtkWidget *label = st_test_find_label (root, text);

  if (label == NULL)
    g_error ("no label reads “%s”", text);
  g_assert_true (gtk_widget_is_visible (label));
}

/* Per device, the peaks of the whole profile: GPU 0 600 B allocated
 * (reached by +500 B in aten::empty at 40 µs) and 2 kB reserved; GPU 2 only
 * writes changes; the CPU reserves nothing. No operation carries FLOPs. */
static void
test_peak_memory_card (Fixture *f, gconstpointer data)
{
  GtkWidget     *card = part (GTK_WIDGET (f->page), "memory_peaks_section");
  GtkColumnView *view = GTK_COLUMN_VIEW (part (card, "view"));
  GtkWidget     *flops = part (GTK_WIDGET (f->page), "flops_section");

  g_assert_true (gtk_widget_is_visible (card));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))), ==,
                    5);
  assert_shows (card, "GPU 0");
  assert_shows (card, "600 B");
  assert_shows (card, "2 kB");
  assert_shows (card, "+500 B in aten::empty at 40.00 µs");
  assert_shows (card, "70 B since start");
  assert_shows (card, "CPU (pid 20)");
  assert_shows (card, "not in this profile");
  /* folded to its title and why */
  assert_shows (flops, "Not in this profile");
  g_assert_false (gtk_widget_is_visible (part (flops, "headline")));
}

/* Like every card, recomputed for the region chosen: in [51, 65) µs GPU 0
 * reaches 300 B, by +200 B at 60 µs. The FLOPs card, which no operation of
 * the whole profile feeds, still says the profile has none, not that the
 * region lacks them (docs/metrics.md 2). */
static void
test_peak_memory_region (Fixture *f, gconstpointer data)
{
  GtkWidget           *card = part (GTK_WIDGET (f->page), "memory_peaks_section");
  g_autoptr (StRegion) region = st_region_new ("late", 51 * US, 65 * US, ST_REGION_MANUAL);

  st_region_set_add (st_session_get_regions (f->session), region);
  st_summary_page_set_region (f->page, region);
  st_test_wait_until (computed, f->page);
  assert_shows (card, "300 B");
  assert_shows (card, "+200 B in ProfilerStep#1 at 60.00 µs");
  g_assert_null (st_test_find_label (card, "600 B"));
  assert_shows (part (GTK_WIDGET (f->page), "flops_section"), "Not in this profile");
  g_assert_null (
      st_test_find_label (part (GTK_WIDGET (f->page), "flops_section"), "None in this range"));
}

/* A row leads to the "[memory]" event at the peak: the timeline shows it
 * selected. */
static void
test_go_to_allocation (Fixture *f, gconstpointer data)
{
  GtkColumnView *view
      = GTK_COLUMN_VIEW (part (part (GTK_WIDGET (f->page), "memory_peaks_section"), "view"));
  StTrace   *trace = st_session_get_trace (f->session);
  GArray    *selection;
  StEventRef event;

  /* the first row is GPU 0's */
  g_signal_emit_by_name (view, "activate", 0);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "timeline");
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 1);
  event = g_array_index (selection, StEventRef, 0);
  g_assert_cmpint (event.kind, ==, ST_EVENT_INSTANT);
  g_assert_cmpstr (st_trace_get_string (
                       trace, st_trace_get_track (trace, event.track)->instants[event.index].name),
                   ==, "[memory]");
  g_assert_cmpint (st_trace_get_track (trace, event.track)->instants[event.index].ts, ==, 40 * US);
}

static guint
track_named (StTrace *trace, const char *name)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    if (g_str_equal (st_trace_get_string (trace, st_trace_get_track (trace, t)->name), name))
      return t;
  g_error ("no track %s", name);
  return 0;
}

/* Pixels of column @x from @y0 to @y1 that are coloured, not grey. */
static guint
coloured (cairo_surface_t *surface, int x, int y0, int y1)
{
  guint n = 0;

  for (int y = MAX (0, y0); y < MIN (y1, cairo_image_surface_get_height (surface)); y++)
    {
      guint32 p = st_test_pixel (surface, x, y);
      int     r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

      if (MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 30)
        n++;
    }
  return n;
}

/* "Memory · GPU 0" is drawn: nothing before its first event at 10 µs,
 * its reserved and allocated areas after it. */
static void
test_memory_track (Fixture *f, gconstpointer data)
{
  StTimelinePage *timeline
      = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  StTimelineView              *view = st_timeline_page_get_view (timeline);
  StTrace                     *trace = st_session_get_trace (f->session);
  g_autoptr (StTimelineLayout) layout
      = st_timeline_layout_new (trace, st_session_get_collapsed (f->session));
  guint            track = track_named (trace, "Memory \302\267 GPU 0");
  cairo_surface_t *surface;
  StViewport       vp = { 0 };
  int              top;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-timeline", NULL));
  st_test_wait_until (allocated, view);
  st_session_set_range (f->session, 0, 100 * US);
  st_session_get_range (f->session, &vp.start, &vp.end);
  vp.width = gtk_widget_get_width (GTK_WIDGET (view));
  vp.height = gtk_widget_get_height (GTK_WIDGET (view));
  vp.gutter = MIN (LABEL_COLUMN, vp.width / 3);
  vp.scroll_y = gtk_adjustment_get_value (st_timeline_view_get_vadjustment (view));
  top = ST_RULER_HEIGHT + st_timeline_layout_row_y (layout, track, 0) - (int)vp.scroll_y;
  g_assert_cmpint (top, >, 0);
  g_assert_cmpint (top + ST_LAYOUT_COUNTER_HEIGHT, <, vp.height);
  surface = st_test_render (GTK_WIDGET (view));
  g_assert_cmpuint (
      coloured (surface, (int)st_viewport_x_at (&vp, 5 * US), top, top + ST_LAYOUT_COUNTER_HEIGHT),
      ==, 0);
  g_assert_cmpuint (
      coloured (surface, (int)st_viewport_x_at (&vp, 45 * US), top, top + ST_LAYOUT_COUNTER_HEIGHT),
      >, 10);
  cairo_surface_destroy (surface);
}

/* 14.001 GFLOP in 190 µs of device time: 73.69 TFLOP/s; GPU 0's MFU
 * 42.735 % of its peak (and says so, docs/metrics.md 2.2), the only one
 * with a peak; a bar per device and per operation. */
static void
test_flops_card (Fixture *f, gconstpointer data)
{
  GtkWidget *card = part (GTK_WIDGET (f->page), "flops_section");

  g_assert_true (gtk_widget_is_visible (card));
  assert_shows (card, "Achieved 73.69 TFLOP/s \302\267 MFU 42.7% of peak FLOPs");
  assert_shows (card, "14 GFLOP in 190.0 µs of device time, by 4 operations; 1 timed on the host: "
                      "no kernel known");
  g_assert_cmpuint (st_bar_chart_get_n_bars (ST_BAR_CHART (part (card, "devices_chart"))), ==, 2);
  g_assert_cmpuint (st_bar_chart_get_n_bars (ST_BAR_CHART (part (card, "operations_chart"))), ==,
                    4);
  /* no [memory] events */
  assert_shows (part (GTK_WIDGET (f->page), "memory_peaks_section"), "Not in this profile");
}

/* The rows of the table: the shape of @label. */
static StFlopShapeItem *
shape_item (GListModel *shapes, const char *label)
{
  for (guint i = 0; i < g_list_model_get_n_items (shapes); i++)
    {
      g_autoptr (StFlopShapeItem) item = g_list_model_get_item (shapes, i);

      if (g_str_equal (st_flop_shape_item_get_label (item), label))
        return item;
    }
  g_error ("no shape %s", label);
  return NULL;
}

static void
assert_text (StFlopShapeItem *item, const char *column, const char *expected)
{
  g_autofree char *text = st_flop_shape_item_dup_text (item, column);

  g_assert_cmpstr (text, ==, expected);
}

/* Worked by hand, F = 2·1024·2048·4096 = 17 179 869 184 FLOPs per mm and
 * B = (1024·2048 + 2048·4096 + 1024·4096)·2 = 29 360 128 bytes; the add
 * 1024·4096 = 4 194 304 FLOPs and 3·1024·4096·2 = 25 165 824 bytes.
 * FLOPs in all 2F + 4 194 304 = 34 363 932 672 in 190 µs: 180.9 TFLOP/s;
 * at 989.4 TFLOP/s they take 34.73 µs of GPU 0's device time, 210 µs
 * from its first kernel's start (10 µs) to its last one's end (220 µs,
 * docs/metrics.md 2): MFU 16.5 %.
 * The mm shape: 2 calls, 160 µs, 2F / 160 µs = 214.7 TFLOP/s, 2B / 160 µs
 * = 367 GB/s, F / B = 585.1 FLOP/B (over the ridge, 295.3): compute-bound
 * at 214.7 / 989.4 = 21.7 % of the roof. The add: 139.8 GFLOP/s,
 * 838.9 GB/s, 0.17 FLOP/B: memory-bound at 838.9 / 3350 = 25.0 %. */
static void
test_roofline_card (Fixture *f, gconstpointer data)
{
  GtkWidget       *flops = part (GTK_WIDGET (f->page), "flops_section");
  GtkWidget       *card = part (GTK_WIDGET (f->page), "roofline_section");
  StRooflineChart *chart = ST_ROOFLINE_CHART (part (card, "chart"));
  GListModel      *shapes = st_roofline_section_get_shapes (ST_ROOFLINE_SECTION (card));
  StFlopShapeItem *mm = shape_item (shapes, "aten::mm [1024, 2048], [2048, 4096] bf16");
  StFlopShapeItem *add = shape_item (shapes, "aten::add [1024, 4096], [1024, 4096] bf16");
  StBarChart      *devices = ST_BAR_CHART (part (flops, "devices_chart"));
  StTrace         *trace = st_session_get_trace (f->session);
  GArray          *selection;

  assert_shows (flops, "Achieved 180.9 TFLOP/s \302\267 MFU 16.5% of peak FLOPs");
  g_assert_cmpstr (st_bar_chart_get_value_text (devices, 0), ==,
                   "16.5% of H100 SXM bf16 (989.4 TFLOP/s)");
  g_assert_cmpuint (g_list_model_get_n_items (shapes), ==, 2);
  assert_text (mm, "count-text", "2");
  assert_text (mm, "time-text", "160.0 µs");
  assert_text (mm, "rate-text", "214.7 TFLOP/s");
  assert_text (mm, "bandwidth-text", "367 GB/s");
  assert_text (mm, "intensity-text", "585.1");
  assert_text (mm, "roof-text", "21.7% compute");
  assert_text (add, "rate-text", "139.8 GFLOP/s");
  assert_text (add, "bandwidth-text", "838.9 GB/s");
  assert_text (add, "intensity-text", "0.17");
  assert_text (add, "roof-text", "25% memory");
  {
    g_autofree char *summary = st_flop_shape_item_dup_summary (mm);

    g_assert_null (strstr (summary, "Above the roof"));
  }
  /* both are discs; by intensity the add (0.17) comes first, then the mm */
  g_assert_cmpuint (st_roofline_chart_get_n_points (chart), ==, 2);
  gtk_widget_grab_focus (GTK_WIDGET (chart));
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move", "i", 1);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move", "i", 1);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.pick", NULL);
  /* the mm's two calls are selected on the timeline */
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "timeline");
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 2);
  for (guint i = 0; i < selection->len; i++)
    {
      StEventRef     ref = g_array_index (selection, StEventRef, i);
      const StSlice *slice = st_trace_get_slice (trace, (StSliceRef){ ref.track, ref.index });

      g_assert_cmpint (ref.kind, ==, ST_EVENT_SLICE);
      g_assert_cmpstr (st_trace_get_string (trace, slice->name), ==, "aten::mm");
    }
}

/* Every kernel of 1 µs: the mm's two, 2F / 2 µs = 17 180 TFLOP/s, 1 736 %
 * of the H100's 989.4 TFLOP/s roof; the add's 25 165 824 bytes in 1 µs,
 * 25.17 TB/s, 751.2 % of its 3 350 GB/s (F and the bytes as in
 * test_roofline_card). A rate above its roof says why it can be, in the
 * roof's terms: operations for the compute roof, bytes for memory's. */
static void
test_above_roof (Fixture *f, gconstpointer data)
{
  GtkWidget       *card = part (GTK_WIDGET (f->page), "roofline_section");
  GListModel      *shapes = st_roofline_section_get_shapes (ST_ROOFLINE_SECTION (card));
  StFlopShapeItem *mm = shape_item (shapes, "aten::mm [1024, 2048], [2048, 4096] bf16");
  StFlopShapeItem *add = shape_item (shapes, "aten::add [1024, 4096], [1024, 4096] bf16");
  g_autofree char *summary = st_flop_shape_item_dup_summary (mm);
  g_autofree char *add_summary = st_flop_shape_item_dup_summary (add);

  assert_text (mm, "roof-text", "1736.4% compute");
  g_assert_nonnull (strstr (summary, "Above the roof: the kernel did fewer operations"));
  assert_text (add, "roof-text", "751.2% memory");
  g_assert_nonnull (strstr (add_summary, "Above the roof: the kernel moved fewer bytes"));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add ("/display/memory-flops/peak-memory-card", Fixture, "memory/peaks.json",
              fixture_set_up, test_peak_memory_card, fixture_tear_down);
  g_test_add ("/display/memory-flops/peak-memory-region", Fixture, "memory/peaks.json",
              fixture_set_up, test_peak_memory_region, fixture_tear_down);
  g_test_add ("/display/memory-flops/go-to-allocation", Fixture, "memory/peaks.json",
              fixture_set_up, test_go_to_allocation, fixture_tear_down);
  g_test_add ("/display/memory-flops/memory-track", Fixture, "memory/peaks.json", fixture_set_up,
              test_memory_track, fixture_tear_down);
  g_test_add ("/display/memory-flops/flops-card", Fixture, "flops/gemms.json", fixture_set_up,
              test_flops_card, fixture_tear_down);
  g_test_add ("/display/memory-flops/roofline-card", Fixture, NULL, fixture_set_up_shapes,
              test_roofline_card, fixture_tear_down);
  g_test_add ("/display/memory-flops/above-roof", Fixture, "fast", fixture_set_up_shapes,
              test_above_roof, fixture_tear_down);
  return g_test_run ();
}
