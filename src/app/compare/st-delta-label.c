/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-delta-label.h"

#include <glib/gi18n.h>

struct _StDeltaLabel
{
  GtkWidget parent_instance;

  GtkLabel        *label;
  StDeltaJudgement judgement;
};

G_DEFINE_FINAL_TYPE (StDeltaLabel, st_delta_label, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TEXT,
  PROP_JUDGEMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_delta_label_dispose (GObject *object)
{
  StDeltaLabel *self = ST_DELTA_LABEL (object);

  g_clear_pointer ((GtkWidget **)&self->label, gtk_widget_unparent);
  G_OBJECT_CLASS (st_delta_label_parent_class)->dispose (object);
}

static void
st_delta_label_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StDeltaLabel *self = ST_DELTA_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT: g_value_set_string (value, st_delta_label_get_text (self)); break;
    case PROP_JUDGEMENT: g_value_set_int (value, self->judgement); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_delta_label_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StDeltaLabel *self = ST_DELTA_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT: st_delta_label_set_text (self, g_value_get_string (value)); break;
    case PROP_JUDGEMENT: st_delta_label_set_judgement (self, g_value_get_int (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_delta_label_class_init (StDeltaLabelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_delta_label_dispose;
  object_class->get_property = st_delta_label_get_property;
  object_class->set_property = st_delta_label_set_property;

  properties[PROP_TEXT]
      = g_param_spec_string ("text", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_JUDGEMENT] = g_param_spec_int (
      "judgement", NULL, NULL, ST_DELTA_UNJUDGED, ST_DELTA_WORSE, ST_DELTA_UNJUDGED,
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "delta");
}

static void
st_delta_label_init (StDeltaLabel *self)
{
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 1);
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "numeric");
  gtk_widget_set_parent (GTK_WIDGET (self->label), GTK_WIDGET (self));
}

GtkWidget *
st_delta_label_new (void)
{
  return g_object_new (ST_TYPE_DELTA_LABEL, NULL);
}

const char *
st_delta_label_get_text (StDeltaLabel *self)
{
  g_return_val_if_fail (ST_IS_DELTA_LABEL (self), NULL);
  return gtk_label_get_label (self->label);
}

void
st_delta_label_set_text (StDeltaLabel *self, const char *text)
{
  g_return_if_fail (ST_IS_DELTA_LABEL (self));
  if (g_strcmp0 (text, gtk_label_get_label (self->label)) == 0)
    return;
  gtk_label_set_label (self->label, text ? text : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

StDeltaJudgement
st_delta_label_get_judgement (StDeltaLabel *self)
{
  g_return_val_if_fail (ST_IS_DELTA_LABEL (self), ST_DELTA_UNJUDGED);
  return self->judgement;
}

/* Better in the success colour, worse in the error colour, each said in
 * the tooltip too. */
void
st_delta_label_set_judgement (StDeltaLabel *self, StDeltaJudgement judgement)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (ST_IS_DELTA_LABEL (self));
  if (self->judgement == judgement)
    return;
  self->judgement = judgement;
  gtk_widget_remove_css_class (widget, "success");
  gtk_widget_remove_css_class (widget, "error");
  if (judgement == ST_DELTA_BETTER)
    gtk_widget_add_css_class (widget, "success");
  else if (judgement == ST_DELTA_WORSE)
    gtk_widget_add_css_class (widget, "error");
  gtk_widget_set_tooltip_text (widget, judgement == ST_DELTA_BETTER  ? _ ("Better")
                                       : judgement == ST_DELTA_WORSE ? _ ("Worse")
                                                                     : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JUDGEMENT]);
}
