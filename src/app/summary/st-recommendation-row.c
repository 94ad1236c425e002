/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recommendation-row.h"

struct _StRecommendationRow
{
  GtkWidget parent_instance;

  StRecommendationItem *item;
  gboolean              compact;

  GtkWidget *detail_label;
  GtkWidget *action_label;
};

G_DEFINE_FINAL_TYPE (StRecommendationRow, st_recommendation_row, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ITEM,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_recommendation_row_dispose (GObject *object)
{
  StRecommendationRow *self = ST_RECOMMENDATION_ROW (object);
  GtkWidget           *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_RECOMMENDATION_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->item);
  G_OBJECT_CLASS (st_recommendation_row_parent_class)->dispose (object);
}

static void
st_recommendation_row_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  StRecommendationRow *self = ST_RECOMMENDATION_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM: g_value_set_object (value, self->item); break;
    case PROP_COMPACT: g_value_set_boolean (value, self->compact); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_recommendation_row_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  StRecommendationRow *self = ST_RECOMMENDATION_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      /* construct-only: told so that the template's bindings read it */
      self->item = g_value_dup_object (value);
      g_object_notify_by_pspec (object, pspec);
      /* where no fix applies there is no action line */
      if (self->item != NULL)
        {
          gboolean has_action;

          g_object_get (self->item, "has-action", &has_action, NULL);
          gtk_widget_set_visible (self->action_label, has_action);
        }
      break;
    case PROP_COMPACT: st_recommendation_row_set_compact (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_recommendation_row_class_init (StRecommendationRowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_recommendation_row_dispose;
  object_class->get_property = st_recommendation_row_get_property;
  object_class->set_property = st_recommendation_row_set_property;

  properties[PROP_ITEM]
      = g_param_spec_object ("item", NULL, NULL, ST_TYPE_RECOMMENDATION_ITEM,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY
                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPACT]
      = g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_RECOMMENDATION_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-recommendation-row.ui");
  gtk_widget_class_bind_template_child (widget_class, StRecommendationRow, detail_label);
  gtk_widget_class_bind_template_child (widget_class, StRecommendationRow, action_label);
}

static void
st_recommendation_row_init (StRecommendationRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
st_recommendation_row_new (StRecommendationItem *item, gboolean compact)
{
  g_return_val_if_fail (ST_IS_RECOMMENDATION_ITEM (item), NULL);

  return g_object_new (ST_TYPE_RECOMMENDATION_ROW, "item", item, "compact", compact, NULL);
}

gboolean
st_recommendation_row_get_compact (StRecommendationRow *self)
{
  g_return_val_if_fail (ST_IS_RECOMMENDATION_ROW (self), FALSE);
  return self->compact;
}

void
st_recommendation_row_set_compact (StRecommendationRow *self, gboolean compact)
{
  g_return_if_fail (ST_IS_RECOMMENDATION_ROW (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  /* what is at stake and the action in small print */
  if (compact)
    {
      gtk_widget_add_css_class (self->detail_label, "caption");
      gtk_widget_add_css_class (self->action_label, "caption");
    }
  else
    {
      gtk_widget_remove_css_class (self->detail_label, "caption");
      gtk_widget_remove_css_class (self->action_label, "caption");
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}
