/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every template and .ui file of the GResource builds without a warning
 * (the test runs with fatal warnings): a typo in a property, a lookup of an
 * unknown type or a missing child fails here, not in front of a person. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-details-pane.h"
#include "st-application.h"
#include "st-greeter.h"
#include "st-highlighter-form.h"
#include "st-preferences-window.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-track-list.h"
#include "st-warning-list.h"
#include "st-window.h"

static void
test_template (gconstpointer data)
{
  GType      type = GPOINTER_TO_SIZE (data);
  GtkWidget *widget = g_object_new (type, NULL);

  g_assert_true (GTK_IS_WIDGET (widget));
  if (GTK_IS_WINDOW (widget))
    gtk_window_destroy (GTK_WINDOW (widget));
  else
    g_object_unref (g_object_ref_sink (widget));
}

/* Its template needs the settings it edits. */
static void
test_preferences_window (void)
{
  g_autoptr (GSettings) settings = st_application_new_settings ();
  StPreferencesWindow  *window;

  g_assert_nonnull (settings);
  window = st_preferences_window_new (NULL, settings);
  g_assert_true (ST_IS_PREFERENCES_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_help_overlay (void)
{
  g_autoptr (GtkBuilder) builder
      = gtk_builder_new_from_resource ("/io/github/strata/Strata/gtk/help-overlay.ui");

  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_data_func ("/validate/ui/st-annotations-panel",
                        GSIZE_TO_POINTER (ST_TYPE_ANNOTATIONS_PANEL), test_template);
  g_test_add_data_func ("/validate/ui/st-highlighter-form",
                        GSIZE_TO_POINTER (ST_TYPE_HIGHLIGHTER_FORM), test_template);
  g_test_add_data_func ("/validate/ui/st-greeter", GSIZE_TO_POINTER (ST_TYPE_GREETER),
                        test_template);
  g_test_add_data_func ("/validate/ui/st-details-pane", GSIZE_TO_POINTER (ST_TYPE_DETAILS_PANE),
                        test_template);
  g_test_add_data_func ("/validate/ui/st-summary-page", GSIZE_TO_POINTER (ST_TYPE_SUMMARY_PAGE),
                        test_template);
  g_test_add_data_func ("/validate/ui/st-timeline-page", GSIZE_TO_POINTER (ST_TYPE_TIMELINE_PAGE),
                        test_template);
  g_test_add_data_func ("/validate/ui/st-track-list", GSIZE_TO_POINTER (ST_TYPE_TRACK_LIST),
                        test_template);
  g_test_add_data_func ("/validate/ui/st-warning-list", GSIZE_TO_POINTER (ST_TYPE_WARNING_LIST),
                        test_template);
  g_test_add_data_func ("/validate/ui/st-window", GSIZE_TO_POINTER (ST_TYPE_WINDOW), test_template);
  g_test_add_func ("/validate/ui/st-preferences-window", test_preferences_window);
  g_test_add_func ("/validate/ui/help-overlay", test_help_overlay);

  return g_test_run ();
}
