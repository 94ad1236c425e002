/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-call-tree-view.h"

#include "st-call-tree-item.h"
#include "st-flame-graph.h"

#include <glib/gi18n.h>

struct _StCallTreeView
{
  GtkWidget parent_instance;

  StCallTree         *tree;
  GtkTreeListModel   *tree_model;
  GtkSingleSelection *selection;
  gboolean            revealing;     /* the view, not the person, selects a row */
  guint               scroll_id;     /* scrolling to the row selected, once laid out */
  gboolean            paned_moved;   /* the person moved the divider */
  gboolean            placing_paned; /* the view moves it */

  GtkPaned      *paned;
  GtkColumnView *tree_view;
  StFlameGraph  *flame_graph;
  GtkLabel      *zoom_label;
};

G_DEFINE_FINAL_TYPE (StCallTreeView, st_call_tree_view, GTK_TYPE_WIDGET)

enum
{
  NODE_CHOSEN,
  NODE_ACTIVATED,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define NO_POSITION G_MAXUINT

static GListModel *
create_children (gpointer item, gpointer data)
{
  StCallTree *tree = st_call_tree_item_get_tree (item);
  guint       node = st_call_tree_item_get_node (item);

  if (st_call_tree_get_node (tree, node)->n_children == 0)
    return NULL;
  return st_call_tree_item_list_children (tree, node);
}

static guint
node_of_row (GtkTreeListRow *row)
{
  g_autoptr (StCallTreeItem) item = gtk_tree_list_row_get_item (row);

  return st_call_tree_item_get_node (item);
}

/* The node of the row selected, or ST_FLAME_GRAPH_NONE. */
static guint
selected_node (StCallTreeView *self)
{
  GtkTreeListRow *row
      = self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;

  return row != NULL ? node_of_row (row) : ST_FLAME_GRAPH_NONE;
}

/* Where @node's row is in the table, or NO_POSITION when its row is not
 * there (a parent collapsed). */
static guint
position_of (StCallTreeView *self, guint node)
{
  GListModel *rows = G_LIST_MODEL (self->selection);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);

      if (node_of_row (row) == node)
        return i;
    }
  return NO_POSITION;
}

/* The table's rows scroll to @position: GtkColumnView 4.8 has no call for
 * it, its list has an action. */
static void
scroll_to (StCallTreeView *self, guint position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->tree_view)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

static gboolean
scroll_to_selected (gpointer data)
{
  StCallTreeView *self = data;
  guint           position
      = self->selection ? gtk_single_selection_get_selected (self->selection) : NO_POSITION;

  self->scroll_id = 0;
  if (position != GTK_INVALID_LIST_POSITION && position != NO_POSITION)
    {
      scroll_to (self, position);
      st_flame_graph_scroll_to (self->flame_graph, selected_node (self));
    }
  return G_SOURCE_REMOVE;
}

/* Expands the rows down to @node and selects it; with @by_person, as a
 * person's choice: its instances are selected on the timeline. */
static void
reveal (StCallTreeView *self, guint node, gboolean by_person)
{
  StCallTree        *tree = self->tree;
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  guint              position = NO_POSITION;

  if (tree == NULL || self->selection == NULL || node == ST_CALL_TREE_ROOT)
    return;
  for (guint at = node; at != ST_CALL_TREE_ROOT; at = st_call_tree_get_node (tree, at)->parent)
    g_array_prepend_val (path, at);
  for (guint k = 0; k < path->len; k++)
    {
      g_autoptr (GtkTreeListRow) row = NULL;

      position = position_of (self, g_array_index (path, guint, k));
      if (position == NO_POSITION)
        return;
      row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
      if (k + 1 < path->len)
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
  /* the row the page opened on, clicked: chosen now, though selected already */
  if (by_person && gtk_single_selection_get_selected (self->selection) == position)
    g_signal_emit (self, signals[NODE_CHOSEN], 0, node);
  self->revealing = !by_person;
  gtk_single_selection_set_selected (self->selection, position);
  self->revealing = FALSE;
  scroll_to (self, position);
  /* again once the rows just expanded are laid out */
  if (self->scroll_id == 0)
    self->scroll_id = g_idle_add (scroll_to_selected, self);
}

/* The first root that calls anything and is not idle; else the first
 * that calls anything (docs/metrics.md 15.5): a monitor thread asleep for
 * the whole profile has a path as long as the program's, and no work. */
static guint
first_working_root (StCallTree *tree)
{
  guint          n, first = ST_CALL_TREE_ROOT;
  const guint32 *roots = st_call_tree_get_children (tree, ST_CALL_TREE_ROOT, &n);

  for (guint i = 0; i < n; i++)
    if (st_call_tree_get_node (tree, roots[i])->n_children > 0
        && st_call_tree_get_weight (tree, roots[i]) > 0)
      {
        if (!st_call_tree_is_idle (tree, roots[i]))
          return roots[i];
        if (first == ST_CALL_TREE_ROOT)
          first = roots[i];
      }
  return first;
}

/* The costliest path (docs/metrics.md 15.5): from @from, or from the
 * whole tree's first working root, down the heaviest child while it holds
 * more than the node's own time (bottom-up, to the end); into the first
 * child at least once when @descend. */
static guint
hot_leaf (StCallTree *tree, guint from, gboolean descend)
{
  guint          n, node = from == ST_CALL_TREE_ROOT ? first_working_root (tree) : from;
  gboolean       top_down = st_call_tree_get_direction (tree) == ST_CALL_TREE_TOP_DOWN;
  const guint32 *children;

  while ((children = st_call_tree_get_children (tree, node, &n)) != NULL && n > 0
         && st_call_tree_get_weight (tree, children[0]) > 0
         && (descend || !top_down
             || st_call_tree_get_node (tree, children[0])->total_ns
                    > st_call_tree_get_node (tree, node)->self_ns))
    {
      node = children[0];
      descend = FALSE;
    }
  return node;
}

/* "step › forward › linear": the path of the node the flame graph is
 * zoomed into. */
static void
update_zoom_label (StCallTreeView *self)
{
  StCallTree         *tree = st_flame_graph_get_tree (self->flame_graph);
  guint               zoom = st_flame_graph_get_zoom (self->flame_graph);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint at = zoom; tree != NULL && at != ST_CALL_TREE_ROOT;
       at = st_call_tree_get_node (tree, at)->parent)
    {
      g_autofree char *label = st_call_tree_dup_label (tree, at);

      g_string_prepend (text, label);
      if (st_call_tree_get_node (tree, at)->parent != ST_CALL_TREE_ROOT)
        g_string_prepend (text, " › ");
    }
  gtk_label_set_text (self->zoom_label,
                      zoom == ST_CALL_TREE_ROOT ? _ ("the whole tree") : text->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->zoom_label), text->str);
}

/* A row selected: the node outlined in the flame graph (shown whole
 * again when the zoom hides it) and, when the person chose it, its
 * instances selected on the timeline. */
static void
on_row_selected (StCallTreeView *self)
{
  StCallTree     *tree = self->tree;
  guint           node = selected_node (self);
  graphene_rect_t rect;

  st_flame_graph_set_selected (self->flame_graph, node);
  if (node != ST_FLAME_GRAPH_NONE && tree != NULL)
    {
      if (!st_flame_graph_get_node_rect (self->flame_graph, node, &rect))
        st_flame_graph_set_zoom (self->flame_graph, ST_CALL_TREE_ROOT);
      st_flame_graph_scroll_to (self->flame_graph, node);
      if (!self->revealing)
        g_signal_emit (self, signals[NODE_CHOSEN], 0, node);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

void
st_call_tree_view_set_tree (StCallTreeView *self, StCallTree *tree)
{
  GtkTreeListModel     *model;
  GtkSortListModel     *sorted;
  GtkTreeListRowSorter *sorter;

  g_return_if_fail (ST_IS_CALL_TREE_VIEW (self));
  g_set_object (&self->tree, tree);
  st_flame_graph_set_tree (self->flame_graph, tree);
  gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->tree_model);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  if (tree == NULL)
    {
      update_zoom_label (self);
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  model = gtk_tree_list_model_new (st_call_tree_item_list_children (tree, ST_CALL_TREE_ROOT), FALSE,
                                   FALSE, create_children, NULL, NULL);
  self->tree_model = g_object_ref (model);
  sorter
      = gtk_tree_list_row_sorter_new (g_object_ref (gtk_column_view_get_sorter (self->tree_view)));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (model), GTK_SORTER (sorter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_row_selected),
                            self);
  gtk_column_view_set_model (self->tree_view, GTK_SELECTION_MODEL (self->selection));
  reveal (self, hot_leaf (tree, ST_CALL_TREE_ROOT, FALSE), FALSE);
  update_zoom_label (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Enter or a double click on a row: its instances, asked for. */
static void
on_row_activated (StCallTreeView *self, guint position)
{
  if (gtk_single_selection_get_selected (self->selection) != position)
    gtk_single_selection_set_selected (self->selection, position);
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, selected_node (self));
}

/* A box of the flame graph clicked (and zoomed into): its row selected. */
static void
on_flame_clicked (StCallTreeView *self, guint node)
{
  reveal (self, node, TRUE);
}

static void
on_zoom_changed (StCallTreeView *self)
{
  update_zoom_label (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

StCallTree *
st_call_tree_view_get_tree (StCallTreeView *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_VIEW (self), NULL);
  return self->tree;
}

guint
st_call_tree_view_get_selected (StCallTreeView *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_VIEW (self), ST_FLAME_GRAPH_NONE);
  return selected_node (self);
}

void
st_call_tree_view_expand_hot_path (StCallTreeView *self)
{
  guint from;

  g_return_if_fail (ST_IS_CALL_TREE_VIEW (self));
  if (self->tree == NULL)
    return;
  from = selected_node (self);
  reveal (self,
          from == ST_FLAME_GRAPH_NONE ? hot_leaf (self->tree, ST_CALL_TREE_ROOT, FALSE)
                                      : hot_leaf (self->tree, from, TRUE),
          TRUE);
}

void
st_call_tree_view_zoom_in (StCallTreeView *self)
{
  g_return_if_fail (ST_IS_CALL_TREE_VIEW (self));
  if (st_flame_graph_get_tree (self->flame_graph) != NULL
      && selected_node (self) != ST_FLAME_GRAPH_NONE)
    st_flame_graph_set_zoom (self->flame_graph, selected_node (self));
}

void
st_call_tree_view_zoom_out (StCallTreeView *self)
{
  StCallTree *tree;
  guint       zoom;

  g_return_if_fail (ST_IS_CALL_TREE_VIEW (self));
  tree = st_flame_graph_get_tree (self->flame_graph);
  zoom = st_flame_graph_get_zoom (self->flame_graph);
  if (tree != NULL && zoom != ST_CALL_TREE_ROOT)
    st_flame_graph_set_zoom (self->flame_graph, st_call_tree_get_node (tree, zoom)->parent);
}

void
st_call_tree_view_zoom_reset (StCallTreeView *self)
{
  g_return_if_fail (ST_IS_CALL_TREE_VIEW (self));
  if (st_flame_graph_get_tree (self->flame_graph) != NULL)
    st_flame_graph_set_zoom (self->flame_graph, ST_CALL_TREE_ROOT);
}

gboolean
st_call_tree_view_is_zoomed (StCallTreeView *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_VIEW (self), FALSE);
  return st_flame_graph_get_zoom (self->flame_graph) != ST_CALL_TREE_ROOT;
}

/* The table takes 45 % of the height, until the person moves the
 * divider. */
static void
on_paned_resized (StCallTreeView *self)
{
  int max = 0;

  g_object_get (self->paned, "max-position", &max, NULL);
  if (self->paned_moved || max <= 0)
    return;
  self->placing_paned = TRUE;
  gtk_paned_set_position (self->paned, max * 45 / 100);
  self->placing_paned = FALSE;
}

static void
on_paned_moved (StCallTreeView *self)
{
  if (!self->placing_paned && gtk_widget_get_mapped (GTK_WIDGET (self->paned)))
    self->paned_moved = TRUE;
}

static void
st_call_tree_view_dispose (GObject *object)
{
  StCallTreeView *self = ST_CALL_TREE_VIEW (object);
  GtkWidget      *child;

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_CALL_TREE_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->tree_model);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree);
  G_OBJECT_CLASS (st_call_tree_view_parent_class)->dispose (object);
}

static void
st_call_tree_view_class_init (StCallTreeViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = st_call_tree_view_dispose;
  /* a person chose the node (a row selected, a box clicked) */
  signals[NODE_CHOSEN] = g_signal_new ("node-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* Enter or a double click on the node's row */
  signals[NODE_ACTIVATED]
      = g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* the selection or the zoom changed */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (ST_TYPE_CALL_TREE_ITEM);
  g_type_ensure (ST_TYPE_FLAME_GRAPH);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/calltree/st-call-tree-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StCallTreeView, paned);
  gtk_widget_class_bind_template_child (widget_class, StCallTreeView, tree_view);
  gtk_widget_class_bind_template_child (widget_class, StCallTreeView, flame_graph);
  gtk_widget_class_bind_template_child (widget_class, StCallTreeView, zoom_label);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_flame_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_call_tree_view_init (StCallTreeView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (on_paned_resized),
                            self);
  g_signal_connect_swapped (self->paned, "notify::position", G_CALLBACK (on_paned_moved), self);
}

GtkWidget *
st_call_tree_view_new (void)
{
  return g_object_new (ST_TYPE_CALL_TREE_VIEW, NULL);
}
