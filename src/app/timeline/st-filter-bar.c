/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-filter-bar.h"

#include "st-format.h"

#include <glib/gi18n.h>

struct _StFilterBar
{
  GtkWidget parent_instance;

  StTrackArrangement *tracks;
  GSignalGroup       *tracks_signals;

  GtkLabel *filter_label;
};

G_DEFINE_FINAL_TYPE (StFilterBar, st_filter_bar, GTK_TYPE_WIDGET)

/* "Showing 16 of 96 tracks, filtered by “nccl”". */
static void
update (StFilterBar *self)
{
  const char        *filter = self->tracks ? st_track_arrangement_get_filter (self->tracks) : NULL;
  g_autoptr (GArray) visible = NULL;
  g_autofree char   *shown = NULL, *all = NULL, *text = NULL;
  guint              n, n_pinned;

  gtk_widget_set_visible (GTK_WIDGET (self), filter != NULL);
  if (filter == NULL)
    return;
  n = st_trace_get_n_tracks (st_track_arrangement_get_trace (self->tracks));
  visible = st_track_arrangement_dup_visible (self->tracks, &n_pinned);
  shown = st_format_count (visible->len);
  all = st_format_count (n);
  /* Translators: "Showing 16 of 96 tracks, filtered by “nccl”" */
  text = g_strdup_printf (ngettext ("Showing %s of %s track, filtered by “%s”",
                                    "Showing %s of %s tracks, filtered by “%s”", n),
                          shown, all, filter);
  gtk_label_set_text (self->filter_label, text);
}

void
st_filter_bar_set_tracks (StFilterBar *self, StTrackArrangement *tracks)
{
  g_return_if_fail (ST_IS_FILTER_BAR (self));
  g_set_object (&self->tracks, tracks);
  g_signal_group_set_target (self->tracks_signals, tracks);
  update (self);
}

static void
st_filter_bar_dispose (GObject *object)
{
  StFilterBar *self = ST_FILTER_BAR (object);
  GtkWidget   *child;

  if (self->tracks_signals != NULL)
    g_signal_group_set_target (self->tracks_signals, NULL);
  g_clear_object (&self->tracks_signals);
  g_clear_object (&self->tracks);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_FILTER_BAR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_filter_bar_parent_class)->dispose (object);
}

static void
st_filter_bar_class_init (StFilterBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = st_filter_bar_dispose;
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/timeline/st-filter-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, StFilterBar, filter_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
st_filter_bar_init (StFilterBar *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->tracks_signals = g_signal_group_new (ST_TYPE_TRACK_ARRANGEMENT);
  g_signal_group_connect_object (self->tracks_signals, "changed", G_CALLBACK (update), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
st_filter_bar_new (void)
{
  return g_object_new (ST_TYPE_FILTER_BAR, NULL);
}
