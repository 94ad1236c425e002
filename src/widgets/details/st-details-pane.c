/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-arg-item.h"
#include "st-counter-reading.h"
#include "st-details-pane.h"
#include "st-event-list.h"
#include "st-event-item.h"
#include "st-format.h"
#include "st-json-doc.h"
#include "st-operation.h"
#include "st-queue-length.h"
#include "st-trace-query.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* A slice with more flows than this lists the first ones. */
#define MAX_FLOW_LINKS 40

struct _StDetailsPane
{
  GtkWidget parent_instance;

  StSession    *session;
  GSignalGroup *session_signals;
  JsonNode     *stack_frames; /* the trace's "stackFrames", parsed when first needed */
  gboolean      stack_frames_read;

  GtkStack            *stack;
  GtkLabel            *title;
  GtkGrid             *facts;
  GtkWidget           *flows_heading;
  GtkBox              *flows_box;
  GtkWidget           *stack_heading;
  GtkLabel            *stack_label;
  GtkWidget           *args_heading;
  GtkColumnView       *args_view;
  GtkLabel            *many_title;
  GtkColumnView       *summary_view;
  GtkStack            *many_stack;
  GtkColumnView       *events_view;
  GtkColumnViewColumn *col_total;
  GtkLabel            *counters_title;
  GtkGrid             *counters_grid;
  gboolean             empty;
};

G_DEFINE_FINAL_TYPE (StDetailsPane, st_details_pane, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EMPTY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
clear_children (GtkWidget *parent)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (parent)) != NULL)
    gtk_widget_unparent (child);
}

#define FACT_MIN_CHARS 18

static void
add_fact (StDetailsPane *self, int row, const char *key, const char *value)
{
  GtkWidget *k = gtk_label_new (key), *v = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (k), 1);
  gtk_label_set_xalign (GTK_LABEL (v), 0);
  gtk_label_set_selectable (GTK_LABEL (v), TRUE);
  gtk_label_set_wrap (GTK_LABEL (v), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (v), PANGO_WRAP_WORD_CHAR);
  /* beside the arguments in a narrow pane, a value keeps a readable width
   * (the pane scrolls sideways) rather than wrap to a letter a line */
  gtk_label_set_width_chars (GTK_LABEL (v), MIN ((int)g_utf8_strlen (value, -1), FACT_MIN_CHARS));
  gtk_widget_set_hexpand (v, TRUE);
  gtk_widget_add_css_class (k, "dim-label");
  gtk_widget_add_css_class (k, "details-key");
  gtk_grid_attach (self->facts, k, 0, row, 1, 1);
  gtk_grid_attach (self->facts, v, 1, row, 1, 1);
}

static char *
track_title (StTrace *trace, guint track)
{
  const StTrack   *t = st_trace_get_track (trace, track);
  g_autofree char *process = t->process == ST_NO_PROCESS
                                 ? g_strdup (_ ("Global"))
                                 : st_trace_dup_process_title (trace, t->process);

  return g_strdup_printf ("%s › %s", process, st_trace_get_string (trace, t->name));
}

static void
add_duration_fact (StDetailsPane *self, int row, const char *key, gint64 ns)
{
  g_autofree char *text = st_format_duration (ns);
  add_fact (self, row, key, text);
}

static int
add_slice_flags (StDetailsPane *self, int row, const StSlice *s)
{
  if (s->flags & ST_SLICE_DID_NOT_END)
    add_fact (self, row++, _ ("Note"), _ ("Did not end: it runs to the end of the trace."));
  if (s->flags & ST_SLICE_OVERLAPPING)
    add_fact (self, row++, _ ("Note"),
              _ ("Overlaps an event without nesting: drawn in an extra lane."));
  if (s->flags & ST_SLICE_NO_DURATION)
    add_fact (self, row++, _ ("Note"), _ ("The file gives no duration."));
  return row;
}

static void
show_facts (StDetailsPane *self, StTrace *trace, StEventRef ref)
{
  g_autofree char *track = track_title (trace, ref.track);
  const char      *cat = st_trace_get_string (trace, st_event_get_category (trace, ref));
  int              row = 0;

  clear_children (GTK_WIDGET (self->facts));
  add_fact (self, row++, _ ("Category"), *cat ? cat : "—");
  add_fact (self, row++, _ ("Track"), track);
  if (st_trace_get_n_files (trace) > 1)
    {
      /* several files as one profile: which rank (file) the event is from */
      const StTraceFile *file
          = st_trace_get_file (trace, st_trace_get_track (trace, ref.track)->file);
      g_autofree char *base = g_path_get_basename (file->display_name);
      g_autofree char *text = g_strdup_printf ("%s (%s)", file->label, base);

      add_fact (self, row++, _ ("Rank"), text);
    }
  add_duration_fact (self, row++, _ ("Start"), st_event_get_start (trace, ref));
  if (ref.kind == ST_EVENT_SLICE)
    {
      StSliceRef slice = { ref.track, ref.index };
      add_duration_fact (self, row++, _ ("Duration"), st_event_get_duration (trace, ref));
      add_duration_fact (self, row++, _ ("Self time"), st_trace_get_self_time (trace, slice));
      add_slice_flags (self, row, st_trace_get_slice (trace, slice));
    }
  else
    add_fact (self, row++, _ ("Kind"), _ ("Instant"));
}

/* Flows: a link per arrow, to the slice at its other end. */

typedef struct
{
  StDetailsPane *pane;
  StEventRef     target;
} FlowLink;

static void
on_flow_clicked (GtkButton *button, FlowLink *link)
{
  StSession *session = link->pane->session;
  StEventRef target = link->target;

  st_session_select (session, target, ST_SELECT_REPLACE);
  st_session_reveal (session, target);
}

static void
flow_link_free (gpointer data, GClosure *closure)
{
  g_free (data);
}

static void
add_flow_link (StDetailsPane *self, StTrace *trace, StSliceRef other, gboolean outgoing)
{
  g_autofree char *track = track_title (trace, other.track);
  const StSlice   *s = st_trace_get_slice (trace, other);
  g_autofree char *text = g_strdup_printf ("%s %s · %s", outgoing ? "→" : "←",
                                           st_trace_get_string (trace, s->name), track);
  GtkWidget       *button = gtk_button_new_with_label (text);
  FlowLink        *link = g_new (FlowLink, 1);

  link->pane = self;
  link->target = st_event_ref_for_slice (other);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_label_set_ellipsize (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))),
                           PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (button, outgoing ? _ ("Go to where this flow ends")
                                                : _ ("Go to where this flow starts"));
  g_signal_connect_data (button, "clicked", G_CALLBACK (on_flow_clicked), link, flow_link_free, 0);
  gtk_box_append (self->flows_box, button);
}

static void
show_flows (StDetailsPane *self, StTrace *trace, StEventRef ref)
{
  gsize         n_all;
  const StFlow *flows = st_trace_get_flows (trace, &n_all);
  StSliceRef    slice = { ref.track, ref.index };
  guint         shown = 0;

  clear_children (GTK_WIDGET (self->flows_box));
  for (int outgoing = 1; ref.kind == ST_EVENT_SLICE && outgoing >= 0; outgoing--)
    {
      guint          n;
      const guint32 *f = st_trace_get_slice_flows (trace, slice, outgoing, &n);
      for (guint k = 0; k < n && shown < MAX_FLOW_LINKS; k++, shown++)
        add_flow_link (self, trace, outgoing ? flows[f[k]].to : flows[f[k]].from, outgoing);
    }
  gtk_widget_set_visible (self->flows_heading, shown > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->flows_box), shown > 0);
}

/* Stack: the event's "stack" array, or its "sf" frame and the frame's
 * parents in the file's "stackFrames". */
static JsonObject *
stack_frames (StDetailsPane *self, StTrace *trace)
{
  if (!self->stack_frames_read)
    {
      self->stack_frames_read = TRUE;
      if (st_trace_get_metadata_size (trace, "stackFrames") > 0)
        self->stack_frames = st_trace_dup_metadata (trace, "stackFrames", NULL);
    }
  return self->stack_frames && JSON_NODE_HOLDS_OBJECT (self->stack_frames)
             ? json_node_get_object (self->stack_frames)
             : NULL;
}

static char *
frame_id (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  return NULL;
}

static void
append_frames (GString *out, JsonObject *frames, JsonNode *sf)
{
  g_autofree char *id = frame_id (sf);

  for (guint depth = 0; id != NULL && frames != NULL && depth < 256; depth++)
    {
      JsonObject *frame = st_json_object_get_object (frames, id);
      const char *name = st_json_object_get_string (frame, "name");

      if (frame == NULL)
        break;
      g_string_append_printf (out, "%s%s", out->len ? "\n" : "", name != NULL ? name : id);
      g_free (id);
      id = json_object_has_member (frame, "parent")
               ? frame_id (json_object_get_member (frame, "parent"))
               : NULL;
    }
}

static void
show_stack (StDetailsPane *self, StTrace *trace, JsonObject *event)
{
  g_autoptr (GString) text = g_string_new (NULL);

  if (event != NULL && json_object_has_member (event, "stack")
      && JSON_NODE_HOLDS_ARRAY (json_object_get_member (event, "stack")))
    {
      JsonArray *stack = st_json_object_get_array (event, "stack");
      for (guint i = 0; i < json_array_get_length (stack); i++)
        {
          g_autofree char *frame = frame_id (json_array_get_element (stack, i));
          if (frame != NULL)
            g_string_append_printf (text, "%s%s", text->len ? "\n" : "", frame);
        }
    }
  else if (event != NULL && json_object_has_member (event, "sf"))
    append_frames (text, stack_frames (self, trace), json_object_get_member (event, "sf"));
  gtk_label_set_text (self->stack_label, text->str);
  gtk_widget_set_visible (self->stack_heading, text->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->stack_label), text->len > 0);
}

static GListModel *
arg_children (gpointer item, gpointer user_data)
{
  GListModel *children = st_arg_item_get_children (item);
  return children ? g_object_ref (children) : NULL;
}

static void
show_args (StDetailsPane *self, JsonObject *event)
{
  JsonNode              *args = event && json_object_has_member (event, "args")
                                    ? json_object_get_member (event, "args")
                                    : NULL;
  g_autoptr (GListModel) rows = st_arg_item_new_model (args);
  gboolean               any = g_list_model_get_n_items (rows) > 0;
  GtkTreeListModel      *tree
      = gtk_tree_list_model_new (g_steal_pointer (&rows), FALSE, FALSE, arg_children, NULL, NULL);
  g_autoptr (GtkNoSelection) selection = gtk_no_selection_new (G_LIST_MODEL (tree));

  gtk_column_view_set_model (self->args_view, GTK_SELECTION_MODEL (selection));
  gtk_widget_set_visible (self->args_heading, any);
  gtk_widget_set_visible (GTK_WIDGET (self->args_view), any);
}

static void
show_one (StDetailsPane *self, StEventRef ref)
{
  StTrace             *trace = st_session_get_trace (self->session);
  g_autoptr (GError)   error = NULL;
  g_autoptr (JsonNode) event = st_trace_dup_event (trace, st_event_get_offset (trace, ref), &error);
  JsonObject          *object
      = event && JSON_NODE_HOLDS_OBJECT (event) ? json_node_get_object (event) : NULL;

  gtk_label_set_text (self->title, st_trace_get_string (trace, st_event_get_name (trace, ref)));
  show_facts (self, trace, ref);
  if (error != NULL)
    add_fact (self, 99, _ ("Arguments"), error->message);
  show_flows (self, trace, ref);
  show_stack (self, trace, object);
  show_args (self, object);
  gtk_stack_set_visible_child_name (self->stack, "one");
}

/* One name: its events, longest first (made as the list shows them). */
static void
show_events (StDetailsPane *self, GArray *selection, const char *name, gint64 total)
{
  StTrace                       *trace = st_session_get_trace (self->session);
  g_autoptr (GtkSingleSelection) model
      = gtk_single_selection_new (G_LIST_MODEL (st_event_list_new (trace, selection)));
  g_autofree char *count = st_format_count (selection->len);
  g_autofree char *total_text = st_format_duration (total);
  g_autofree char *title = NULL;

  gtk_single_selection_set_autoselect (model, FALSE);
  gtk_single_selection_set_can_unselect (model, TRUE);
  gtk_column_view_set_model (self->events_view, GTK_SELECTION_MODEL (model));
  /* Translators: how many events of one name are selected, the name, and their summed time */
  title = g_strdup_printf (
      ngettext ("%s event of %s · %s in all", "%s events of %s · %s in all", selection->len), count,
      name, total_text);
  gtk_label_set_text (self->many_title, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->many_title), title);
  gtk_stack_set_visible_child_name (self->many_stack, "events");
}

/* A double click or Enter on an event of the list brings it into view,
 * the selection as it is. */
static void
on_event_activated (GtkColumnView *view, guint position, StDetailsPane *self)
{
  g_autoptr (StEventItem) row
      = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (view)), position);

  if (row != NULL && self->session != NULL)
    st_session_reveal (self->session, st_event_item_get_ref (row));
}

static void
show_many (StDetailsPane *self, GArray *selection)
{
  StTrace                   *trace = st_session_get_trace (self->session);
  gint64                     span = 0;
  g_autoptr (GListModel)     rows = st_operation_list_selection (trace, selection, &span);
  g_autofree char           *count = st_format_count (selection->len);
  g_autofree char           *span_text = st_format_duration (span);
  g_autofree char           *title = NULL;
  GtkSortListModel          *sorted;
  g_autoptr (GtkNoSelection) model = NULL;
  guint                      n_names = g_list_model_get_n_items (rows);

  title = g_strdup_printf (
      ngettext ("%s events · %u name · over %s", "%s events · %u names · over %s", n_names), count,
      n_names, span_text);
  gtk_label_set_text (self->many_title, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->many_title), NULL);
  if (n_names == 1)
    {
      g_autoptr (StOperation) row = g_list_model_get_item (rows, 0);
      show_events (self, selection, st_operation_get_name (row), st_operation_get_total (row));
    }
  else
    {
      gtk_column_view_set_model (self->events_view, NULL);
      gtk_stack_set_visible_child_name (self->many_stack, "names");
    }
  sorted = gtk_sort_list_model_new (g_steal_pointer (&rows),
                                    g_object_ref (gtk_column_view_get_sorter (self->summary_view)));
  model = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_column_view_set_model (self->summary_view, GTK_SELECTION_MODEL (model));
  gtk_stack_set_visible_child_name (self->stack, "many");
}

/* Counter bands over a box (docs/metrics.md 19.3). */

static void
add_cell (StDetailsPane *self, int column, int row, const char *text, gboolean dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 1);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (column == 0)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (self->counters_grid, label, column, row, 1, 1);
}

/* One row: a series' name, then its start value, min, mean, max and end
 * value over [@start, @end). */
static void
add_series_row (StDetailsPane         *self,
                int                    row,
                const char            *name,
                const StCounterSeries *series,
                gint64                 start,
                gint64                 end)
{
  StCounterRangeStats stats;
  double              values[5];

  add_cell (self, 0, row, name, FALSE);
  if (!st_counter_series_range_stats (series, start, end, &stats))
    {
      add_cell (self, 1, row, _ ("No value yet"), TRUE);
      return;
    }
  values[0] = stats.start_value, values[1] = stats.min, values[2] = stats.mean;
  values[3] = stats.max, values[4] = stats.end_value;
  for (int i = 0; i < 5; i++)
    {
      g_autofree char *text = i == 0 && !stats.has_start_value
                                  ? g_strdup ("—")
                                  : st_counter_format_value (series->unit, values[i]);
      add_cell (self, i + 1, row, text, FALSE);
    }
}

/* A band's title on a row of its own, then a row per series. */
static int
add_counter_rows (StDetailsPane *self, int row, StCounterRef ref, gint64 start, gint64 end)
{
  StTrace         *trace = st_session_get_trace (self->session);
  const StTrack   *t = st_trace_get_track (trace, ref.track);
  g_autofree char *title = track_title (trace, ref.track);
  g_autofree char *heading = NULL;
  GtkWidget       *label;

  /* Translators: the queue length band of a GPU stream, and the stream's track */
  heading = ref.queue ? g_strdup_printf (_ ("Queue length · %s"), title) : g_strdup (title);
  label = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, row > 1 ? 6 : 0);
  gtk_grid_attach (self->counters_grid, label, 0, row++, 6, 1);
  if (ref.queue)
    {
      StQueueLength *queues = st_queue_length_ensure (trace, NULL);
      add_series_row (self, row++, _ ("Queue length"),
                      st_queue_length_get_series (queues)[ref.track], start, end);
      return row;
    }
  for (guint i = 0; i < t->n_series; i++)
    add_series_row (self, row++, st_trace_get_string (trace, t->series[i].name), &t->series[i],
                    start, end);
  return row;
}

static void
show_counters (StDetailsPane *self, GArray *counters, gint64 start, gint64 end)
{
  const char *heads[] = { N_ ("At start"), N_ ("Min"), N_ ("Mean"), N_ ("Max"), N_ ("At end") };
  g_autofree char *from = st_format_duration (start), *to = st_format_duration (end);
  g_autofree char *span = st_format_duration (end - start), *title = NULL;
  int              row = 1;

  /* Translators: a selected time range: its start, its end and its length */
  title = g_strdup_printf (_ ("Counters from %s to %s · %s"), from, to, span);
  gtk_label_set_text (self->counters_title, title);
  clear_children (GTK_WIDGET (self->counters_grid));
  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    add_cell (self, i + 1, 0, _ (heads[i]), TRUE);
  for (guint i = 0; i < counters->len; i++)
    row = add_counter_rows (self, row, g_array_index (counters, StCounterRef, i), start, end);
  gtk_stack_set_visible_child_name (self->stack, "counters");
}

static void
update (StDetailsPane *self)
{
  GArray  *selection = self->session ? st_session_get_selection (self->session) : NULL;
  GArray  *counters = self->session ? st_session_get_box_counters (self->session) : NULL;
  gint64   start, end;
  gboolean empty = FALSE;

  if ((selection == NULL || selection->len == 0) && counters != NULL && counters->len > 0
      && st_session_get_selection_box (self->session, &start, &end) && end > start)
    show_counters (self, counters, start, end);
  else if (selection == NULL || selection->len == 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "none");
      empty = TRUE;
    }
  else if (selection->len == 1)
    show_one (self, g_array_index (selection, StEventRef, 0));
  else
    show_many (self, selection);
  if (empty != self->empty)
    {
      self->empty = empty;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EMPTY]);
    }
}

/* Whether the pane has nothing to show: the page then gives its room to
 * the timeline. */
gboolean
st_details_pane_get_empty (StDetailsPane *self)
{
  g_return_val_if_fail (ST_IS_DETAILS_PANE (self), TRUE);
  return self->empty;
}

static void
st_details_pane_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StDetailsPane *self = ST_DETAILS_PANE (object);

  switch (prop_id)
    {
    case PROP_EMPTY: g_value_set_boolean (value, self->empty); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
st_details_pane_set_session (StDetailsPane *self, StSession *session)
{
  g_return_if_fail (ST_IS_DETAILS_PANE (self));
  if (!g_set_object (&self->session, session))
    return;
  g_clear_pointer (&self->stack_frames, json_node_unref);
  self->stack_frames_read = FALSE;
  g_signal_group_set_target (self->session_signals, session);
  update (self);
}

static void
st_details_pane_dispose (GObject *object)
{
  StDetailsPane *self = ST_DETAILS_PANE (object);
  GtkWidget     *child;

  st_details_pane_set_session (self, NULL);
  g_clear_object (&self->session_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_DETAILS_PANE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_details_pane_parent_class)->dispose (object);
}

/* The texts of the names table's cells, from the numbers its columns sort by. */
static char *
format_count (GtkListItem *item, guint count)
{
  return st_format_count (count);
}

static char *
format_duration (GtkListItem *item, gint64 ns)
{
  return st_format_duration (ns);
}

static char *
format_share (GtkListItem *item, double percent)
{
  return g_strdup_printf ("%.1f %%", percent);
}

static void
st_details_pane_class_init (StDetailsPaneClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_details_pane_dispose;
  object_class->get_property = st_details_pane_get_property;
  properties[PROP_EMPTY]
      = g_param_spec_boolean ("empty", NULL, NULL, TRUE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_type_ensure (ST_TYPE_ARG_ITEM);
  g_type_ensure (ST_TYPE_OPERATION);
  g_type_ensure (ST_TYPE_EVENT_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/details/st-details-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, stack);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, title);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, facts);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, flows_heading);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, flows_box);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, stack_heading);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, stack_label);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, args_heading);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, args_view);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, many_title);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, summary_view);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, many_stack);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, events_view);
  gtk_widget_class_bind_template_callback (widget_class, on_event_activated);
  gtk_widget_class_bind_template_callback (widget_class, format_count);
  gtk_widget_class_bind_template_callback (widget_class, format_duration);
  gtk_widget_class_bind_template_callback (widget_class, format_share);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, col_total);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, counters_title);
  gtk_widget_class_bind_template_child (widget_class, StDetailsPane, counters_grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_details_pane_init (StDetailsPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "selection-changed", G_CALLBACK (update),
                                  self);
  gtk_column_view_sort_by_column (self->summary_view, self->col_total, GTK_SORT_DESCENDING);
  gtk_stack_set_visible_child_name (self->stack, "none");
  self->empty = TRUE;
}

GtkWidget *
st_details_pane_new (void)
{
  return g_object_new (ST_TYPE_DETAILS_PANE, NULL);
}
