/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-column-layout-child.h"

struct _StColumnLayoutChild
{
  GtkLayoutChild parent_instance;

  guint    column;
  gboolean span;
};

G_DEFINE_FINAL_TYPE (StColumnLayoutChild, st_column_layout_child, GTK_TYPE_LAYOUT_CHILD)

enum
{
  PROP_0,
  PROP_COLUMN,
  PROP_SPAN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_column_layout_child_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StColumnLayoutChild *self = ST_COLUMN_LAYOUT_CHILD (object);

  switch (prop_id)
    {
    case PROP_COLUMN: g_value_set_uint (value, self->column); break;
    case PROP_SPAN: g_value_set_boolean (value, self->span); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_column_layout_child_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  StColumnLayoutChild *self = ST_COLUMN_LAYOUT_CHILD (object);

  switch (prop_id)
    {
    case PROP_COLUMN: st_column_layout_child_set_column (self, g_value_get_uint (value)); break;
    case PROP_SPAN: st_column_layout_child_set_span (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_column_layout_child_class_init (StColumnLayoutChildClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = st_column_layout_child_get_property;
  object_class->set_property = st_column_layout_child_set_property;

  properties[PROP_COLUMN]
      = g_param_spec_uint ("column", NULL, NULL, 0, G_MAXUINT16, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SPAN]
      = g_param_spec_boolean ("span", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_column_layout_child_init (StColumnLayoutChild *self)
{
}

guint
st_column_layout_child_get_column (StColumnLayoutChild *self)
{
  g_return_val_if_fail (ST_IS_COLUMN_LAYOUT_CHILD (self), 0);
  return self->column;
}

void
st_column_layout_child_set_column (StColumnLayoutChild *self, guint column)
{
  g_return_if_fail (ST_IS_COLUMN_LAYOUT_CHILD (self));

  if (self->column == column)
    return;
  self->column = column;
  gtk_layout_manager_layout_changed (gtk_layout_child_get_layout_manager (GTK_LAYOUT_CHILD (self)));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMN]);
}

gboolean
st_column_layout_child_get_span (StColumnLayoutChild *self)
{
  g_return_val_if_fail (ST_IS_COLUMN_LAYOUT_CHILD (self), FALSE);
  return self->span;
}

void
st_column_layout_child_set_span (StColumnLayoutChild *self, gboolean span)
{
  g_return_if_fail (ST_IS_COLUMN_LAYOUT_CHILD (self));

  span = !!span;
  if (self->span == span)
    return;
  self->span = span;
  gtk_layout_manager_layout_changed (gtk_layout_child_get_layout_manager (GTK_LAYOUT_CHILD (self)));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPAN]);
}
