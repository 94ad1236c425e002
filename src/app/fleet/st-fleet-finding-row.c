/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-finding-row.c: see st-fleet-finding-row.h. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-fleet-finding-row.h"

struct _StFleetFindingRow
{
  GtkWidget parent_instance;

  guint      index;
  char      *text;
  GtkLabel  *number_label;
  GtkLabel  *text_label;
  GtkButton *link_button;
};

G_DEFINE_FINAL_TYPE (StFleetFindingRow, st_fleet_finding_row, GTK_TYPE_WIDGET)

enum
{
  OPEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_link_clicked (StFleetFindingRow *self)
{
  g_signal_emit (self, signals[OPEN], 0);
}

static void
st_fleet_finding_row_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_FLEET_FINDING_ROW);
  /* the children without an id */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_fleet_finding_row_parent_class)->dispose (object);
}

static void
st_fleet_finding_row_finalize (GObject *object)
{
  g_free (ST_FLEET_FINDING_ROW (object)->text);
  G_OBJECT_CLASS (st_fleet_finding_row_parent_class)->finalize (object);
}

static void
st_fleet_finding_row_class_init (StFleetFindingRowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_fleet_finding_row_dispose;
  object_class->finalize = st_fleet_finding_row_finalize;
  /* The link was followed: open the rank's trace at the finding's place. */
  signals[OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/fleet/st-fleet-finding-row.ui");
  gtk_widget_class_bind_template_child (widget_class, StFleetFindingRow, number_label);
  gtk_widget_class_bind_template_child (widget_class, StFleetFindingRow, text_label);
  gtk_widget_class_bind_template_child (widget_class, StFleetFindingRow, link_button);
  gtk_widget_class_bind_template_callback (widget_class, on_link_clicked);
}

static void
st_fleet_finding_row_init (StFleetFindingRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
st_fleet_finding_row_new (guint index, const char *kind, const char *text, const char *link)
{
  StFleetFindingRow *self = g_object_new (ST_TYPE_FLEET_FINDING_ROW, NULL);
  g_autofree char   *number = g_strdup_printf ("%u", index + 1);
  g_autofree char   *markup = g_markup_printf_escaped ("<b>%s</b> %s", kind, text);

  self->index = index;
  self->text = g_strdup (text);
  gtk_label_set_text (self->number_label, number);
  gtk_label_set_markup (self->text_label, markup);
  gtk_button_set_label (self->link_button, link);
  return GTK_WIDGET (self);
}

guint
st_fleet_finding_row_get_index (StFleetFindingRow *self)
{
  g_return_val_if_fail (ST_IS_FLEET_FINDING_ROW (self), 0);
  return self->index;
}

const char *
st_fleet_finding_row_get_text (StFleetFindingRow *self)
{
  g_return_val_if_fail (ST_IS_FLEET_FINDING_ROW (self), NULL);
  return self->text;
}
