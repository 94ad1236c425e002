/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-region-keeper.h"

#include "st-autosave.h"
#include "st-format.h"

#include <glib/gi18n.h>

struct _StRegionKeeper
{
  GObject parent_instance;

  AdwToastOverlay    *toasts;
  StAnnotationsPanel *panel;
  StAutosave         *autosave;
};

G_DEFINE_FINAL_TYPE (StRegionKeeper, st_region_keeper, G_TYPE_OBJECT)

static void
show_toast (StRegionKeeper *self, const char *title, const char *button, const char *action)
{
  AdwToast *toast = adw_toast_new (title);

  if (button != NULL)
    {
      adw_toast_set_button_label (toast, button);
      adw_toast_set_action_name (toast, action);
    }
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
on_autosave_failed (StRegionKeeper *self, const GError *error)
{
  st_annotations_panel_show_error (self->panel, error->message);
}

/* With a button to the panel when it is hidden. */
static void
show_restored (StRegionKeeper *self, guint n)
{
  g_autofree char *count = st_format_count (n);
  g_autofree char *title = g_strdup_printf (ngettext ("%s region restored from the last time",
                                                      "%s regions restored from the last time", n),
                                            count);

  show_toast (self, title, gtk_widget_get_visible (GTK_WIDGET (self->panel)) ? NULL : _ ("_Show"),
              "win.show-annotations");
}

gboolean
st_region_keeper_keep (StRegionKeeper *self, StSession *session, GFile *const *files, guint n_files)
{
  g_autoptr (GError) error = NULL;
  guint              n;

  g_return_val_if_fail (ST_IS_REGION_KEEPER (self), FALSE);
  g_return_val_if_fail (ST_IS_SESSION (session), FALSE);

  g_clear_object (&self->autosave);
  st_session_set_input_files (session, files, n_files);
  self->autosave = st_autosave_new (session);
  g_signal_connect_object (self->autosave, "failed", G_CALLBACK (on_autosave_failed), self,
                           G_CONNECT_SWAPPED);
  if (st_autosave_restore (self->autosave, files, n_files, &n, &error))
    {
      if (n > 0)
        show_restored (self, n);
      return TRUE;
    }
  st_annotations_panel_show_error (self->panel, error->message);
  return g_error_matches (error, ST_AUTOSAVE_ERROR, ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE);
}

void
st_region_keeper_flush (StRegionKeeper *self)
{
  g_return_if_fail (ST_IS_REGION_KEEPER (self));
  if (self->autosave != NULL)
    st_autosave_flush (self->autosave);
}

StRegionSet *
st_region_keeper_get_regions (StRegionKeeper *self)
{
  g_return_val_if_fail (ST_IS_REGION_KEEPER (self), NULL);
  if (self->autosave == NULL)
    return NULL;
  return st_session_get_regions (st_autosave_get_session (self->autosave));
}

static void
on_regions_saved (StAnnotationsPanel *panel, gboolean saved, StRegionKeeper *self)
{
  g_autofree char *name = NULL, *title = NULL;

  if (!saved || st_annotations_panel_get_file (panel) == NULL)
    return;
  name = g_file_get_basename (st_annotations_panel_get_file (panel));
  title = g_strdup_printf (_ ("Regions saved to “%s”"), name);
  show_toast (self, title, NULL, NULL);
}

static void
st_region_keeper_dispose (GObject *object)
{
  StRegionKeeper *self = ST_REGION_KEEPER (object);

  g_clear_object (&self->autosave);
  g_clear_object (&self->panel);
  g_clear_object (&self->toasts);
  G_OBJECT_CLASS (st_region_keeper_parent_class)->dispose (object);
}

static void
st_region_keeper_class_init (StRegionKeeperClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = st_region_keeper_dispose;
}

static void
st_region_keeper_init (StRegionKeeper *self)
{
}

StRegionKeeper *
st_region_keeper_new (AdwToastOverlay *toasts, StAnnotationsPanel *panel)
{
  StRegionKeeper *self = g_object_new (ST_TYPE_REGION_KEEPER, NULL);

  self->toasts = g_object_ref (toasts);
  self->panel = g_object_ref (panel);
  g_signal_connect_object (panel, "save-finished", G_CALLBACK (on_regions_saved), self, 0);
  return self;
}
