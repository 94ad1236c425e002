/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"

/* The first widget of @type in @root's tree, @root included, or NULL. */
GtkWidget *
st_test_find_child (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = st_test_find_child (c, type);
      if (found)
        return found;
    }
  return NULL;
}

/* The widget under @root whose id in its .ui file is @id, as a person's
 * eye finds it on screen: tests reach a page's parts this way, not through
 * getters made for them. */
GtkWidget *
st_test_find_by_id (GtkWidget *root, const char *id)
{
  const char *own = gtk_buildable_get_buildable_id (GTK_BUILDABLE (root));

  if (g_strcmp0 (own, id) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = st_test_find_by_id (c, id);
      if (found)
        return found;
    }
  return NULL;
}

/* Runs the action @widget (or an ancestor) binds to @trigger ("<Control>z",
 * "bracketright") in a shortcut controller, as the key would. */
gboolean
st_test_press_shortcut (GtkWidget *widget, const char *trigger)
{
  g_autoptr (GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (trigger);

  g_assert_nonnull (wanted);
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
          if (!GTK_IS_SHORTCUT_CONTROLLER (c))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
            {
              g_autoptr (GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (c), j);
              if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (sc), wanted))
                return gtk_shortcut_action_activate (gtk_shortcut_get_action (sc), 0, w,
                                                     gtk_shortcut_get_arguments (sc));
            }
        }
    }
  return FALSE;
}

/* What @widget shows, as an image: its next frame, drawn by cairo. */
cairo_surface_t *
st_test_render (GtkWidget *widget)
{
  g_autoptr (GdkPaintable) paintable = NULL;
  int                      w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GtkSnapshot             *snapshot = gtk_snapshot_new ();
  GskRenderNode           *node;
  cairo_surface_t         *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t                 *cr = cairo_create (surface);

  gtk_widget_queue_draw (widget);
  gtk_test_widget_wait_for_draw (widget);
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    {
      gsk_render_node_draw (node, cr);
      gsk_render_node_unref (node);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* 0xRRGGBB of an opaque pixel. */
guint32
st_test_pixel (cairo_surface_t *surface, int x, int y)
{
  guchar *data = cairo_image_surface_get_data (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return ((guint32 *)(data + y * cairo_image_surface_get_stride (surface)))[x] & 0xffffff;
}

gboolean
st_test_window_loaded (gpointer window)
{
  return !g_str_equal (
      gtk_stack_get_visible_child_name (GTK_STACK (st_test_find_by_id (window, "main_stack"))),
      "loading");
}

GtkWidget *
st_test_find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = st_test_find_label (c, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkColumnViewColumn *
st_test_column_titled (GtkColumnView *view, const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_error ("no column %s", title);
}

/* Destroys @window, which the test made, and asserts that nothing holds it
 * any more: a list, a signal, a binding or a thread's callback that kept
 * it would keep all it shows alive. What the main loop still had queued
 * for it (a redraw, an idle) runs first. */
void
st_test_destroy_window (gpointer window)
{
  g_assert_true (GTK_IS_WINDOW (window));
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (window);
}

static gboolean
window_gone (gpointer window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (w == window)
        return FALSE;
    }
  return TRUE;
}

/* Closes @window as its close button does; it must go (no question
 * asked), and nothing may hold it after. */
void
st_test_close_window (gpointer window)
{
  g_assert_true (GTK_IS_WINDOW (window));
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  st_test_wait_until (window_gone, window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (window);
}

/* The row widgets of a column view's list are its list view's children in
 * the order of their positions; each holds a cell per visible column, in
 * the columns' order, whose child is what the column's factory made. */
GtkWidget *
st_test_cell (GtkColumnView *view, guint row, const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  GtkWidget  *list = st_test_find_child (GTK_WIDGET (view), GTK_TYPE_LIST_VIEW);
  GtkWidget  *row_widget, *cell;
  guint       column = 0;

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr (GtkColumnViewColumn) c = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (c), title) == 0)
        break;
      column += gtk_column_view_column_get_visible (c);
    }
  g_assert_nonnull (list);
  row_widget = gtk_widget_get_first_child (list);
  for (guint i = 0; i < row && row_widget != NULL; i++)
    row_widget = gtk_widget_get_next_sibling (row_widget);
  g_assert_nonnull (row_widget);
  cell = gtk_widget_get_first_child (row_widget);
  for (guint i = 0; i < column && cell != NULL; i++)
    cell = gtk_widget_get_next_sibling (cell);
  g_assert_nonnull (cell);
  return gtk_widget_get_first_child (cell);
}
