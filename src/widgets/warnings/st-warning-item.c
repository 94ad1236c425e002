/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-format.h"
#include "st-warning-item.h"

#include <glib/gi18n.h>

struct _StWarningItem
{
  GObject parent_instance;

  char   *kind;
  guint64 count;
  char   *place;
  char   *message;
};

G_DEFINE_FINAL_TYPE (StWarningItem, st_warning_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_COUNT,
  PROP_COUNT_TEXT,
  PROP_PLACE,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_warning_item_finalize (GObject *object)
{
  StWarningItem *self = ST_WARNING_ITEM (object);

  g_free (self->kind);
  g_free (self->place);
  g_free (self->message);
  G_OBJECT_CLASS (st_warning_item_parent_class)->finalize (object);
}

static void
st_warning_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StWarningItem *self = ST_WARNING_ITEM (object);

  switch (prop_id)
    {
    case PROP_KIND: g_value_set_string (value, self->kind); break;
    case PROP_COUNT: g_value_set_uint64 (value, self->count); break;
    case PROP_COUNT_TEXT: g_value_take_string (value, st_format_count (self->count)); break;
    case PROP_PLACE: g_value_set_string (value, self->place); break;
    case PROP_MESSAGE: g_value_set_string (value, self->message); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_warning_item_class_init (StWarningItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_warning_item_finalize;
  object_class->get_property = st_warning_item_get_property;

  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL, flags);
  properties[PROP_COUNT] = g_param_spec_uint64 ("count", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_COUNT_TEXT] = g_param_spec_string ("count-text", NULL, NULL, NULL, flags);
  properties[PROP_PLACE] = g_param_spec_string ("place", NULL, NULL, NULL, flags);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_warning_item_init (StWarningItem *self)
{
}

guint64
st_warning_item_get_count (StWarningItem *self)
{
  g_return_val_if_fail (ST_IS_WARNING_ITEM (self), 0);
  return self->count;
}

/* The warning's kind as the command line writes it ("unmatched-flow"). */
const char *
st_warning_item_get_kind (StWarningItem *self)
{
  g_return_val_if_fail (ST_IS_WARNING_ITEM (self), NULL);
  return self->kind;
}

/* One row per kind of warning of @trace. */
GListModel *
st_warning_item_new_model (StTrace *trace)
{
  GListStore            *store = g_list_store_new (ST_TYPE_WARNING_ITEM);
  const StImportWarning *w;
  guint                  n;

  w = st_trace_get_warnings (trace, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (StWarningItem) row = g_object_new (ST_TYPE_WARNING_ITEM, NULL);

      row->kind = g_strdup (st_warning_kind_to_string (w[i].kind));
      row->count = w[i].count;
      row->message = g_strdup (w[i].message);
      if (w[i].first_line > 0)
        {
          g_autofree char *l = g_strdup_printf ("%" G_GUINT64_FORMAT, w[i].first_line);
          g_autofree char *c = g_strdup_printf ("%" G_GUINT64_FORMAT, w[i].first_column);

          row->place = g_strdup_printf (_ ("line %s, column %s"), l, c);
        }
      else
        row->place = g_strdup ("");
      g_list_store_append (store, row);
    }
  return G_LIST_MODEL (store);
}
