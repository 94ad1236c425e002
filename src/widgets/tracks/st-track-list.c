/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-track-list.h"
#include "st-track-item.h"

struct _StTrackList
{
  GtkWidget parent_instance;

  StTrackArrangement *tracks;
  GSignalGroup       *tracks_signals; /* on the arrangement shown */
  GBindingGroup      *tracks_bindings;
  GListModel         *roots;  /* StTrackItem: the processes */
  GtkCustomFilter    *filter; /* the rows the arrangement's filter keeps */
  /* the rows, handed to the view once the list is shown: a profile opens
   * on another page, and the view makes its rows' widgets as it gets them */
  GtkSelectionModel *rows;

  GtkSearchEntry      *filter_entry;
  GtkColumnView       *view;
  GtkColumnViewColumn *name_column;
  GtkColumnViewColumn *events_column;
};

G_DEFINE_FINAL_TYPE (StTrackList, st_track_list, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ARRANGEMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The list shows the tracks the timeline can: those the filter keeps,
 * the pinned ones, and the hidden ones among them (to be shown again);
 * a process with one of them. */
static gboolean
keeps_row (gpointer item, gpointer data)
{
  StTrackList *self = data;
  GListModel  *children = st_track_item_get_children (item);
  guint        track = st_track_item_get_track (item);

  if (self->tracks == NULL || st_track_arrangement_get_filter (self->tracks) == NULL)
    return TRUE;
  if (children == NULL)
    return st_track_arrangement_matches (self->tracks, track)
           || st_track_arrangement_get_pinned (self->tracks, track);
  for (guint k = 0; k < g_list_model_get_n_items (children); k++)
    {
      g_autoptr (StTrackItem) child = g_list_model_get_item (children, k);

      if (keeps_row (child, self))
        return TRUE;
    }
  return FALSE;
}

static GListModel *
create_children (gpointer item, gpointer user_data)
{
  StTrackList *self = user_data;
  GListModel  *children = st_track_item_get_children (item);

  if (children == NULL)
    return NULL;
  return G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (children),
                                                  g_object_ref (GTK_FILTER (self->filter))));
}

/* The row at @position of @rows, which holds it. */
static StTrackItem *
peek_row (GListModel *rows, guint position)
{
  g_autoptr (StTrackItem) row = g_list_model_get_item (rows, position);

  return row;
}

static gint
compare_places (gconstpointer a, gconstpointer b, gpointer place)
{
  guint pa = ((guint *)place)[st_track_item_get_track (*(StTrackItem **)a)];
  guint pb = ((guint *)place)[st_track_item_get_track (*(StTrackItem **)b)];

  return pa < pb ? -1 : pa > pb;
}

/* The tracks of @process (a row of the list) in the order @place gives
 * them; only the rows that moved are replaced, so the others keep theirs. */
static void
sort_children (StTrackItem *process, guint *place)
{
  GListModel           *children = st_track_item_get_children (process);
  guint                 n = g_list_model_get_n_items (children), first, last;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint k = 0; k < n; k++)
    g_ptr_array_add (rows, g_list_model_get_item (children, k));
  g_ptr_array_sort_with_data (rows, compare_places, place);
  first = 0;
  while (first < n && g_ptr_array_index (rows, first) == peek_row (children, first))
    first++;
  last = n;
  while (last > first && g_ptr_array_index (rows, last - 1) == peek_row (children, last - 1))
    last--;
  if (first < last)
    g_list_store_splice (G_LIST_STORE (children), first, last - first, &rows->pdata[first],
                         last - first);
}

/* Each process's tracks in the order of the arrangement, each track row's
 * pin and visibility as it has them. */
static void
sync_rows (StTrackList *self)
{
  const guint      *order = st_track_arrangement_get_order (self->tracks);
  guint             n = st_trace_get_n_tracks (st_track_arrangement_get_trace (self->tracks));
  g_autofree guint *place = g_new (guint, MAX (1, n));

  for (guint i = 0; i < n; i++)
    place[order[i]] = i;
  for (guint p = 0; p < g_list_model_get_n_items (self->roots); p++)
    {
      StTrackItem *process = peek_row (self->roots, p);
      GListModel  *children = st_track_item_get_children (process);

      for (guint k = 0; k < g_list_model_get_n_items (children); k++)
        st_track_item_update (peek_row (children, k), self->tracks);
      sort_children (process, place);
    }
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

/* The track of the row with the keyboard's focus (the selected one), or
 * G_MAXUINT. */
static guint
selected_track (StTrackList *self)
{
  GtkSingleSelection     *selection;
  GtkTreeListRow         *row;
  g_autoptr (StTrackItem) item = NULL;

  if (self->tracks == NULL)
    return G_MAXUINT;
  selection = GTK_SINGLE_SELECTION (self->rows);
  row = gtk_single_selection_get_selected_item (selection);
  item = row ? gtk_tree_list_row_get_item (row) : NULL;
  return item ? st_track_item_get_track (item) : G_MAXUINT;
}

/* Selects @track's row and gives it the keyboard's focus, as after it
 * moved its row is a new one. */
static void
focus_track (StTrackList *self, guint track)
{
  GListModel *rows = G_LIST_MODEL (self->rows);
  GtkWidget  *child;

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr (StTrackItem)    item = gtk_tree_list_row_get_item (row);

      if (st_track_item_get_track (item) != track)
        continue;
      /* the column view's rows are its list view's */
      for (child = gtk_widget_get_first_child (GTK_WIDGET (self->view)); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_LIST_VIEW (child))
          gtk_widget_activate_action (child, "list.scroll-to-item", "u", i);
      gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (rows), i);
      return;
    }
}

/* Alt+Up, Alt+Down: the focused track one place up or down in its
 * section, as on the timeline. */
static void
move_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTrackList *self = ST_TRACK_LIST (widget);
  guint        track = selected_track (self);

  if (track == G_MAXUINT)
    return;
  if (st_track_arrangement_move (self->tracks, track,
                                 g_str_equal (name, "tracks.move-up") ? -1 : 1))
    focus_track (self, track);
}

/* A row's pin button and its Shown check box. */
static void
toggle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTrackList *self = ST_TRACK_LIST (widget);
  guint        track = g_variant_get_uint32 (parameter);

  if (self->tracks == NULL
      || track >= st_trace_get_n_tracks (st_track_arrangement_get_trace (self->tracks)))
    return;
  if (g_str_equal (name, "tracks.toggle-pinned"))
    st_track_arrangement_set_pinned (self->tracks, track,
                                     !st_track_arrangement_get_pinned (self->tracks, track));
  else
    st_track_arrangement_set_hidden (self->tracks, track,
                                     !st_track_arrangement_get_hidden (self->tracks, track));
}

/* Moves @track past the tracks of its section, one at a time, until it is
 * where @to was; FALSE when @to is not in its section. */
static gboolean
move_to (StTrackList *self, guint track, guint to)
{
  const guint *order = st_track_arrangement_get_order (self->tracks);
  gboolean     pinned = st_track_arrangement_get_pinned (self->tracks, track);
  guint        at = 0, dest = 0;
  int          direction;

  if (track == to || pinned != st_track_arrangement_get_pinned (self->tracks, to)
      || (!pinned
          && st_track_arrangement_get_section (self->tracks, track)
                 != st_track_arrangement_get_section (self->tracks, to)))
    return FALSE;
  while (order[at] != track)
    at++;
  while (order[dest] != to)
    dest++;
  direction = dest < at ? -1 : 1;
  /* a step may pass hidden tracks and those of other sections, @to too
   * when it is hidden */
  while ((direction < 0 ? at > dest : at < dest)
         && st_track_arrangement_move (self->tracks, track, direction))
    {
      at = 0;
      while (order[at] != track)
        at++;
    }
  return TRUE;
}

/* A track's name is dragged to move it (in the list's "Process / Track"
 * cells, which pass their list item). */
static GdkContentProvider *
on_drag_prepare (GtkDragSource *source, double x, double y, GtkListItem *item)
{
  GtkTreeListRow         *row = gtk_list_item_get_item (item);
  g_autoptr (StTrackItem) track = row ? gtk_tree_list_row_get_item (row) : NULL;

  if (track == NULL || st_track_item_get_children (track) != NULL)
    return NULL;
  return gdk_content_provider_new_typed (ST_TYPE_TRACK_ITEM, track);
}

/* Dropped on another track's name, a track takes its place in their
 * section. */
static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, GtkListItem *item)
{
  GtkWidget              *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  GtkWidget              *list = gtk_widget_get_ancestor (widget, ST_TYPE_TRACK_LIST);
  StTrackItem            *dragged = g_value_get_object (value);
  GtkTreeListRow         *row = gtk_list_item_get_item (item);
  g_autoptr (StTrackItem) onto = row ? gtk_tree_list_row_get_item (row) : NULL;

  if (list == NULL || ST_TRACK_LIST (list)->tracks == NULL || onto == NULL
      || st_track_item_get_children (onto) != NULL || st_track_item_get_children (dragged) != NULL)
    return FALSE;
  return move_to (ST_TRACK_LIST (list), st_track_item_get_track (dragged),
                  st_track_item_get_track (onto));
}

/* The arrangement's filter is the entry's text, "" for none. */
static gboolean
filter_to_text (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  const char *filter = g_value_get_string (from);

  g_value_set_string (to, filter ? filter : "");
  return TRUE;
}

static void
on_stop_search (StTrackList *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), "");
}

static void
st_track_list_dispose (GObject *object)
{
  StTrackList *self = ST_TRACK_LIST (object);
  GtkWidget   *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_TRACK_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->tracks_signals);
  g_clear_object (&self->tracks_bindings);
  g_clear_object (&self->tracks);
  g_clear_object (&self->roots);
  g_clear_object (&self->rows);
  if (self->filter != NULL)
    gtk_custom_filter_set_filter_func (self->filter, NULL, NULL, NULL);
  g_clear_object (&self->filter);
  G_OBJECT_CLASS (st_track_list_parent_class)->dispose (object);
}

static void
st_track_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StTrackList *self = ST_TRACK_LIST (object);

  switch (prop_id)
    {
    case PROP_ARRANGEMENT: g_value_set_object (value, self->tracks); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_list_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StTrackList *self = ST_TRACK_LIST (object);

  switch (prop_id)
    {
    case PROP_ARRANGEMENT: st_track_list_set_arrangement (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_list_map (GtkWidget *widget)
{
  StTrackList *self = ST_TRACK_LIST (widget);

  GTK_WIDGET_CLASS (st_track_list_parent_class)->map (widget);
  if (gtk_column_view_get_model (self->view) != self->rows)
    gtk_column_view_set_model (self->view, self->rows);
}

static void
st_track_list_class_init (StTrackListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_track_list_dispose;
  object_class->get_property = st_track_list_get_property;
  object_class->set_property = st_track_list_set_property;
  widget_class->map = st_track_list_map;

  properties[PROP_ARRANGEMENT]
      = g_param_spec_object ("arrangement", NULL, NULL, ST_TYPE_TRACK_ARRANGEMENT,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_TRACK_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/tracks/st-track-list.ui");
  gtk_widget_class_bind_template_child (widget_class, StTrackList, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, StTrackList, view);
  gtk_widget_class_bind_template_child (widget_class, StTrackList, name_column);
  gtk_widget_class_bind_template_child (widget_class, StTrackList, events_column);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_search);
  gtk_widget_class_bind_template_callback (widget_class, on_drag_prepare);
  gtk_widget_class_bind_template_callback (widget_class, on_drop);
  gtk_widget_class_set_css_name (widget_class, "sttracklist");

  gtk_widget_class_install_action (widget_class, "tracks.move-up", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "tracks.move-down", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "tracks.toggle-pinned", "u", toggle_action);
  gtk_widget_class_install_action (widget_class, "tracks.toggle-shown", "u", toggle_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "tracks.move-up",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "tracks.move-down",
                                       NULL);
}

static void
st_track_list_init (StTrackList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->filter = gtk_custom_filter_new (keeps_row, self, NULL);
  self->tracks_signals = g_signal_group_new (ST_TYPE_TRACK_ARRANGEMENT);
  g_signal_group_connect_object (self->tracks_signals, "changed", G_CALLBACK (sync_rows), self,
                                 G_CONNECT_SWAPPED);
  self->tracks_bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->tracks_bindings, "filter", self->filter_entry, "text",
                             G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, filter_to_text, NULL,
                             NULL, NULL);
}

GtkWidget *
st_track_list_new (void)
{
  return g_object_new (ST_TYPE_TRACK_LIST, NULL);
}

/* Shows the processes and tracks of the profile @tracks arranges, and
 * changes its arrangement (NULL clears the list). */
void
st_track_list_set_arrangement (StTrackList *self, StTrackArrangement *tracks)
{
  g_autoptr (GtkSingleSelection) selection = NULL;
  GtkTreeListModel              *tree;
  GtkTreeListRowSorter          *sorter;

  g_return_if_fail (ST_IS_TRACK_LIST (self));
  if (!g_set_object (&self->tracks, tracks))
    return;
  g_clear_object (&self->roots);
  self->roots = tracks ? st_track_item_new_model (st_track_arrangement_get_trace (tracks))
                       : G_LIST_MODEL (g_list_store_new (ST_TYPE_TRACK_ITEM));
  if (tracks != NULL)
    sync_rows (self);
  tree = gtk_tree_list_model_new (
      G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (self->roots),
                                               g_object_ref (GTK_FILTER (self->filter)))),
      FALSE, TRUE, create_children, self, NULL);
  sorter = gtk_tree_list_row_sorter_new (g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = gtk_single_selection_new (
      G_LIST_MODEL (gtk_sort_list_model_new (G_LIST_MODEL (tree), GTK_SORTER (sorter))));
  g_set_object (&self->rows, GTK_SELECTION_MODEL (selection));
  gtk_column_view_set_model (self->view,
                             gtk_widget_get_mapped (GTK_WIDGET (self)) ? self->rows : NULL);
  g_signal_group_set_target (self->tracks_signals, tracks);
  g_binding_group_set_source (self->tracks_bindings, tracks);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ARRANGEMENT]);
}

StTrackArrangement *
st_track_list_get_arrangement (StTrackList *self)
{
  g_return_val_if_fail (ST_IS_TRACK_LIST (self), NULL);
  return self->tracks;
}

/* Gives the filter entry the keyboard's focus, its text selected. */
void
st_track_list_focus_filter (StTrackList *self)
{
  g_return_if_fail (ST_IS_TRACK_LIST (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->filter_entry), 0, -1);
}

/* The rows as shown (GtkTreeListRow items), for tests. */
GListModel *
st_track_list_get_model (StTrackList *self)
{
  g_return_val_if_fail (ST_IS_TRACK_LIST (self), NULL);
  return G_LIST_MODEL (self->rows);
}
