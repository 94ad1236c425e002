/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-event-item.h"

#include "st-format.h"
#include "st-trace-query.h"

struct _StEventItem
{
  GObject parent_instance;

  StEventRef ref;
  char      *start_text;
  char      *duration_text;
  char      *track_text;
};

G_DEFINE_FINAL_TYPE (StEventItem, st_event_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_START_TEXT,
  PROP_DURATION_TEXT,
  PROP_TRACK_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_event_item_finalize (GObject *object)
{
  StEventItem *self = ST_EVENT_ITEM (object);

  g_free (self->start_text);
  g_free (self->duration_text);
  g_free (self->track_text);
  G_OBJECT_CLASS (st_event_item_parent_class)->finalize (object);
}

static void
st_event_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StEventItem *self = ST_EVENT_ITEM (object);

  switch (prop_id)
    {
    case PROP_START_TEXT: g_value_set_string (value, self->start_text); break;
    case PROP_DURATION_TEXT: g_value_set_string (value, self->duration_text); break;
    case PROP_TRACK_TEXT: g_value_set_string (value, self->track_text); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_event_item_class_init (StEventItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_event_item_finalize;
  object_class->get_property = st_event_item_get_property;
  properties[PROP_START_TEXT] = g_param_spec_string ("start-text", NULL, NULL, NULL,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DURATION_TEXT] = g_param_spec_string ("duration-text", NULL, NULL, NULL,
                                                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TRACK_TEXT] = g_param_spec_string ("track-text", NULL, NULL, NULL,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_event_item_init (StEventItem *self)
{
}

StEventItem *
st_event_item_new (StTrace *trace, StEventRef ref)
{
  StEventItem *self = g_object_new (ST_TYPE_EVENT_ITEM, NULL);

  self->ref = ref;
  self->start_text = st_format_duration (st_event_get_start (trace, ref));
  self->duration_text = st_format_duration (st_event_get_duration (trace, ref));
  self->track_text = st_trace_dup_track_label (trace, ref.track);
  return self;
}

StEventRef
st_event_item_get_ref (StEventItem *self)
{
  g_return_val_if_fail (ST_IS_EVENT_ITEM (self), (StEventRef){ 0 });
  return self->ref;
}
