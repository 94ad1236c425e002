/* The Call Tree page's table and flame graph: the tree shown in both, a
 * node found and selected in the table (its rows expanded down to it),
 * the costliest path, and the actions on the node selected: its instances
 * on the timeline, the flame graph's zoom, its name copied. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-call-tree-item.h"
#include "st-call-tree-page-private.h"
#include "st-trace-query.h"

#include <glib/gi18n.h>

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
selected_node (StCallTreePage *self)
{
  GtkTreeListRow *row
      = self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;

  return row != NULL ? node_of_row (row) : ST_FLAME_GRAPH_NONE;
}

/* Where @node's row is in the table, or NO_POSITION when its row is not
 * there (a parent collapsed). */
static guint
position_of (StCallTreePage *self, guint node)
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
scroll_to (StCallTreePage *self, guint position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->tree_view)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

static gboolean
scroll_to_selected (gpointer data)
{
  StCallTreePage *self = data;
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
reveal (StCallTreePage *self, guint node, gboolean by_person)
{
  StCallTree        *tree = st_call_tree_page_get_tree (self);
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

/* The costliest path: the deepest node down the heaviest child from
 * @from, or from the whole tree, from its first working root. */
static guint
hot_leaf (StCallTree *tree, guint from)
{
  guint          n, node = from == ST_CALL_TREE_ROOT ? first_working_root (tree) : from;
  const guint32 *children;

  while ((children = st_call_tree_get_children (tree, node, &n)) != NULL && n > 0
         && st_call_tree_get_weight (tree, children[0]) > 0)
    node = children[0];
  return node;
}

static void
select_instances (StCallTreePage *self, guint node)
{
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));

  st_call_tree_get_instances (st_call_tree_page_get_tree (self), node, refs);
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
}

/* "step › forward › linear": the path of the node the flame graph is
 * zoomed into. */
static void
update_zoom_label (StCallTreePage *self)
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

void
st_call_tree_page_update_actions (StCallTreePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean   has_tree = st_call_tree_page_get_tree (self) != NULL && self->selection != NULL;
  gboolean   has_node = has_tree && selected_node (self) != ST_FLAME_GRAPH_NONE;
  gboolean   zoomed = st_flame_graph_get_zoom (self->flame_graph) != ST_CALL_TREE_ROOT;

  gtk_widget_action_set_enabled (widget, "calltree.cancel", st_job_is_running (self->build));
  gtk_widget_action_set_enabled (widget, "calltree.expand-hot-path", has_tree);
  gtk_widget_action_set_enabled (widget, "calltree.show-on-timeline", has_node);
  gtk_widget_action_set_enabled (widget, "calltree.copy-name", has_node);
  gtk_widget_action_set_enabled (widget, "calltree.zoom-in", has_node);
  gtk_widget_action_set_enabled (widget, "calltree.zoom-out", has_tree && zoomed);
  gtk_widget_action_set_enabled (widget, "calltree.zoom-reset", has_tree && zoomed);
}

/* A row selected: the node outlined in the flame graph (shown whole
 * again when the zoom hides it) and, when the person chose it, its
 * instances selected on the timeline. */
static void
on_row_selected (StCallTreePage *self)
{
  StCallTree     *tree = st_call_tree_page_get_tree (self);
  guint           node = selected_node (self);
  graphene_rect_t rect;

  st_flame_graph_set_selected (self->flame_graph, node);
  if (node != ST_FLAME_GRAPH_NONE && tree != NULL)
    {
      if (!st_flame_graph_get_node_rect (self->flame_graph, node, &rect))
        st_flame_graph_set_zoom (self->flame_graph, ST_CALL_TREE_ROOT);
      st_flame_graph_scroll_to (self->flame_graph, node);
      if (!self->revealing)
        select_instances (self, node);
    }
  st_call_tree_page_update_actions (self);
}

/* The tree of the direction chosen in the table and the flame graph, its
 * costliest path expanded; or nothing, without a tree. */
void
st_call_tree_page_show_tree (StCallTreePage *self)
{
  StCallTree           *tree = st_call_tree_page_get_tree (self);
  GtkTreeListModel     *model;
  GtkSortListModel     *sorted;
  GtkTreeListRowSorter *sorter;

  st_flame_graph_set_tree (self->flame_graph, tree);
  gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->tree_model);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  if (tree == NULL)
    {
      update_zoom_label (self);
      st_call_tree_page_update_actions (self);
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
  gtk_stack_set_visible_child_name (self->content_stack, "tree");
  reveal (self, hot_leaf (tree, ST_CALL_TREE_ROOT), FALSE);
  update_zoom_label (self);
  st_call_tree_page_update_actions (self);
}

/* --- what the person does ------------------------------------------------- */

/* Enter or a double click on a row, or the toolbar's button: the node's
 * instances selected on the timeline, shown there at the longest one. */
static void
show_on_timeline_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage    *self = ST_CALL_TREE_PAGE (widget);
  StTrace           *trace = st_session_get_trace (self->session);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  guint              node = selected_node (self), longest = 0;

  if (node == ST_FLAME_GRAPH_NONE)
    return;
  st_call_tree_get_instances (st_call_tree_page_get_tree (self), node, refs);
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
  for (guint i = 1; i < refs->len; i++)
    if (st_event_get_duration (trace, g_array_index (refs, StEventRef, i))
        > st_event_get_duration (trace, g_array_index (refs, StEventRef, longest)))
      longest = i;
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
  if (refs->len > 0)
    st_session_reveal (self->session, g_array_index (refs, StEventRef, longest));
}

static void
on_row_activated (StCallTreePage *self, guint position)
{
  if (gtk_single_selection_get_selected (self->selection) != position)
    gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self), "calltree.show-on-timeline", NULL);
}

/* A box of the flame graph clicked (and zoomed into): its row selected. */
static void
on_flame_clicked (StCallTreePage *self, guint node)
{
  reveal (self, node, TRUE);
}

/* Ctrl+E: the costliest path from the node selected (or the roots), its
 * end selected. */
static void
expand_hot_path_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (widget);
  guint           from = selected_node (self);

  reveal (self,
          hot_leaf (st_call_tree_page_get_tree (self),
                    from == ST_FLAME_GRAPH_NONE ? ST_CALL_TREE_ROOT : from),
          TRUE);
}

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (widget);
  StCallTree     *tree = st_flame_graph_get_tree (self->flame_graph);
  guint           zoom = st_flame_graph_get_zoom (self->flame_graph);

  if (tree == NULL)
    return;
  if (g_str_equal (action_name, "calltree.zoom-in") && selected_node (self) != ST_FLAME_GRAPH_NONE)
    zoom = selected_node (self);
  else if (g_str_equal (action_name, "calltree.zoom-out") && zoom != ST_CALL_TREE_ROOT)
    zoom = st_call_tree_get_node (tree, zoom)->parent;
  else if (g_str_equal (action_name, "calltree.zoom-reset"))
    zoom = ST_CALL_TREE_ROOT;
  st_flame_graph_set_zoom (self->flame_graph, zoom);
}

static void
on_zoom_changed (StCallTreePage *self)
{
  update_zoom_label (self);
  st_call_tree_page_update_actions (self);
}

/* Ctrl+C: the selected node's name, whole. */
static void
copy_name_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage  *self = ST_CALL_TREE_PAGE (widget);
  guint            node = selected_node (self);
  g_autofree char *name = NULL;

  if (node == ST_FLAME_GRAPH_NONE)
    return;
  name = st_call_tree_dup_label (st_call_tree_page_get_tree (self), node);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), name);
}

/* Called by the class_init of StCallTreePage. */
void
st_call_tree_page_class_init_view (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_flame_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_changed);
  gtk_widget_class_install_action (widget_class, "calltree.show-on-timeline", NULL,
                                   show_on_timeline_action);
  gtk_widget_class_install_action (widget_class, "calltree.expand-hot-path", NULL,
                                   expand_hot_path_action);
  gtk_widget_class_install_action (widget_class, "calltree.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "calltree.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "calltree.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "calltree.copy-name", NULL, copy_name_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "calltree.expand-hot-path", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "calltree.show-on-timeline", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "calltree.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "calltree.zoom-out",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "calltree.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "calltree.copy-name", NULL);
}
