/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-baseline-header.h"

#include "st-format.h"

#include <glib/gi18n.h>

struct _StBaselineHeader
{
  GtkWidget parent_instance;

  StBaseline    *baseline;
  GSignalGroup  *baseline_signals;
  GtkStringList *steps;
  gboolean       filling_steps; /* the dropdown changes, not the person */

  GtkLabel    *baseline_name_label;
  GtkLabel    *baseline_folder_label;
  GtkLabel    *align_label;
  GtkDropDown *step_dropdown;
};

G_DEFINE_FINAL_TYPE (StBaselineHeader, st_baseline_header, GTK_TYPE_WIDGET)

/* "base.json" and its folder. */
static void
show_names (StBaselineHeader *self)
{
  StBaseline       *base = self->baseline;
  GFile            *file = base != NULL ? st_baseline_get_file (base) : NULL;
  g_autoptr (GFile) parent = file != NULL ? g_file_get_parent (file) : NULL;
  g_autofree char  *name = file != NULL ? g_file_get_basename (file) : NULL;
  g_autofree char  *folder = parent != NULL ? g_file_get_parse_name (parent) : NULL;
  g_autofree char  *path = file != NULL ? g_file_get_parse_name (file) : NULL;

  if (name == NULL && base != NULL)
    name = g_strdup (
        st_trace_get_display_name (st_session_get_trace (st_baseline_get_session (base))));
  gtk_label_set_label (self->baseline_name_label, name ? name : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->baseline_name_label), path);
  gtk_label_set_label (self->baseline_folder_label, folder ? folder : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->baseline_folder_label), folder);
}

/* The step lined up, and by how much the baseline is shifted. */
static void
show_step (StBaselineHeader *self)
{
  StBaseline      *base = self->baseline;
  gint             step = base != NULL ? st_baseline_get_step (base) : -1;
  g_autofree char *shift = NULL, *tooltip = NULL;

  self->filling_steps = TRUE;
  gtk_drop_down_set_selected (self->step_dropdown,
                              step >= 0 ? (guint)step : GTK_INVALID_LIST_POSITION);
  self->filling_steps = FALSE;
  if (base == NULL)
    return;
  shift = st_format_duration (st_baseline_get_offset (base));
  /* Translators: how far the baseline's times are moved to line up */
  tooltip = g_strdup_printf (_ ("The baseline’s times are shifted by %s"), shift);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->align_label), tooltip);
}

/* "Step 1" … for every step both profiles have. */
static void
fill_steps (StBaselineHeader *self)
{
  guint                 n = self->baseline != NULL ? st_baseline_get_n_steps (self->baseline) : 0;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    /* Translators: a step of both profiles, counted from 1 in time order */
    g_ptr_array_add (names, g_strdup_printf (_ ("Step %u"), i + 1));
  g_ptr_array_add (names, NULL);
  self->filling_steps = TRUE;
  gtk_string_list_splice (self->steps, 0, g_list_model_get_n_items (G_LIST_MODEL (self->steps)),
                          (const char *const *)names->pdata);
  self->filling_steps = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->step_dropdown), n > 0);
  gtk_label_set_label (self->align_label,
                       n > 0 ? _ ("Lined up at") : _ ("Lined up at the profiles’ starts"));
  show_step (self);
}

/* A step chosen: both timelines go to it, its starts lined up. */
static void
on_step_selected (StBaselineHeader *self)
{
  guint selected = gtk_drop_down_get_selected (self->step_dropdown);

  if (self->filling_steps || self->baseline == NULL || selected == GTK_INVALID_LIST_POSITION
      || selected >= st_baseline_get_n_steps (self->baseline))
    return;
  st_baseline_show_step (self->baseline, selected);
}

void
st_baseline_header_set_baseline (StBaselineHeader *self, StBaseline *baseline)
{
  g_return_if_fail (ST_IS_BASELINE_HEADER (self));
  g_set_object (&self->baseline, baseline);
  g_signal_group_set_target (self->baseline_signals, baseline);
  show_names (self);
  fill_steps (self);
}

static void
st_baseline_header_dispose (GObject *object)
{
  StBaselineHeader *self = ST_BASELINE_HEADER (object);
  GtkWidget        *child;

  if (self->baseline_signals != NULL)
    g_signal_group_set_target (self->baseline_signals, NULL);
  g_clear_object (&self->baseline_signals);
  g_clear_object (&self->baseline);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_BASELINE_HEADER);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->steps);
  G_OBJECT_CLASS (st_baseline_header_parent_class)->dispose (object);
}

static void
st_baseline_header_class_init (StBaselineHeaderClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = st_baseline_header_dispose;
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/timeline/st-baseline-header.ui");
  gtk_widget_class_bind_template_child (widget_class, StBaselineHeader, baseline_name_label);
  gtk_widget_class_bind_template_child (widget_class, StBaselineHeader, baseline_folder_label);
  gtk_widget_class_bind_template_child (widget_class, StBaselineHeader, align_label);
  gtk_widget_class_bind_template_child (widget_class, StBaselineHeader, step_dropdown);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
st_baseline_header_init (StBaselineHeader *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->baseline_signals = g_signal_group_new (ST_TYPE_BASELINE);
  g_signal_group_connect_object (self->baseline_signals, "notify::n-steps", G_CALLBACK (fill_steps),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->baseline_signals, "notify::step", G_CALLBACK (show_step),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->baseline_signals, "notify::offset", G_CALLBACK (show_step),
                                 self, G_CONNECT_SWAPPED);
  self->steps = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->step_dropdown, G_LIST_MODEL (self->steps));
  g_signal_connect_swapped (self->step_dropdown, "notify::selected", G_CALLBACK (on_step_selected),
                            self);
}

GtkWidget *
st_baseline_header_new (void)
{
  return g_object_new (ST_TYPE_BASELINE_HEADER, NULL);
}
