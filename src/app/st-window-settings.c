/* What a window remembers in GSettings (nothing without the schema): the
 * size and maximized state of the last window closed, the page a profile
 * opens on, and the region configurations used last. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window-private.h"

/* The Annotations panel offers this many recent configurations. */
#define MAX_RECENT_CONFIGS 8

/* The size and maximized state of the last window closed, which new
 * windows take. */
void
st_window_save_state (StWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static void
restore_state (StWindow *self)
{
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* The last of Summary and Timeline the person switched to (from the view
 * switcher, a key, a link or a command) is where the next profile opens. */
gboolean
st_window_lands_on_timeline (StWindow *self)
{
  g_autofree char *page
      = self->settings ? g_settings_get_string (self->settings, "landing-page") : NULL;

  return g_strcmp0 (page, "timeline") == 0;
}

static void
on_view_changed (StWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  if (self->choosing_view
      || !g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "profile"))
    return;
  if (g_strcmp0 (name, "summary") == 0 || g_strcmp0 (name, "timeline") == 0)
    g_settings_set_string (self->settings, "landing-page", name);
}

static void
show_recent_configs (StWindow *self)
{
  g_auto (GStrv) uris = g_settings_get_strv (self->settings, "recent-region-configs");

  st_annotations_panel_set_recent_configs (st_timeline_page_get_annotations (self->timeline_page),
                                           (const char *const *)uris);
}

/* A configuration loaded or saved goes first in the recent ones, once. */
static void
on_config_used (StWindow *self, const char *uri)
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

/* Takes the settings, and what they remember, once the template is
 * built. */
void
st_window_init_settings (StWindow *self)
{
  StAnnotationsPanel *panel = st_timeline_page_get_annotations (self->timeline_page);

  self->settings = st_application_new_settings ();
  if (self->settings == NULL)
    return;
  restore_state (self);
  st_annotations_panel_bind_settings (panel, self->settings);
  g_signal_connect_object (self->view_stack, "notify::visible-child-name",
                           G_CALLBACK (on_view_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (panel, "config-used", G_CALLBACK (on_config_used), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::recent-region-configs",
                           G_CALLBACK (show_recent_configs), self, G_CONNECT_SWAPPED);
  show_recent_configs (self);
}
