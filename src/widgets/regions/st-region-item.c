/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-region-item.h"

#include "st-format.h"

#include <glib/gi18n.h>
#include <string.h>

struct _StRegionItem
{
  GObject parent_instance;

  StRegion  *region;
  StSession *session;
  char       pick_text[4]; /* "1" to "3", or "" when not picked */
};

G_DEFINE_FINAL_TYPE (StRegionItem, st_region_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_REGION,
  PROP_SESSION,
  PROP_NAME,
  PROP_START,
  PROP_DURATION,
  PROP_START_TEXT,
  PROP_DURATION_TEXT,
  PROP_TOOLTIP,
  PROP_PICKED,
  PROP_PICK_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_name_changed (StRegionItem *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOLTIP]);
}

static void
update_pick (StRegionItem *self)
{
  gint pick = st_session_get_compare_index (self->session, self->region);
  char text[sizeof self->pick_text] = "";

  if (pick >= 0)
    g_snprintf (text, sizeof text, "%d", pick + 1);
  if (g_str_equal (text, self->pick_text))
    return;
  memcpy (self->pick_text, text, sizeof text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PICK_TEXT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PICKED]);
}

/* The row of @region, one of @session's regions. */
StRegionItem *
st_region_item_new (StRegion *region, StSession *session)
{
  g_return_val_if_fail (ST_IS_REGION (region), NULL);
  g_return_val_if_fail (ST_IS_SESSION (session), NULL);

  return g_object_new (ST_TYPE_REGION_ITEM, "region", region, "session", session, NULL);
}

StRegion *
st_region_item_get_region (StRegionItem *self)
{
  g_return_val_if_fail (ST_IS_REGION_ITEM (self), NULL);
  return self->region;
}

/* The region's name, method, start and duration, with the keys that act on
 * it. */
static char *
dup_tooltip (StRegionItem *self)
{
  g_autofree char *start = st_format_duration (st_region_get_start (self->region));
  g_autofree char *duration = st_format_duration (st_region_get_duration (self->region));

  /* Translators: a region's name, method, start and duration, as its tooltip */
  return g_markup_printf_escaped (
      _ ("<b>%s</b>\n%s, from %s for %s\nDouble-click or Shift+F to zoom to it, F2 to rename it"),
      st_region_get_name (self->region),
      st_region_method_get_label (st_region_get_method (self->region)), start, duration);
}

static void
st_region_item_constructed (GObject *object)
{
  StRegionItem *self = ST_REGION_ITEM (object);

  G_OBJECT_CLASS (st_region_item_parent_class)->constructed (object);
  g_signal_connect_object (self->region, "notify::name", G_CALLBACK (on_name_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "compare-changed", G_CALLBACK (update_pick), self,
                           G_CONNECT_SWAPPED);
  update_pick (self);
}

static void
st_region_item_dispose (GObject *object)
{
  StRegionItem *self = ST_REGION_ITEM (object);

  g_clear_object (&self->region);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_region_item_parent_class)->dispose (object);
}

static void
st_region_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRegionItem *self = ST_REGION_ITEM (object);

  switch (prop_id)
    {
    case PROP_REGION: g_value_set_object (value, self->region); break;
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    case PROP_NAME: g_value_set_string (value, st_region_get_name (self->region)); break;
    case PROP_START: g_value_set_int64 (value, st_region_get_start (self->region)); break;
    case PROP_DURATION: g_value_set_int64 (value, st_region_get_duration (self->region)); break;
    case PROP_START_TEXT:
      g_value_take_string (value, st_format_duration (st_region_get_start (self->region)));
      break;
    case PROP_DURATION_TEXT:
      g_value_take_string (value, st_format_duration (st_region_get_duration (self->region)));
      break;
    case PROP_TOOLTIP: g_value_take_string (value, dup_tooltip (self)); break;
    case PROP_PICKED: g_value_set_boolean (value, self->pick_text[0] != '\0'); break;
    case PROP_PICK_TEXT: g_value_set_string (value, self->pick_text); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_item_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StRegionItem *self = ST_REGION_ITEM (object);

  switch (prop_id)
    {
    case PROP_REGION: self->region = g_value_dup_object (value); break;
    case PROP_SESSION: self->session = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
text_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
time_property (const char *name)
{
  return g_param_spec_int64 (name, NULL, NULL, G_MININT64, G_MAXINT64, 0,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static void
st_region_item_class_init (StRegionItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = st_region_item_constructed;
  object_class->dispose = st_region_item_dispose;
  object_class->get_property = st_region_item_get_property;
  object_class->set_property = st_region_item_set_property;

  properties[PROP_REGION]
      = g_param_spec_object ("region", NULL, NULL, ST_TYPE_REGION,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = text_property ("name");
  properties[PROP_START] = time_property ("start");
  properties[PROP_DURATION] = time_property ("duration");
  properties[PROP_START_TEXT] = text_property ("start-text");
  properties[PROP_DURATION_TEXT] = text_property ("duration-text");
  properties[PROP_TOOLTIP] = text_property ("tooltip");
  properties[PROP_PICK_TEXT] = text_property ("pick-text");
  properties[PROP_PICKED] = g_param_spec_boolean ("picked", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_region_item_init (StRegionItem *self)
{
}
