/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window-state.h"

/* The Annotations panel offers this many recent configurations. */
#define MAX_RECENT_CONFIGS 8

struct _StWindowState
{
  GObject parent_instance;

  GtkWindow          *window; /* not a reference: the window owns its state */
  GSettings          *settings;
  StAnnotationsPanel *panel;
};

G_DEFINE_FINAL_TYPE (StWindowState, st_window_state, G_TYPE_OBJECT)

void
st_window_state_save (StWindowState *self)
{
  int width, height;

  g_return_if_fail (ST_IS_WINDOW_STATE (self));
  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (self->window, &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (self->window));
}

static void
restore_size (StWindowState *self)
{
  gtk_window_set_default_size (self->window, g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (self->window);
}

void
st_window_state_set_landing_page (StWindowState *self, const char *page)
{
  g_return_if_fail (ST_IS_WINDOW_STATE (self));
  if (self->settings != NULL
      && (g_strcmp0 (page, "summary") == 0 || g_strcmp0 (page, "timeline") == 0))
    g_settings_set_string (self->settings, "landing-page", page);
}

gboolean
st_window_state_lands_on_timeline (StWindowState *self)
{
  g_autofree char *page = NULL;

  g_return_val_if_fail (ST_IS_WINDOW_STATE (self), FALSE);
  if (self->settings != NULL)
    page = g_settings_get_string (self->settings, "landing-page");
  return g_strcmp0 (page, "timeline") == 0;
}

static void
show_recent_configs (StWindowState *self)
{
  g_auto (GStrv) uris = g_settings_get_strv (self->settings, "recent-region-configs");

  st_annotations_panel_set_recent_configs (self->panel, (const char *const *)uris);
}

/* A configuration loaded or saved goes first in the recent ones, once. */
static void
on_config_used (StWindowState *self, const char *uri)
{
  g_auto (GStrv)           old = g_settings_get_strv (self->settings, "recent-region-configs");
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv)           uris = NULL;
  guint                    n = 1;

  g_strv_builder_add (builder, uri);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT_CONFIGS; i++)
    if (!g_str_equal (old[i], uri))
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  uris = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-region-configs", (const char *const *)uris);
}

static void
st_window_state_dispose (GObject *object)
{
  StWindowState *self = ST_WINDOW_STATE (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->panel);
  G_OBJECT_CLASS (st_window_state_parent_class)->dispose (object);
}

static void
st_window_state_class_init (StWindowStateClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = st_window_state_dispose;
}

static void
st_window_state_init (StWindowState *self)
{
}

StWindowState *
st_window_state_new (GtkWindow *window, GSettings *settings, StAnnotationsPanel *panel)
{
  StWindowState *self = g_object_new (ST_TYPE_WINDOW_STATE, NULL);

  self->window = window;
  self->panel = g_object_ref (panel);
  if (settings == NULL)
    return self;
  self->settings = g_object_ref (settings);
  restore_size (self);
  st_annotations_panel_bind_settings (panel, settings);
  g_signal_connect_object (panel, "config-used", G_CALLBACK (on_config_used), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::recent-region-configs",
                           G_CALLBACK (show_recent_configs), self, G_CONNECT_SWAPPED);
  show_recent_configs (self);
  return self;
}
