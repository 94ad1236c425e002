/* The question before a window closes with regions that are in no file:
 * Save… / Don't Save / Cancel. They are in the sidecar whatever the
 * answer, so the question is about a file of one's own, not about losing
 * them. Ctrl+Q closes every window this way. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window-private.h"

#include "st-format.h"

#include <glib/gi18n.h>

static void
on_close_saved (StAnnotationsPanel *panel, gboolean saved, StWindow *self)
{
  g_clear_signal_handler (&self->save_finished_id, panel);
  if (saved)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static gboolean
close_later (gpointer data)
{
  gtk_window_close (data);
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

static void
on_close_response (AdwMessageDialog *dialog, const char *response, StWindow *self)
{
  StAnnotationsPanel *panel = st_timeline_page_get_annotations (self->timeline_page);

  if (g_str_equal (response, "discard"))
    {
      /* once the dialog is gone: it is the window's */
      self->close_confirmed = TRUE;
      g_idle_add (close_later, g_object_ref (self));
    }
  else if (g_str_equal (response, "save"))
    {
      g_clear_signal_handler (&self->save_finished_id, panel);
      self->save_finished_id
          = g_signal_connect (panel, "save-finished", G_CALLBACK (on_close_saved), self);
      gtk_widget_activate_action (GTK_WIDGET (panel), "regions.save", NULL);
    }
}

static void
ask (StWindow *self, guint n)
{
  g_autofree char *basename = st_window_dup_profile_title (self);
  g_autofree char *count = st_format_count (n);
  g_autofree char *body = NULL;
  GtkWidget       *dialog;

  body = g_strdup_printf (ngettext ("%s region of “%s” is not saved to a file. Strata keeps it for "
                                    "the next time you open this profile.",
                                    "%s regions of “%s” are not saved to a file. Strata keeps them "
                                    "for the next time you open this profile.",
                                    n),
                          count, basename);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Save the Regions?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "discard",
                                    _ ("_Don’t Save"), "save", _ ("_Save…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Asks, and returns TRUE, when the window is to stay open for now: it has
 * regions, changed since they were last saved to a file, and the person
 * has not answered yet. */
gboolean
st_window_ask_before_close (StWindow *self)
{
  StRegionSet *regions
      = self->autosave ? st_session_get_regions (st_autosave_get_session (self->autosave)) : NULL;
  guint n;

  if (self->close_confirmed || regions == NULL || !st_region_set_get_modified (regions)
      || (n = st_region_set_get_n_regions (regions)) == 0)
    return FALSE;
  ask (self, n);
  return TRUE;
}
