/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-compare-row-item.h"

enum
{
  FIELD_NAME,
  FIELD_TOOLTIP,
  FIELD_BASE,
  FIELD_NEW,
  FIELD_DELTA,
  FIELD_PERCENT,
  N_FIELDS
};

struct _StCompareRowItem
{
  GObject parent_instance;

  char            *fields[N_FIELDS];
  StDeltaJudgement judgement;
};

G_DEFINE_FINAL_TYPE (StCompareRowItem, st_compare_row_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_TOOLTIP,
  PROP_BASE,
  PROP_NEW,
  PROP_DELTA,
  PROP_PERCENT,
  PROP_JUDGEMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_compare_row_item_finalize (GObject *object)
{
  StCompareRowItem *self = ST_COMPARE_ROW_ITEM (object);

  for (guint i = 0; i < N_FIELDS; i++)
    g_clear_pointer (&self->fields[i], g_free);
  G_OBJECT_CLASS (st_compare_row_item_parent_class)->finalize (object);
}

static void
st_compare_row_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StCompareRowItem *self = ST_COMPARE_ROW_ITEM (object);

  if (prop_id == PROP_JUDGEMENT)
    g_value_set_int (value, self->judgement);
  else if (prop_id >= PROP_NAME && prop_id <= PROP_PERCENT)
    g_value_set_string (value, self->fields[prop_id - PROP_NAME]);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
st_compare_row_item_class_init (StCompareRowItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const char *const names[] = { "name", "tooltip", "base", "new", "delta", "percent" };
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_compare_row_item_finalize;
  object_class->get_property = st_compare_row_item_get_property;

  for (guint i = 0; i < N_FIELDS; i++)
    properties[PROP_NAME + i] = g_param_spec_string (names[i], NULL, NULL, NULL, flags);
  properties[PROP_JUDGEMENT] = g_param_spec_int ("judgement", NULL, NULL, ST_DELTA_UNJUDGED,
                                                 ST_DELTA_WORSE, ST_DELTA_UNJUDGED, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_compare_row_item_init (StCompareRowItem *self)
{
}

StCompareRowItem *
st_compare_row_item_new (const char      *name,
                         const char      *tooltip,
                         const char      *base,
                         const char      *new_,
                         const char      *delta,
                         const char      *percent,
                         StDeltaJudgement judgement)
{
  StCompareRowItem *self = g_object_new (ST_TYPE_COMPARE_ROW_ITEM, NULL);
  const char       *values[N_FIELDS] = { name, tooltip, base, new_, delta, percent };

  for (guint i = 0; i < N_FIELDS; i++)
    self->fields[i] = g_strdup (values[i]);
  self->judgement = judgement;
  return self;
}
