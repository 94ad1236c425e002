/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-finding-item.h"

struct _StFindingItem
{
  GObject parent_instance;

  char      *text;
  gint64     start;
  gint64     end;
  gboolean   has_slice;
  StSliceRef slice;
};

G_DEFINE_FINAL_TYPE (StFindingItem, st_finding_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_finding_item_finalize (GObject *object)
{
  g_clear_pointer (&ST_FINDING_ITEM (object)->text, g_free);
  G_OBJECT_CLASS (st_finding_item_parent_class)->finalize (object);
}

static void
st_finding_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_TEXT: g_value_set_string (value, ST_FINDING_ITEM (object)->text); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_finding_item_class_init (StFindingItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_finding_item_finalize;
  object_class->get_property = st_finding_item_get_property;

  properties[PROP_TEXT]
      = g_param_spec_string ("text", NULL, NULL, NULL,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_finding_item_init (StFindingItem *self)
{
}

StFindingItem *
st_finding_item_new (const StDiffFinding *finding)
{
  StFindingItem *self = g_object_new (ST_TYPE_FINDING_ITEM, NULL);

  self->text = g_strdup (finding->text);
  self->start = finding->start_ns;
  self->end = finding->end_ns;
  self->has_slice = finding->has_slice;
  self->slice = finding->slice;
  return self;
}

const char *
st_finding_item_get_text (StFindingItem *self)
{
  g_return_val_if_fail (ST_IS_FINDING_ITEM (self), NULL);
  return self->text;
}

void
st_finding_item_get_place (StFindingItem *self, gint64 *start, gint64 *end)
{
  g_return_if_fail (ST_IS_FINDING_ITEM (self));
  *start = self->start;
  *end = self->end;
}

gboolean
st_finding_item_get_slice (StFindingItem *self, StSliceRef *slice)
{
  g_return_val_if_fail (ST_IS_FINDING_ITEM (self), FALSE);
  if (self->has_slice)
    *slice = self->slice;
  return self->has_slice;
}
