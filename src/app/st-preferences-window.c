/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-preferences-window.h"

struct _StPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  AdwComboRow *style_row;
  AdwComboRow *landing_row;
  GtkSwitch   *flows_switch;
};

G_DEFINE_FINAL_TYPE (StPreferencesWindow, st_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The rows of a combo row are the nicks of an enum key, in this order. */
static const char *const style_nicks[] = { "follow", "light", "dark", NULL };
static const char *const landing_nicks[] = { "summary", "timeline", NULL };

static gboolean
nick_to_selected (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *nicks = user_data;
  const char        *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_str_equal (nicks[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_nick (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  const char *const *nicks = user_data;
  guint              selected = g_value_get_uint (value);

  if (selected >= g_strv_length ((char **)nicks))
    return NULL;
  return g_variant_new_string (nicks[selected]);
}

static void
st_preferences_window_constructed (GObject *object)
{
  StPreferencesWindow *self = ST_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (st_preferences_window_parent_class)->constructed (object);

  g_settings_bind_with_mapping (self->settings, "style", self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_to_selected, selected_to_nick,
                                (gpointer)style_nicks, NULL);
  g_settings_bind_with_mapping (self->settings, "landing-page", self->landing_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_to_selected, selected_to_nick,
                                (gpointer)landing_nicks, NULL);
  g_settings_bind (self->settings, "show-flows", self->flows_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
st_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  StPreferencesWindow *self = ST_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS: self->settings = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_preferences_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  StPreferencesWindow *self = ST_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS: g_value_set_object (value, self->settings); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_preferences_window_dispose (GObject *object)
{
  StPreferencesWindow *self = ST_PREFERENCES_WINDOW (object);

  if (self->settings != NULL)
    {
      g_settings_unbind (self->style_row, "selected");
      g_settings_unbind (self->landing_row, "selected");
      g_settings_unbind (self->flows_switch, "active");
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (st_preferences_window_parent_class)->dispose (object);
}

static void
st_preferences_window_class_init (StPreferencesWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = st_preferences_window_constructed;
  object_class->dispose = st_preferences_window_dispose;
  object_class->set_property = st_preferences_window_set_property;
  object_class->get_property = st_preferences_window_get_property;

  properties[PROP_SETTINGS]
      = g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, StPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, StPreferencesWindow, landing_row);
  gtk_widget_class_bind_template_child (widget_class, StPreferencesWindow, flows_switch);
}

static void
st_preferences_window_init (StPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* @settings: Strata's (io.github.strata.Strata); the window edits its keys
 * as the rows change. */
StPreferencesWindow *
st_preferences_window_new (GtkWindow *parent, GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (ST_TYPE_PREFERENCES_WINDOW, "transient-for", parent, "application",
                       parent ? gtk_window_get_application (parent) : NULL, "settings", settings,
                       NULL);
}
