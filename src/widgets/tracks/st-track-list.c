#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-track-list.h"
#include "st-track-row.h"

struct _StTrackList
{
  GtkWidget parent_instance;

  StTrace             *trace;
  GtkColumnView       *view;
  GtkColumnViewColumn *name_column;
  GtkColumnViewColumn *events_column;
};

G_DEFINE_FINAL_TYPE (StTrackList, st_track_list, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TRACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GListModel *
create_children (gpointer item, gpointer user_data)
{
  GListModel *children = st_track_row_get_children (item);
  return children ? g_object_ref (children) : NULL;
}

static void
st_track_list_dispose (GObject *object)
{
  StTrackList *self = ST_TRACK_LIST (object);
  GtkWidget   *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_TRACK_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (st_track_list_parent_class)->dispose (object);
}

static void
st_track_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StTrackList *self = ST_TRACK_LIST (object);

  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_list_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StTrackList *self = ST_TRACK_LIST (object);

  switch (prop_id)
    {
    case PROP_TRACE: st_track_list_set_trace (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_list_class_init (StTrackListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_track_list_dispose;
  object_class->get_property = st_track_list_get_property;
  object_class->set_property = st_track_list_set_property;

  properties[PROP_TRACE]
      = g_param_spec_object ("trace", NULL, NULL, ST_TYPE_TRACE,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_TRACK_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-track-list.ui");
  gtk_widget_class_bind_template_child (widget_class, StTrackList, view);
  gtk_widget_class_bind_template_child (widget_class, StTrackList, name_column);
  gtk_widget_class_bind_template_child (widget_class, StTrackList, events_column);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sttracklist");
}

static void
st_track_list_init (StTrackList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
st_track_list_new (void)
{
  return g_object_new (ST_TYPE_TRACK_LIST, NULL);
}

/* Shows the processes and tracks of @trace (NULL clears the list). */
void
st_track_list_set_trace (StTrackList *self, StTrace *trace)
{
  g_autoptr (GListModel)         roots = NULL;
  g_autoptr (GtkSingleSelection) selection = NULL;
  GtkTreeListModel              *tree;
  GtkTreeListRowSorter          *sorter;

  g_return_if_fail (ST_IS_TRACK_LIST (self));
  if (!g_set_object (&self->trace, trace))
    return;
  roots = trace ? st_track_row_new_model (trace)
                : G_LIST_MODEL (g_list_store_new (ST_TYPE_TRACK_ROW));
  tree = gtk_tree_list_model_new (g_steal_pointer (&roots), FALSE, TRUE, create_children, NULL,
                                  NULL);
  sorter = gtk_tree_list_row_sorter_new (g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = gtk_single_selection_new (
      G_LIST_MODEL (gtk_sort_list_model_new (G_LIST_MODEL (tree), GTK_SORTER (sorter))));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
}

StTrace *
st_track_list_get_trace (StTrackList *self)
{
  g_return_val_if_fail (ST_IS_TRACK_LIST (self), NULL);
  return self->trace;
}

/* The rows as shown (GtkTreeListRow items), for tests. */
GListModel *
st_track_list_get_model (StTrackList *self)
{
  g_return_val_if_fail (ST_IS_TRACK_LIST (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (self->view));
}
