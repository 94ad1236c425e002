/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recommendation-list.h"

#include "st-recommendation-row.h"

struct _StRecommendationList
{
  GtkWidget parent_instance;

  GListModel *model; /* StRecommendationItem */
  gboolean    compact;

  GtkWidget *empty_label;
};

G_DEFINE_FINAL_TYPE (StRecommendationList, st_recommendation_list, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_MODEL,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The row of the item at @position, or the label after the last row. */
static GtkWidget *
row_at (StRecommendationList *self, guint position)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  for (guint i = 0; i < position && child != self->empty_label; i++)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

/* A row per item, in the model's order; the label when there is none. */
static void
on_items_changed (GListModel           *model,
                  guint                 position,
                  guint                 removed,
                  guint                 added,
                  StRecommendationList *self)
{
  GtkWidget *next = row_at (self, position);

  for (guint i = 0; i < removed && next != self->empty_label; i++)
    {
      GtkWidget *row = next;

      next = gtk_widget_get_next_sibling (row);
      gtk_widget_unparent (row);
    }
  for (guint i = 0; i < added; i++)
    {
      g_autoptr (StRecommendationItem) item = g_list_model_get_item (model, position + i);

      gtk_widget_insert_before (st_recommendation_row_new (item, self->compact), GTK_WIDGET (self),
                                next);
    }
  gtk_widget_set_visible (self->empty_label, g_list_model_get_n_items (model) == 0);
}

static void
st_recommendation_list_dispose (GObject *object)
{
  GtkWidget *child;

  g_clear_object (&ST_RECOMMENDATION_LIST (object)->model);
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_RECOMMENDATION_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_recommendation_list_parent_class)->dispose (object);
}

static void
st_recommendation_list_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StRecommendationList *self = ST_RECOMMENDATION_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL: g_value_set_object (value, self->model); break;
    case PROP_COMPACT: g_value_set_boolean (value, self->compact); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_recommendation_list_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  StRecommendationList *self = ST_RECOMMENDATION_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL: st_recommendation_list_set_model (self, g_value_get_object (value)); break;
    case PROP_COMPACT:
      st_recommendation_list_set_compact (self, g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_recommendation_list_class_init (StRecommendationListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_recommendation_list_dispose;
  object_class->get_property = st_recommendation_list_get_property;
  object_class->set_property = st_recommendation_list_set_property;

  properties[PROP_MODEL]
      = g_param_spec_object ("model", NULL, NULL, G_TYPE_LIST_MODEL,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPACT]
      = g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-recommendation-list.ui");
  gtk_widget_class_bind_template_child (widget_class, StRecommendationList, empty_label);
}

static void
st_recommendation_list_init (StRecommendationList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

gboolean
st_recommendation_list_get_compact (StRecommendationList *self)
{
  g_return_val_if_fail (ST_IS_RECOMMENDATION_LIST (self), FALSE);
  return self->compact;
}

void
st_recommendation_list_set_compact (StRecommendationList *self, gboolean compact)
{
  g_return_if_fail (ST_IS_RECOMMENDATION_LIST (self));

  compact = !!compact;
  if (self->compact == compact)
    return;
  self->compact = compact;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self)); c != self->empty_label;
       c = gtk_widget_get_next_sibling (c))
    st_recommendation_row_set_compact (ST_RECOMMENDATION_ROW (c), compact);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}

GListModel *
st_recommendation_list_get_model (StRecommendationList *self)
{
  g_return_val_if_fail (ST_IS_RECOMMENDATION_LIST (self), NULL);
  return self->model;
}

/* Shows @model's items (StRecommendationItem), a row each, as they change. */
void
st_recommendation_list_set_model (StRecommendationList *self, GListModel *model)
{
  g_return_if_fail (ST_IS_RECOMMENDATION_LIST (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->model, on_items_changed, self);
      on_items_changed (self->model, 0, g_list_model_get_n_items (self->model), 0, self);
    }
  g_set_object (&self->model, model);
  if (model != NULL)
    {
      g_signal_connect_object (model, "items-changed", G_CALLBACK (on_items_changed), self, 0);
      on_items_changed (model, 0, 0, g_list_model_get_n_items (model), self);
    }
  else
    gtk_widget_set_visible (self->empty_label, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}
