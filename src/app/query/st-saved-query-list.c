/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-saved-query-list.h"

#include <adwaita.h>
#include <glib/gi18n.h>

struct _StSavedQueryList
{
  GtkWidget parent_instance;

  StSavedQueries *queries;
  char           *last_name; /* of the query last chosen or saved */
  GtkTextView    *editor;
  gboolean        loading;

  GtkLabel    *empty_hint; /* what Ctrl+S does, while nothing is saved */
  GtkWidget   *scroller;
  GtkListView *list;
  GtkPopover  *name_popover;
  GtkEditable *name_entry;
};

G_DEFINE_FINAL_TYPE (StSavedQueryList, st_saved_query_list, GTK_TYPE_WIDGET)

static char *
editor_text (StSavedQueryList *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->editor);
  GtkTextIter    start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* The editor's text is kept with the profile as it is typed. */
static void
on_text_changed (StSavedQueryList *self)
{
  g_autofree char *text = NULL;

  if (self->queries == NULL || self->loading)
    return;
  text = editor_text (self);
  st_saved_queries_set_text (self->queries, text);
}

void
st_saved_query_list_set_editor (StSavedQueryList *self, GtkTextView *editor)
{
  g_return_if_fail (ST_IS_SAVED_QUERY_LIST (self));
  g_return_if_fail (self->editor == NULL);
  g_set_weak_pointer (&self->editor, editor);
  g_signal_connect_object (gtk_text_view_get_buffer (editor), "changed",
                           G_CALLBACK (on_text_changed), self, G_CONNECT_SWAPPED);
}

/* The profile's text of the last time in the editor, not as an edit. */
static void
load_text (StSavedQueryList *self)
{
  GtkTextBuffer *buffer;

  if (self->editor == NULL)
    return;
  buffer = gtk_text_view_get_buffer (self->editor);
  self->loading = TRUE;
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, self->queries ? st_saved_queries_get_text (self->queries) : "",
                            -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  self->loading = FALSE;
}

static void
update_empty_hint (StSavedQueryList *self)
{
  guint n
      = self->queries ? g_list_model_get_n_items (st_saved_queries_get_list (self->queries)) : 0;

  gtk_widget_set_visible (GTK_WIDGET (self->empty_hint), n == 0);
  gtk_widget_set_visible (self->scroller, n > 0);
}

void
st_saved_query_list_set_queries (StSavedQueryList *self, StSavedQueries *queries)
{
  g_return_if_fail (ST_IS_SAVED_QUERY_LIST (self));
  if (self->queries == queries)
    return;
  if (self->queries != NULL)
    g_signal_handlers_disconnect_by_data (st_saved_queries_get_list (self->queries), self);
  g_set_object (&self->queries, queries);
  g_clear_pointer (&self->last_name, g_free);
  if (queries != NULL)
    {
      g_autoptr (GtkNoSelection) model
          = gtk_no_selection_new (g_object_ref (st_saved_queries_get_list (queries)));

      gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (model));
      g_signal_connect_swapped (st_saved_queries_get_list (queries), "items-changed",
                                G_CALLBACK (update_empty_hint), self);
    }
  else
    gtk_list_view_set_model (self->list, NULL);
  update_empty_hint (self);
  load_text (self);
}

static void
on_undo_delete (AdwToast *toast, gpointer data)
{
  StSavedQuery   *query = g_object_get_data (G_OBJECT (toast), "query");
  guint           position = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (toast), "position"));
  StSavedQueries *queries = g_object_get_data (G_OBJECT (toast), "queries");

  st_saved_queries_insert (queries, position, query);
}

AdwToast *
st_saved_query_list_delete (StSavedQueryList *self, guint position)
{
  g_autoptr (StSavedQuery) query = NULL;
  GtkWidget               *overlay;
  g_autofree char         *name = NULL, *title = NULL;
  AdwToast                *toast;

  g_return_val_if_fail (ST_IS_SAVED_QUERY_LIST (self), NULL);
  if (self->queries == NULL || (query = st_saved_queries_remove (self->queries, position)) == NULL)
    return NULL;
  overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    return NULL;
  /* the title is markup in libadwaita 1.2 */
  name = g_markup_escape_text (st_saved_query_get_name (query), -1);
  title = g_strdup_printf (_ ("Query “%s” deleted"), name);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _ ("_Undo"));
  g_object_set_data_full (G_OBJECT (toast), "query", g_object_ref (query), g_object_unref);
  g_object_set_data_full (G_OBJECT (toast), "queries", g_object_ref (self->queries),
                          g_object_unref);
  g_object_set_data (G_OBJECT (toast), "position", GUINT_TO_POINTER (position));
  g_signal_connect (toast, "button-clicked", G_CALLBACK (on_undo_delete), NULL);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  return toast;
}

/* The row's delete button: the position of its query now. */
static void
on_delete_clicked (GtkButton *button, StSavedQueryList *self)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (button), "item");
  guint        position = gtk_list_item_get_position (item);

  if (position != GTK_INVALID_LIST_POSITION)
    st_saved_query_list_delete (self, position);
}

static void
setup_row (StSavedQueryList *self, GtkListItem *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _ ("Delete this saved query"));
  g_object_set_data (G_OBJECT (button), "item", item);
  g_signal_connect (button, "clicked", G_CALLBACK (on_delete_clicked), self);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (StSavedQueryList *self, GtkListItem *item)
{
  StSavedQuery *query = gtk_list_item_get_item (item);
  GtkWidget    *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));

  gtk_label_set_text (GTK_LABEL (label), st_saved_query_get_name (query));
  gtk_widget_set_tooltip_text (label, st_saved_query_get_sql (query));
}

/* A saved query clicked: in the editor, as one edit that Ctrl+Z undoes. */
static void
on_activated (StSavedQueryList *self, guint position)
{
  g_autoptr (StSavedQuery) query
      = g_list_model_get_item (st_saved_queries_get_list (self->queries), position);
  GtkTextBuffer *buffer;
  GtkTextIter    start, end;

  if (query == NULL || self->editor == NULL)
    return;
  buffer = gtk_text_view_get_buffer (self->editor);
  g_free (self->last_name);
  self->last_name = g_strdup (st_saved_query_get_name (query));
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, st_saved_query_get_sql (query), -1);
  gtk_text_buffer_end_user_action (buffer);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor));
}

/* The name typed (Enter or Save): the editor's query saved under it. */
static void
on_name_entered (StSavedQueryList *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (self->name_entry)));
  g_autofree char *sql = NULL;

  if (self->queries == NULL || self->editor == NULL || name[0] == '\0')
    return;
  sql = editor_text (self);
  st_saved_queries_save (self->queries, name, sql);
  g_free (self->last_name);
  self->last_name = g_steal_pointer (&name);
  gtk_popover_popdown (self->name_popover);
}

void
st_saved_query_list_save (StSavedQueryList *self)
{
  g_autofree char *name = NULL;

  g_return_if_fail (ST_IS_SAVED_QUERY_LIST (self));
  if (self->queries == NULL || self->editor == NULL)
    return;
  name = self->last_name != NULL
             ? g_strdup (self->last_name)
             /* Translators: the name a saved query gets unless one is typed */
             : g_strdup_printf (_ ("Query %u"),
                                g_list_model_get_n_items (st_saved_queries_get_list (self->queries))
                                    + 1);
  gtk_editable_set_text (self->name_entry, name);
  gtk_popover_popup (self->name_popover);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
  gtk_editable_select_region (self->name_entry, 0, -1);
}

static void
st_saved_query_list_dispose (GObject *object)
{
  StSavedQueryList *self = ST_SAVED_QUERY_LIST (object);
  GtkWidget        *child;

  g_clear_weak_pointer (&self->editor);
  st_saved_query_list_set_queries (self, NULL);
  g_clear_pointer ((GtkWidget **)&self->name_popover, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_SAVED_QUERY_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_saved_query_list_parent_class)->dispose (object);
}

static void
st_saved_query_list_finalize (GObject *object)
{
  g_free (ST_SAVED_QUERY_LIST (object)->last_name);
  G_OBJECT_CLASS (st_saved_query_list_parent_class)->finalize (object);
}

static void
st_saved_query_list_class_init (StSavedQueryListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_saved_query_list_dispose;
  object_class->finalize = st_saved_query_list_finalize;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/query/st-saved-query-list.ui");
  gtk_widget_class_bind_template_child (widget_class, StSavedQueryList, empty_hint);
  gtk_widget_class_bind_template_child (widget_class, StSavedQueryList, scroller);
  gtk_widget_class_bind_template_child (widget_class, StSavedQueryList, list);
  gtk_widget_class_bind_template_child (widget_class, StSavedQueryList, name_popover);
  gtk_widget_class_bind_template_child (widget_class, StSavedQueryList, name_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_name_entered);
  gtk_widget_class_bind_template_callback (widget_class, setup_row);
  gtk_widget_class_bind_template_callback (widget_class, bind_row);
  gtk_widget_class_bind_template_callback (widget_class, on_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_saved_query_list_init (StSavedQueryList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_parent (GTK_WIDGET (self->name_popover), GTK_WIDGET (self));
  update_empty_hint (self);
}
