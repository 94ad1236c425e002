/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-region-list.h"
#include "st-name-cell.h"
#include "st-region-item.h"
#include "st-region-items.h"

struct _StRegionList
{
  GtkWidget parent_instance;

  StSession          *session;
  GSignalGroup       *session_signals;
  StRegionItems      *rows;   /* owned by sorted */
  GtkSortListModel   *sorted; /* as shown, owned by selection */
  GtkSingleSelection *selection;
  gboolean            syncing;

  GtkColumnView *view;
  GtkWidget     *row_menu;
};

G_DEFINE_FINAL_TYPE (StRegionList, st_region_list, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The row showing @region: with no column to sort by, the rows are in the
 * set's order, and the set finds it without making a row; sorted, every
 * row is made already. */
static guint
row_of (StRegionList *self, StRegion *region)
{
  GListModel *rows = G_LIST_MODEL (self->sorted);
  guint       position;

  if (region == NULL || self->session == NULL)
    return GTK_INVALID_LIST_POSITION;
  if (gtk_sorter_get_order (gtk_column_view_get_sorter (self->view)) == GTK_SORTER_ORDER_NONE)
    {
      position = st_region_set_find (st_session_get_regions (self->session), region);
      return position != G_MAXUINT ? position : GTK_INVALID_LIST_POSITION;
    }
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (StRegionItem) row = g_list_model_get_item (rows, i);
      if (st_region_item_get_region (row) == region)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* The column view's list of rows (row widgets are its children). */
static GtkWidget *
get_list_view (StRegionList *self)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->view)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      return c;
  return NULL;
}

/* GtkColumnView has no scroll_to in GTK 4.8; its list view's action does
 * it. */
static void
scroll_to_row (StRegionList *self, guint row)
{
  GtkWidget *list_view = get_list_view (self);

  if (list_view != NULL)
    gtk_widget_activate_action (list_view, "list.scroll-to-item", "u", row);
}

/* The list's selection follows the session's selected region, and back. */

static void
on_session_selected (StRegionList *self)
{
  guint row;

  if (self->syncing)
    return;
  row = row_of (self,
                self->session != NULL ? st_session_get_selected_region (self->session) : NULL);
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection, row);
  self->syncing = FALSE;
  if (row != GTK_INVALID_LIST_POSITION && gtk_widget_get_mapped (GTK_WIDGET (self->view)))
    scroll_to_row (self, row);
}

static void
on_list_selected (StRegionList *self)
{
  StRegionItem *row = gtk_single_selection_get_selected_item (self->selection);

  if (self->syncing || self->session == NULL)
    return;
  self->syncing = TRUE;
  st_session_set_selected_region (self->session,
                                  row != NULL ? st_region_item_get_region (row) : NULL);
  self->syncing = FALSE;
}

/* The name cells. */

static StNameCell *
find_name_cell (GtkWidget *widget)
{
  if (ST_IS_NAME_CELL (widget))
    return ST_NAME_CELL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      StNameCell *found = find_name_cell (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The region of the row widget @row (any of its cells), or NULL. */
static StRegion *
region_of_row (GtkWidget *row)
{
  StNameCell *cell = find_name_cell (row);
  GObject    *item = cell != NULL ? st_name_cell_get_item (cell) : NULL;

  return item != NULL ? st_region_item_get_region (ST_REGION_ITEM (item)) : NULL;
}

/* Renaming in place: F2 (or Rename in the menu) turns the name into an
 * entry; Enter commits through regions.rename, Escape keeps the name.
 * FALSE when the region's row is not made yet. */
gboolean
st_region_list_start_editing (StRegionList *self, StRegion *region)
{
  GtkWidget *list_view;

  g_return_val_if_fail (ST_IS_REGION_LIST (self), FALSE);
  g_return_val_if_fail (ST_IS_REGION (region), FALSE);
  scroll_to_row (self, row_of (self, region));
  list_view = get_list_view (self);
  for (GtkWidget *row = list_view != NULL ? gtk_widget_get_first_child (list_view) : NULL;
       row != NULL; row = gtk_widget_get_next_sibling (row))
    if (region_of_row (row) == region)
      {
        st_name_cell_start_editing (find_name_cell (row));
        return TRUE;
      }
  return FALSE;
}

/* A name typed in place: renamed through regions.rename, so it can be
 * undone; an empty or unchanged name keeps the old one. */
static void
on_name_committed (StNameCell *cell, const char *text, GtkListItem *item)
{
  GtkWidget       *list = gtk_widget_get_ancestor (GTK_WIDGET (cell), ST_TYPE_REGION_LIST);
  StRegionList    *self = list != NULL ? ST_REGION_LIST (list) : NULL;
  StRegionItem    *row = gtk_list_item_get_item (item);
  g_autofree char *name = g_strstrip (g_strdup (text));
  StRegion        *region;
  guint            position;

  if (self == NULL || self->session == NULL || row == NULL)
    return;
  region = st_region_item_get_region (row);
  position = st_region_set_find (st_session_get_regions (self->session), region);
  if (*name != '\0' && position != G_MAXUINT && !g_str_equal (name, st_region_get_name (region)))
    gtk_widget_activate_action (list, "regions.rename", "(us)", position, name);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

/* The row menu, on a right click. */

static StRegion *
region_at (StRegionList *self, double x, double y)
{
  for (GtkWidget *w = gtk_widget_pick (GTK_WIDGET (self->view), x, y, GTK_PICK_DEFAULT);
       w != NULL && w != GTK_WIDGET (self->view); w = gtk_widget_get_parent (w))
    if (GTK_IS_LIST_VIEW (gtk_widget_get_parent (w)))
      return region_of_row (w);
  return NULL;
}

static void
on_right_click (GtkGestureClick *gesture, int n_press, double x, double y, StRegionList *self)
{
  StRegion        *region = region_at (self, x, y);
  graphene_point_t at;

  if (region == NULL || self->session == NULL)
    return;
  st_session_set_selected_region (self->session, region);
  if (!gtk_widget_compute_point (GTK_WIDGET (self->view), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (x, y), &at))
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->row_menu), &(GdkRectangle){ at.x, at.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->row_menu));
}

static void
on_activate (GtkColumnView *view, guint position, StRegionList *self)
{
  g_autoptr (StRegionItem) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  if (row == NULL || self->session == NULL)
    return;
  st_session_set_selected_region (self->session, st_region_item_get_region (row));
  st_session_zoom_to_region (self->session, st_region_item_get_region (row));
}

/* The session. */

StSession *
st_region_list_get_session (StRegionList *self)
{
  g_return_val_if_fail (ST_IS_REGION_LIST (self), NULL);
  return self->session;
}

/* Shows the regions of @session (NULL: none). */
void
st_region_list_set_session (StRegionList *self, StSession *session)
{
  g_return_if_fail (ST_IS_REGION_LIST (self));
  g_return_if_fail (session == NULL || ST_IS_SESSION (session));
  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  st_region_items_set_session (self->rows, session);
  on_session_selected (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
st_region_list_dispose (GObject *object)
{
  StRegionList *self = ST_REGION_LIST (object);
  GtkWidget    *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_REGION_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_region_list_parent_class)->dispose (object);
}

static void
st_region_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRegionList *self = ST_REGION_LIST (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_list_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StRegionList *self = ST_REGION_LIST (object);

  switch (prop_id)
    {
    case PROP_SESSION: st_region_list_set_session (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_list_class_init (StRegionListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_region_list_dispose;
  object_class->get_property = st_region_list_get_property;
  object_class->set_property = st_region_list_set_property;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_NAME_CELL);
  g_type_ensure (ST_TYPE_REGION_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/regions/st-region-list.ui");
  gtk_widget_class_bind_template_child (widget_class, StRegionList, view);
  gtk_widget_class_bind_template_child (widget_class, StRegionList, row_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_right_click);
  /* in the name column's cells (st-region-name-cell.ui) */
  gtk_widget_class_bind_template_callback (widget_class, on_name_committed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "regionlist");
}

static void
st_region_list_init (StRegionList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = st_region_items_new ();
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->rows),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (on_list_selected),
                            self);
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-region",
                                  G_CALLBACK (on_session_selected), self);
}

GtkWidget *
st_region_list_new (void)
{
  return g_object_new (ST_TYPE_REGION_LIST, NULL);
}
