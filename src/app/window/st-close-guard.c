/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-close-guard.h"

#include "st-format.h"

#include <adwaita.h>
#include <glib/gi18n.h>

struct _StCloseGuard
{
  GObject parent_instance;

  GtkWindow          *window; /* not a reference: the window owns its guard */
  StAnnotationsPanel *panel;
  gboolean            confirmed;
  gulong              save_finished_id;
};

G_DEFINE_FINAL_TYPE (StCloseGuard, st_close_guard, G_TYPE_OBJECT)

static void
on_saved (StAnnotationsPanel *panel, gboolean saved, StCloseGuard *self)
{
  g_clear_signal_handler (&self->save_finished_id, panel);
  if (saved)
    {
      self->confirmed = TRUE;
      gtk_window_close (self->window);
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
on_response (AdwMessageDialog *dialog, const char *response, StCloseGuard *self)
{
  if (g_str_equal (response, "discard"))
    {
      /* once the dialog is gone: it is the window's */
      self->confirmed = TRUE;
      g_idle_add (close_later, g_object_ref (self->window));
    }
  else if (g_str_equal (response, "save"))
    {
      g_clear_signal_handler (&self->save_finished_id, self->panel);
      self->save_finished_id
          = g_signal_connect (self->panel, "save-finished", G_CALLBACK (on_saved), self);
      gtk_widget_activate_action (GTK_WIDGET (self->panel), "regions.save", NULL);
    }
}

static void
ask (StCloseGuard *self, guint n, const char *title)
{
  g_autofree char *count = st_format_count (n);
  g_autofree char *body = NULL;
  GtkWidget       *dialog;

  body = g_strdup_printf (ngettext ("%s region of “%s” is not saved to a file. Strata keeps it for "
                                    "the next time you open this profile.",
                                    "%s regions of “%s” are not saved to a file. Strata keeps them "
                                    "for the next time you open this profile.",
                                    n),
                          count, title);
  dialog = adw_message_dialog_new (self->window, _ ("Save the Regions?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "discard",
                                    _ ("_Don’t Save"), "save", _ ("_Save…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
st_close_guard_holds (StCloseGuard *self, StRegionSet *regions, const char *title)
{
  guint n;

  g_return_val_if_fail (ST_IS_CLOSE_GUARD (self), FALSE);
  if (self->confirmed || regions == NULL || !st_region_set_get_modified (regions)
      || (n = st_region_set_get_n_regions (regions)) == 0)
    return FALSE;
  ask (self, n, title);
  return TRUE;
}

static void
st_close_guard_dispose (GObject *object)
{
  StCloseGuard *self = ST_CLOSE_GUARD (object);

  if (self->panel != NULL)
    g_clear_signal_handler (&self->save_finished_id, self->panel);
  g_clear_object (&self->panel);
  G_OBJECT_CLASS (st_close_guard_parent_class)->dispose (object);
}

static void
st_close_guard_class_init (StCloseGuardClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = st_close_guard_dispose;
}

static void
st_close_guard_init (StCloseGuard *self)
{
}

StCloseGuard *
st_close_guard_new (GtkWindow *window, StAnnotationsPanel *panel)
{
  StCloseGuard *self = g_object_new (ST_TYPE_CLOSE_GUARD, NULL);

  self->window = window;
  self->panel = g_object_ref (panel);
  return self;
}
