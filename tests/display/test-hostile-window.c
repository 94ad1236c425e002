/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile input in the window, round two: each class of file, made here,
 * opens with a clear error or a partial load, never a crash or a hang.
 * A trace whose span does not fit in 64-bit nanoseconds: the error page
 * names the file. An event at the top of int64 drawn over a view that
 * reaches G_MAXINT64: the ruler and the view draw. A counter with many
 * series and a Neuron layer path of 100 000 segments: the profile opens,
 * the folding said in Import Warnings. A Neuron summary nested too deep:
 * the Summary is made and says which section was left out, and where. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-warning-list.h"
#include "st-warning-item.h"
#include "st-window.h"

#include <glib/gstdio.h>

static char *tmp_dir;

static const char *
page_of (StWindow *window)
{
  return gtk_stack_get_visible_child_name (
      GTK_STACK (st_test_find_by_id (GTK_WIDGET (window), "main_stack")));
}

static gboolean
loaded (gpointer window)
{
  return !g_str_equal (page_of (window), "loading");
}

static gboolean
computed (gpointer page)
{
  return !st_summary_page_is_computing (page);
}

/* A window showing the file @name made of @text, once its load ended. */
static StWindow *
open_text (const char *name, const char *text)
{
  g_autofree char  *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  StWindow         *window
      = g_object_new (ST_TYPE_WINDOW, "default-width", 1400, "default-height", 900, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  st_test_wait_until (loaded, window);
  return window;
}

static void
close_window (StWindow *window, const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);

  st_test_destroy_window (window);
  g_unlink (path);
}

static char *
repeat (const char *open, const char *inner, const char *close, guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (s, open);
  g_string_append (s, inner);
  for (guint i = 0; i < n; i++)
    g_string_append (s, close);
  return g_string_free (s, FALSE);
}

static gboolean
has_warning (StWindow *window, const char *kind)
{
  GListModel *warnings = st_warning_list_get_model (
      ST_WARNING_LIST (st_test_find_child (GTK_WIDGET (window), ST_TYPE_WARNING_LIST)));

  for (guint i = 0; i < g_list_model_get_n_items (warnings); i++)
    {
      g_autoptr (StWarningItem) w = g_list_model_get_item (warnings, i);

      if (g_str_equal (st_warning_item_get_kind (w), kind))
        return TRUE;
    }
  return FALSE;
}

/* Events at −5e15 µs and +5e15 µs: each fits, their span does not. */
static void
test_span_too_long (void)
{
  StWindow *window = open_text (
      "span.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":-5e15,\"dur\":1},"
                   "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":5e15,\"dur\":1}]");
  const char *description;

  g_assert_cmpstr (page_of (window), ==, "error");
  description = adw_status_page_get_description (
      ADW_STATUS_PAGE (st_test_find_by_id (GTK_WIDGET (window), "error_page")));
  g_assert_nonnull (strstr (description, "span.json: its events run from"));
  close_window (window, "span.json");
}

/* An event 9.22e15 µs from zero (the ruler's `t += step` used to wrap
 * there and spin), drawn over views that reach G_MAXINT64. */
static void
test_time_at_the_limit (void)
{
  StWindow *window = open_text (
      "edge.json", "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":9.22e15,\"dur\":1}]");
  StTimelinePage *page;
  StSession      *session;
  GtkWidget      *view;

  g_assert_cmpstr (page_of (window), ==, "profile");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-timeline", NULL));
  page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE));
  session = st_timeline_page_get_session (page);
  view = GTK_WIDGET (st_timeline_page_get_view (page));
  for (guint i = 0; i < 3; i++)
    {
      gint64 start, end;

      st_session_set_range (session, i == 0 ? G_MININT64 : 0, G_MAXINT64);
      if (i == 2)
        st_session_pan (session, G_MAXINT64);
      st_session_get_range (session, &start, &end);
      g_assert_cmpint (start, <, end);
      cairo_surface_destroy (st_test_render (view));
    }
  close_window (window, "edge.json");
}

/* 20 000 series in one counter, and a Neuron instruction whose layer path
 * has 100 000 segments: both open, the second with a too-deep warning. */
static void
test_costly_shapes (void)
{
  g_autoptr (GString) counter
      = g_string_new ("[{\"ph\":\"C\",\"name\":\"c\",\"pid\":1,\"ts\":0,\"args\":{");
  g_autoptr (GString) layer = g_string_new (
      "{\"instruction\": [{\"timestamp\": 1, \"duration\": 2, \"opcode\": \"A\", \"layer\": \"");
  StWindow *window;

  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (counter, "%s\"s%u\":%u", i ? "," : "", i, i);
  g_string_append (counter, "}}]");
  window = open_text ("series.json", counter->str);
  g_assert_cmpstr (page_of (window), ==, "profile");
  close_window (window, "series.json");

  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (layer, "%sL%u", i ? "/" : "", i);
  g_string_append (layer, "\"}]}");
  window = open_text ("layer.json", layer->str);
  g_assert_cmpstr (page_of (window), ==, "profile");
  g_assert_true (has_warning (window, "too-deep"));
  close_window (window, "layer.json");
}

/* A Neuron summary nested 600 deep: the Summary is made, and the card of
 * the profile's own metrics says which section was left out, and where. */
static void
test_neuron_section_too_deep (void)
{
  g_autofree char *deep = repeat ("[", "{}", "]", 600);
  g_autofree char *text = g_strdup_printf (
      "{\"instruction\": [{\"timestamp\": 1, \"duration\": 2, \"opcode\": \"A\"}],\n"
      "\"summary\": %s}",
      deep);
  StWindow      *window = open_text ("deep-summary.json", text);
  StSummaryPage *summary;
  GtkWidget     *label;

  g_assert_cmpstr (page_of (window), ==, "profile");
  summary = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE));
  st_test_wait_until (computed, summary);
  label = st_test_find_by_id (GTK_WIDGET (summary), "problems_label");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (label)),
                                   "deep-summary.json: line 2, column 524: nested more than 512 "
                                   "levels deep, in “summary”."));
  close_window (window, "deep-summary.json");
}

int
main (int argc, char *argv[])
{
  g_autofree char *data = NULL, *state = NULL;
  int              ret;

  /* the recent list and the sidecars of this run are its own */
  tmp_dir = g_dir_make_tmp ("strata-hostile-XXXXXX", NULL);
  data = g_build_filename (tmp_dir, "data", NULL);
  state = g_build_filename (tmp_dir, "state", NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/display/hostile/span-too-long", test_span_too_long);
  g_test_add_func ("/display/hostile/time-at-the-limit", test_time_at_the_limit);
  g_test_add_func ("/display/hostile/costly-shapes", test_costly_shapes);
  g_test_add_func ("/display/hostile/neuron-section-too-deep", test_neuron_section_too_deep);
  ret = g_test_run ();
  st_test_remove_tree (tmp_dir);
  return ret;
}
