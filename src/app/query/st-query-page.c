/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-page.c: the Query page. Each run opens its own SQL session
 * over the trace on the job's thread, so a run cancelled while SQLite
 * still steps shares nothing with the next; the page keeps a session of
 * its own on the main thread for what is fixed: the tables' columns and
 * the slices that ids name. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-query-page.h"

#include "st-format.h"
#include "st-job.h"
#include "st-query-examples.h"
#include "st-query-row-item.h"
#include "st-query-spans.h"
#include "st-saved-query-list.h"
#include "st-sql-session.h"

#include <glib/gi18n.h>

/* A result's rows kept for the table (docs/sql.md, "The Query page"): the
 * others are counted, not shown. */
#define MAX_ROWS 100000

struct _StQueryPage
{
  GtkWidget parent_instance;

  StSession    *session;
  StSqlSession *sql;     /* the schema and slice ids, on the main thread */
  GHashTable   *columns; /* a table's name → its columns, joined */
  StJob        *run;
  int           slice_column; /* of the result shown, or -1 */

  StQueryTrack *track;      /* the session's, followed */
  guint         emptied_id; /* the idle that checks an emptied editor */

  GtkTextView       *editor;
  StSavedQueryList  *saved;
  GtkWidget         *show_button;
  GtkStringList     *tables;
  GtkLabel          *message_label;
  GtkLabel          *status_label;
  GtkSpinner        *spinner;
  GtkColumnView     *results;
  GListStore        *rows;
  GtkSortListModel  *sorted;
  GtkMultiSelection *selection;
};

G_DEFINE_FINAL_TYPE (StQueryPage, st_query_page, GTK_TYPE_WIDGET)

/* --- a run, on the job's thread ------------------------------------------- */

typedef struct
{
  StTrace       *trace;
  StRegionArray *regions; /* or NULL */
  char          *sql;
} Run;

typedef struct
{
  GPtrArray   *names; /* char *: the result's columns */
  int          slice_column;
  GPtrArray   *rows;    /* StQueryRowItem, at most MAX_ROWS */
  guint64      n_rows;  /* all the query gave */
  gint64       elapsed; /* ns */
  StSpanTrack *spans;   /* for the timeline, or NULL */
  GArray      *slices;  /* the slices the rows name, or NULL */
} Result;

static void
run_free (Run *run)
{
  g_clear_object (&run->trace);
  g_clear_pointer (&run->regions, st_region_array_unref);
  g_free (run->sql);
  g_free (run);
}

static void
result_free (Result *result)
{
  g_ptr_array_unref (result->names);
  g_ptr_array_unref (result->rows);
  g_clear_pointer (&result->spans, st_span_track_unref);
  g_clear_pointer (&result->slices, g_array_unref);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Result, result_free)

static Result *
result_new (StSqlQuery *query)
{
  Result *result = g_new0 (Result, 1);

  result->names = g_ptr_array_new_with_free_func (g_free);
  result->rows = g_ptr_array_new_with_free_func (g_object_unref);
  result->slice_column = -1;
  for (guint c = 0; c < st_sql_query_get_n_columns (query); c++)
    {
      g_ptr_array_add (result->names, g_strdup (st_sql_query_get_column_name (query, c)));
      if (result->slice_column < 0 && st_sql_query_column_is_slice_id (query, c))
        result->slice_column = (int)c;
    }
  return result;
}

/* Opens a session, compiles the query and reads every row: the time
 * taken is all of that. */
static gpointer
run_thread (gpointer data, gpointer job_run, GCancellable *cancellable, GError **error)
{
  Run                     *run = data;
  gint64                   start = g_get_monotonic_time ();
  g_autoptr (StSqlSession) session = st_sql_session_new (run->trace, error);
  g_autoptr (StSqlQuery)   query = NULL;
  g_autoptr (Result)       result = NULL;
  GError                  *local = NULL;
  StQuerySpanColumns       columns;
  gboolean                 has_spans;

  if (session == NULL)
    return NULL;
  st_sql_session_set_regions (session, run->regions);
  query = st_sql_session_prepare (session, run->sql, error);
  if (query == NULL)
    return NULL;
  result = result_new (query);
  has_spans = st_query_span_columns_find (&columns, query);
  while (st_sql_query_next (query, cancellable, &local))
    {
      if (result->rows->len < MAX_ROWS)
        {
          StQueryRowItem *row = st_query_row_item_new (query);

          st_query_row_item_set_number (row, result->rows->len);
          g_ptr_array_add (result->rows, row);
        }
      result->n_rows++;
    }
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  result->elapsed = (g_get_monotonic_time () - start) * 1000;
  /* the spans are the timeline's: not part of the time the query took */
  if (has_spans)
    result->spans = st_query_spans_new (&columns, result->rows, session, &result->slices);
  return g_steal_pointer (&result);
}

/* --- the result shown ------------------------------------------------------ */

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  /* the label fills its cell, so that a number's alignment shows */
  gtk_widget_set_hexpand (label, TRUE);
  gtk_list_item_set_child (item, label);
}

/* Null reads NULL, dimmed; numbers are right-aligned in figures of one
 * width, so that their digits line up. */
static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  guint           cell = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "cell"));
  StQueryRowItem *row = gtk_list_item_get_item (item);
  GtkLabel       *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char     *text = st_query_row_item_get_text (row, cell);
  gboolean        number = st_query_row_item_is_number (row, cell);

  gtk_label_set_text (label, text != NULL ? text : "NULL");
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), text);
  gtk_label_set_xalign (label, number ? 1 : 0);
  if (text == NULL)
    gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
  if (number)
    gtk_widget_add_css_class (GTK_WIDGET (label), "numeric");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "numeric");
}

static int
compare_cells (gconstpointer a, gconstpointer b, gpointer cell)
{
  return st_query_row_item_compare ((StQueryRowItem *)a, (StQueryRowItem *)b,
                                    GPOINTER_TO_UINT (cell));
}

static void
clear_columns (StQueryPage *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->results);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->results, column);
    }
  g_list_store_remove_all (self->rows);
  self->slice_column = -1;
}

static void
add_column (StQueryPage *self, const char *name, guint cell)
{
  GtkListItemFactory             *factory = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkColumnViewColumn) column = NULL;
  GtkSorter                      *sorter;

  g_object_set_data (G_OBJECT (factory), "cell", GUINT_TO_POINTER (cell));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), NULL);
  column = gtk_column_view_column_new (name, factory);
  sorter = GTK_SORTER (gtk_custom_sorter_new (compare_cells, GUINT_TO_POINTER (cell), NULL));
  gtk_column_view_column_set_sorter (column, sorter);
  g_object_unref (sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->results, column);
}

static void
set_message (StQueryPage *self, const char *message)
{
  g_autofree char *line = message != NULL ? g_strdelimit (g_strdup (message), "\r\n\t", ' ') : NULL;

  gtk_label_set_text (self->message_label, line != NULL ? line : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

/* The status line: how many rows, how many of them shown, how long. */
static void
describe (StQueryPage *self, const Result *result)
{
  g_autofree char *n = st_format_count (result->n_rows);
  g_autofree char *shown = st_format_count (result->rows->len);
  g_autofree char *time = st_format_duration (result->elapsed);
  g_autofree char *rows = NULL, *text = NULL;

  if (result->rows->len < result->n_rows)
    /* Translators: the rows the table shows, of all the query gave */
    rows = g_strdup_printf (_ ("the first %s of %s rows"), shown, n);
  else
    rows = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s row", "%s rows", result->n_rows), n);
  if (result->slice_column >= 0)
    /* Translators: rows, time taken, and a hint */
    text = g_strdup_printf (_ ("%s in %s · activate a row to show its slice on the timeline"), rows,
                            time);
  else
    /* Translators: rows, then the time the query took */
    text = g_strdup_printf (_ ("%s in %s"), rows, time);
  gtk_label_set_text (self->status_label, text);
}

static void
on_run_done (gpointer owner, gpointer data, const GError *error)
{
  StQueryPage       *self = owner;
  g_autoptr (Result) result = data;

  clear_columns (self);
  if (result == NULL)
    {
      set_message (self, error->message);
      gtk_label_set_text (self->status_label, "");
      st_query_track_set_spans (self->track, NULL, 0, NULL);
      return;
    }
  set_message (self, NULL);
  for (guint c = 0; c < result->names->len; c++)
    add_column (self, g_ptr_array_index (result->names, c), c);
  g_list_store_splice (self->rows, 0, 0, result->rows->pdata, result->rows->len);
  self->slice_column = result->slice_column;
  st_query_track_set_spans (self->track, result->spans, result->n_rows, result->slices);
  describe (self, result);
}

/* --- the commands --------------------------------------------------------- */

static void
update_actions (StQueryPage *self)
{
  gboolean running = st_job_is_running (self->run);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.run", self->session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.cancel", running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.save", self->session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.show-on-timeline",
                                 self->track != NULL
                                     && st_query_track_get_spans (self->track) != NULL);
  gtk_widget_set_visible (self->show_button,
                          self->track != NULL && st_query_track_get_spans (self->track) != NULL);
  gtk_spinner_set_spinning (self->spinner, running);
}

/* Ctrl+Return or the Run button: the editor's text, on a thread. */
static void
run_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StQueryPage   *self = ST_QUERY_PAGE (widget);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->editor);
  GtkTextIter    start, end;
  StRegionArray *regions;
  Run           *run;

  if (self->session == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  run = g_new0 (Run, 1);
  run->trace = g_object_ref (st_session_get_trace (self->session));
  regions = st_region_set_get_array (st_session_get_regions (self->session));
  run->regions = regions != NULL ? st_region_array_ref (regions) : NULL;
  run->sql = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  set_message (self, NULL);
  gtk_label_set_text (self->status_label, _ ("Running…"));
  st_job_start (self->run, run_thread, run, (GDestroyNotify)run_free, on_run_done,
                (GDestroyNotify)result_free);
}

/* Esc or the Cancel button: the query stops; the result shown stays. */
static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StQueryPage *self = ST_QUERY_PAGE (widget);

  if (!st_job_is_running (self->run))
    return;
  st_job_cancel (self->run);
  gtk_label_set_text (self->status_label, _ ("Stopped before the query ended."));
}

/* The examples menu: the example's query in the editor, to run or edit. */
static void
example_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StQueryPage *self = ST_QUERY_PAGE (widget);
  const char  *name = g_variant_get_string (parameter, NULL);

  const char *sql = st_query_example_get (name);

  if (sql != NULL)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->editor), sql, -1);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor));
}

/* Ctrl+C in the table: the selected rows, as tab-separated text. */
static void
copy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StQueryPage          *self = ST_QUERY_PAGE (widget);
  GListModel           *model = G_LIST_MODEL (self->selection);
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char      *text = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), i))
      g_ptr_array_add (rows, g_list_model_get_item (model, i));
  if (rows->len == 0)
    return;
  text = st_query_row_item_format_rows ((StQueryRowItem **)rows->pdata, rows->len);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

/* A row activated (Enter, a double click): its slice selected and shown
 * on the timeline. */
static void
on_row_activated (StQueryPage *self, guint position)
{
  g_autoptr (StQueryRowItem) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  gint64                     id;
  StEventRef                 ref;

  if (row == NULL || self->slice_column < 0 || self->sql == NULL
      || !st_query_row_item_get_int (row, (guint)self->slice_column, &id)
      || !st_sql_session_get_slice (self->sql, id, &ref))
    return;
  st_session_select (self->session, ref, ST_SELECT_REPLACE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-timeline", NULL);
  st_session_reveal (self->session, ref);
}

/* --- the result track on the timeline -------------------------------------- */

/* Row @number of the result as the table holds it, and where it is shown
 * now (the table sorted); FALSE when the table has no such row. */
static gboolean
find_row (StQueryPage *self, guint number, StQueryRowItem **row, guint *position)
{
  GListModel *shown = G_LIST_MODEL (self->selection);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr (StQueryRowItem) item = g_list_model_get_item (shown, i);

      if (st_query_row_item_get_number (item) == number)
        {
          *row = g_steal_pointer (&item);
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* The tooltip of a span: its row's values, "column: value" a line each. */
static char *
on_describe (StQueryTrack *track, guint number, StQueryPage *self)
{
  g_autoptr (StQueryRowItem) row = NULL;
  GListModel                *columns = gtk_column_view_get_columns (self->results);
  guint                      position;

  if (!find_row (self, number, &row, &position))
    return NULL;
  return st_query_row_item_describe (row, columns);
}

/* The list view the column view shows its rows with, for its scroll
 * action (GTK 4.8 has no gtk_column_view_scroll_to ()). */
static GtkWidget *
rows_view (StQueryPage *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->results)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

/* A span clicked on the timeline: its row selected in the table and
 * scrolled to, and its slice selected when it names one. */
static void
on_span_activated (StQueryTrack *track, guint number, StQueryPage *self)
{
  g_autoptr (StQueryRowItem) row = NULL;
  guint                      position;
  gint64                     id;
  StEventRef                 ref;
  GtkWidget                 *view = rows_view (self);

  if (!find_row (self, number, &row, &position))
    return;
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
  if (view != NULL)
    gtk_widget_activate_action (view, "list.scroll-to-item", "u", position);
  if (self->slice_column >= 0 && self->sql != NULL
      && st_query_row_item_get_int (row, (guint)self->slice_column, &id)
      && st_sql_session_get_slice (self->sql, id, &ref))
    st_session_select (self->session, ref, ST_SELECT_REPLACE);
}

/* The table's selection: its last row outlined on the result track. */
static void
on_rows_selected (StQueryPage *self)
{
  g_autoptr (GtkBitset) selected
      = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_autoptr (StQueryRowItem) row = NULL;

  if (self->track == NULL)
    return;
  if (gtk_bitset_is_empty (selected))
    {
      st_query_track_set_selected (self->track, -1);
      return;
    }
  row = g_list_model_get_item (G_LIST_MODEL (self->selection), gtk_bitset_get_maximum (selected));
  st_query_track_set_selected (self->track, (gint)st_query_row_item_get_number (row));
}

static void
follow_track (StQueryPage *self, StQueryTrack *track)
{
  if (self->track != NULL)
    g_signal_handlers_disconnect_by_data (self->track, self);
  g_set_object (&self->track, track);
  if (track == NULL)
    return;
  g_signal_connect_object (track, "describe", G_CALLBACK (on_describe), self, 0);
  g_signal_connect_object (track, "activated", G_CALLBACK (on_span_activated), self, 0);
  g_signal_connect_object (track, "changed", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
}

/* "Show on Timeline": the Timeline, its result track in view at the top. */
static void
show_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
}

/* --- the saved queries ---------------------------------------------------- */

/* Ctrl+S: the editor's query under a name, with the profile. */
static void
save_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StQueryPage *self = ST_QUERY_PAGE (widget);

  if (self->session != NULL)
    st_saved_query_list_save (self->saved);
}

static gboolean
editor_is_empty (StQueryPage *self)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (self->editor), &start, &end);
  return gtk_text_iter_equal (&start, &end);
}

static gboolean
on_emptied_idle (gpointer data)
{
  StQueryPage *self = data;

  self->emptied_id = 0;
  if (self->track != NULL && editor_is_empty (self))
    st_query_track_set_spans (self->track, NULL, 0, NULL);
  return G_SOURCE_REMOVE;
}

/* The editor cleared: the result track goes, unless the text was only
 * typed over (a deletion and an insertion in the same turn). */
static void
on_text_changed (StQueryPage *self)
{
  if (self->emptied_id == 0 && editor_is_empty (self))
    self->emptied_id = g_idle_add (on_emptied_idle, self);
}

/* --- the tables beside the editor ----------------------------------------- */

/* Each table and its columns, read from the session's schema. */
static void
list_tables (StQueryPage *self)
{
  const char *const *names = st_sql_session_get_tables ();

  g_hash_table_remove_all (self->columns);
  gtk_string_list_splice (self->tables, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tables)),
                          NULL);
  for (guint t = 0; self->sql != NULL && names[t] != NULL; t++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT name FROM pragma_table_info('%s')", names[t]);
      g_autoptr (StSqlQuery) query = st_sql_session_prepare (self->sql, sql, NULL);
      g_autoptr (GString)    columns = g_string_new (NULL);

      while (query != NULL && st_sql_query_next (query, NULL, NULL))
        g_string_append_printf (columns, "%s%s", columns->len > 0 ? ", " : "",
                                st_sql_query_get_text (query, 0, NULL));
      g_hash_table_insert (self->columns, g_strdup (names[t]), g_strdup (columns->str));
      gtk_string_list_append (self->tables, names[t]);
    }
}

static void
bind_table (StQueryPage *self, GtkListItem *item)
{
  const char      *name = gtk_string_object_get_string (gtk_list_item_get_item (item));
  g_autofree char *markup = g_markup_printf_escaped (
      "<b>%s</b>\n<small>%s</small>", name, (char *)g_hash_table_lookup (self->columns, name));

  gtk_label_set_markup (GTK_LABEL (gtk_list_item_get_child (item)), markup);
}

static void
setup_table (StQueryPage *self, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_item_set_child (item, label);
}

/* A table activated: its name at the editor's cursor. */
static void
on_table_activated (StQueryPage *self, guint position)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->editor);

  gtk_text_buffer_insert_at_cursor (buffer, gtk_string_list_get_string (self->tables, position),
                                    -1);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor));
}

/* --- the object ----------------------------------------------------------- */

void
st_query_page_set_session (StQueryPage *self, StSession *session)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (ST_IS_QUERY_PAGE (self));
  g_return_if_fail (session == NULL || ST_IS_SESSION (session));

  if (self->session == session)
    return;
  st_job_cancel (self->run);
  g_set_object (&self->session, session);
  follow_track (self, session != NULL ? st_session_get_query_track (session) : NULL);
  st_saved_query_list_set_queries (self->saved,
                                   session != NULL ? st_session_get_saved_queries (session) : NULL);
  g_clear_object (&self->sql);
  clear_columns (self);
  gtk_label_set_text (self->status_label, "");
  set_message (self, NULL);
  if (session != NULL)
    {
      self->sql = st_sql_session_new (st_session_get_trace (session), &error);
      if (self->sql == NULL)
        set_message (self, error->message);
    }
  list_tables (self);
  update_actions (self);
}

StSession *
st_query_page_get_session (StQueryPage *self)
{
  g_return_val_if_fail (ST_IS_QUERY_PAGE (self), NULL);
  return self->session;
}

gboolean
st_query_page_is_running (StQueryPage *self)
{
  g_return_val_if_fail (ST_IS_QUERY_PAGE (self), FALSE);
  return st_job_is_running (self->run);
}

GListModel *
st_query_page_get_rows (StQueryPage *self)
{
  g_return_val_if_fail (ST_IS_QUERY_PAGE (self), NULL);
  return G_LIST_MODEL (self->selection);
}

const char *
st_query_page_get_message (StQueryPage *self)
{
  g_return_val_if_fail (ST_IS_QUERY_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->message_label))
             ? gtk_label_get_text (self->message_label)
             : NULL;
}

/* The page takes the focus in its editor. */
static gboolean
st_query_page_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (ST_QUERY_PAGE (widget)->editor));
}

static void
st_query_page_dispose (GObject *object)
{
  StQueryPage *self = ST_QUERY_PAGE (object);
  GtkWidget   *child;

  st_job_cancel (self->run);
  g_clear_handle_id (&self->emptied_id, g_source_remove);
  follow_track (self, NULL);
  g_clear_object (&self->session);
  g_clear_object (&self->sql);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_QUERY_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (st_query_page_parent_class)->dispose (object);
}

static void
st_query_page_finalize (GObject *object)
{
  StQueryPage *self = ST_QUERY_PAGE (object);

  g_hash_table_unref (self->columns);
  g_object_unref (self->run);
  G_OBJECT_CLASS (st_query_page_parent_class)->finalize (object);
}

static void
install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "query.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "query.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "query.example", "s", example_action);
  gtk_widget_class_install_action (widget_class, "query.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "query.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "query.show-on-timeline", NULL, show_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "query.cancel", NULL);
}

static void
st_query_page_class_init (StQueryPageClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_query_page_dispose;
  object_class->finalize = st_query_page_finalize;
  widget_class->grab_focus = st_query_page_grab_focus;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/query/st-query-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, editor);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, saved);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, show_button);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, tables);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, StQueryPage, results);
  gtk_widget_class_bind_template_callback (widget_class, setup_table);
  gtk_widget_class_bind_template_callback (widget_class, bind_table);
  gtk_widget_class_bind_template_callback (widget_class, on_table_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  install_actions (widget_class);
}

/* Ctrl+Return runs from the editor, before the editor takes the key for
 * a line break (Ctrl+S is the window's, which saves the query on this
 * page); Ctrl+C copies rows only from the table, so that it copies text
 * in the editor. */
static void
add_keys (StQueryPage *self)
{
  static const char *const run_triggers[] = { "<Control>Return", "<Control>KP_Enter" };
  GtkEventController      *run_keys = gtk_shortcut_controller_new ();
  GtkEventController      *table_keys = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (run_keys, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (run_triggers); i++)
    gtk_shortcut_controller_add_shortcut (
        GTK_SHORTCUT_CONTROLLER (run_keys),
        gtk_shortcut_new (gtk_shortcut_trigger_parse_string (run_triggers[i]),
                          gtk_named_action_new ("query.run")));
  gtk_widget_add_controller (GTK_WIDGET (self), run_keys);
  gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (table_keys),
      gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>c"),
                        gtk_named_action_new ("query.copy")));
  gtk_widget_add_controller (GTK_WIDGET (self->results), table_keys);
}

static void
st_query_page_init (StQueryPage *self)
{
  self->columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->slice_column = -1;
  self->run = st_job_new (self);
  g_signal_connect_swapped (self->run, "notify::running", G_CALLBACK (update_actions), self);
  g_type_ensure (ST_TYPE_SAVED_QUERY_LIST);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_list_store_new (ST_TYPE_QUERY_ROW_ITEM);
  self->sorted
      = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->rows)),
                                 g_object_ref (gtk_column_view_get_sorter (self->results)));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  gtk_column_view_set_model (self->results, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (on_rows_selected),
                            self);
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->editor), "changed",
                            G_CALLBACK (on_text_changed), self);
  st_saved_query_list_set_editor (self->saved, self->editor);
  add_keys (self);
  update_actions (self);
}
