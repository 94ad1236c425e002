/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-page.h"

#include "st-collectives-section.h"
#include "st-column-box.h"
#include "st-column-layout.h"
#include "st-compare-column-section.h"
#include "st-operations-section.h"
#include "st-range-summaries.h"
#include "st-recommendations-section.h"
#include "st-region-diff-section.h"
#include "st-summary-cards.h"
#include "st-summary-links.h"
#include "st-step-trends-section.h"
#include "st-trends-section.h"

#include <glib/gi18n.h>

/* A computation that takes longer than a frame shows the spinner. */
#define SPINNER_DELAY_MS 16

struct _StSummaryPage
{
  GtkWidget parent_instance;

  StSession           *session;
  GSignalGroup        *session_signals;
  StTrace             *trace;
  GActionGroup        *region_actions;
  GListStore          *whole_store; /* the "Whole profile" entry */
  StRegion            *whole;
  GtkFlattenListModel *region_model; /* whole + the session's regions */
  StRegion            *region;       /* shown; NULL: whole profile */
  StRangeSummaries    *summaries;    /* one, or one per compared region */
  GPtrArray           *titles;       /* char *: their column titles */
  guint                spinner_id;
  gboolean             computing; /* the cards' numbers or the operations tables */
  gboolean             numbers;   /* the cards show the numbers of the range asked for */
  gboolean             compare;
  gboolean             by_track;
  gboolean             box_plot;
  char                *operations;      /* the operations table shown: "kernels" or "host" */
  gboolean             operations_auto; /* not chosen yet: the first summary chooses it */

  GtkDropDown         *region_dropdown;
  GtkLabel            *range_label;
  GtkSpinner          *spinner;
  GtkLabel            *error_label;
  GtkLabel            *compare_label;
  GtkToggleButton     *compare_button;
  GtkButton           *pick_button;
  GtkStack            *content_stack;
  GtkWidget           *single_page;
  GtkWidget           *compare_page;
  GtkBox              *compare_columns;
  StRegionDiffSection *region_diff_section;
  StTrendsSection     *trends_section;
  StStepTrendsSection *step_trends_section;
  StOperationsSection *operations_section;
  StSummaryLinks      *links;
};

G_DEFINE_FINAL_TYPE (StSummaryPage, st_summary_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_COMPARE,
  PROP_BY_TRACK,
  PROP_BOX_PLOT,
  PROP_OPERATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void set_operations (StSummaryPage *self, const char *operations);

/* Every section under @root shows the summaries. */
static void
show_sections (StSummaryPage *self, GtkWidget *root)
{
  GPtrArray *summaries = st_range_summaries_get_summaries (self->summaries);
  GPtrArray *diagnoses = st_range_summaries_get_diagnoses (self->summaries);

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      if (ST_IS_OPERATIONS_SECTION (c))
        st_operations_section_wait (ST_OPERATIONS_SECTION (c));
      else if (ST_IS_RECOMMENDATIONS_SECTION (c) && diagnoses->len > 0)
        st_recommendations_section_show_diagnosis (ST_RECOMMENDATIONS_SECTION (c), self->trace,
                                                   g_ptr_array_index (diagnoses, 0));
      else if (ST_IS_SUMMARY_SECTION (c))
        st_summary_section_show (ST_SUMMARY_SECTION (c), self->trace,
                                 (StSummary *const *)summaries->pdata,
                                 (const char *const *)self->titles->pdata, summaries->len);
      else
        show_sections (self, c);
    }
}

static void
clear_compare_columns (StSummaryPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->compare_columns))) != NULL)
    gtk_box_remove (self->compare_columns, child);
}

/* Compare: a column per region, its findings and its engines. */
static void
fill_compare_columns (StSummaryPage *self)
{
  GPtrArray *summaries = st_range_summaries_get_summaries (self->summaries);
  GPtrArray *diagnoses = st_range_summaries_get_diagnoses (self->summaries);

  for (guint i = 0; i < summaries->len; i++)
    {
      GtkWidget *column = st_compare_column_section_new ();

      st_summary_section_show (ST_SUMMARY_SECTION (column), self->trace,
                               (StSummary *const *)&g_ptr_array_index (summaries, i),
                               (const char *const *)&g_ptr_array_index (self->titles, i), 1);
      if (i < diagnoses->len)
        st_compare_column_section_show_diagnosis (ST_COMPARE_COLUMN_SECTION (column),
                                                  g_ptr_array_index (diagnoses, i));
      gtk_box_append (self->compare_columns, column);
    }
}

static void
update_range_label (StSummaryPage *self)
{
  StSummary       *summary = st_range_summaries_get_first (self->summaries);
  gint64           start, end;
  g_autofree char *text = NULL;

  if (summary == NULL || self->compare)
    {
      gtk_label_set_text (self->range_label, "");
      return;
    }
  st_summary_get_range (summary, &start, &end);
  text = st_summary_section_format_range (start, end);
  gtk_label_set_text (self->range_label, text);
}

/* Shows the summaries in the cards, all but the operations table. */
static void
show_summaries (StSummaryPage *self)
{
  update_range_label (self);
  gtk_widget_set_visible (GTK_WIDGET (self->content_stack), TRUE);
  if (self->compare && st_range_summaries_get_summaries (self->summaries)->len > 1)
    {
      /* the columns show a region each, not all of them */
      clear_compare_columns (self);
      show_sections (self, self->compare_page);
      /* the diffs come after, with the operations tables */
      st_region_diff_section_wait (self->region_diff_section);
      fill_compare_columns (self);
      gtk_stack_set_visible_child_name (self->content_stack, "compare");
      return;
    }
  show_sections (self, self->single_page);
  gtk_stack_set_visible_child_name (self->content_stack, "single");
}

/* The computation: the cards' numbers first, shown as soon as they are
 * in, then the operations tables and, comparing regions, the operations
 * between them (st-range-summaries.h). */

static void
set_computing (StSummaryPage *self, gboolean computing)
{
  self->computing = computing;
  g_clear_handle_id (&self->spinner_id, g_source_remove);
  /* each step's summaries after the profile's own: the cards come first */
  if (!computing)
    st_step_trends_section_set_session (self->step_trends_section, self->session);
  if (!computing)
    {
      gtk_spinner_stop (self->spinner);
      gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
    }
}

static gboolean
show_spinner (gpointer data)
{
  StSummaryPage *self = data;

  self->spinner_id = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  return G_SOURCE_REMOVE;
}

static void
on_numbers_ready (StSummaryPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  self->numbers = TRUE;
  show_summaries (self);
}

static void
on_operations_ready (StSummaryPage *self)
{
  GPtrArray *summaries = st_range_summaries_get_summaries (self->summaries);
  StSummary *first = st_range_summaries_get_first (self->summaries);

  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  set_computing (self, FALSE);
  /* a profile without device events opens on its host ops */
  if (self->operations_auto)
    set_operations (self, st_summary_get_operations (first, ST_OPERATIONS_KERNELS, FALSE)->len > 0
                              ? "kernels"
                              : "host");
  if (self->compare && summaries->len > 1)
    st_region_diff_section_set_diffs (self->region_diff_section,
                                      st_range_summaries_get_diffs (self->summaries));
  else
    st_summary_section_show (ST_SUMMARY_SECTION (self->operations_section), self->trace,
                             (StSummary *const *)summaries->pdata,
                             (const char *const *)self->titles->pdata, summaries->len);
}

static void
on_failed (StSummaryPage *self, const GError *error)
{
  g_autofree char *text
      = g_strdup_printf (_ ("Could not summarise this range: %s"), error->message);

  set_computing (self, FALSE);
  gtk_label_set_text (self->error_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

static void
cancel_compute (StSummaryPage *self)
{
  st_range_summaries_cancel (self->summaries);
  set_computing (self, FALSE);
}

/* Computes what the page shows (the region, or the picked ones in Compare)
 * on a thread, cancelling what was under way. */
static void
request_compute (StSummaryPage *self)
{
  gint64     starts[ST_RANGE_SUMMARIES_MAX], ends[ST_RANGE_SUMMARIES_MAX];
  GPtrArray *picked = self->compare ? st_session_get_compare_regions (self->session) : NULL;
  guint      n = picked != NULL ? MIN (picked->len, ST_RANGE_SUMMARIES_MAX) : 1;

  cancel_compute (self);
  self->numbers = FALSE;
  /* with nothing computed yet the cards would say that there is nothing
   * ("No collective operations in this range"): they wait, hidden, behind
   * the spinner */
  gtk_widget_set_visible (GTK_WIDGET (self->content_stack),
                          st_range_summaries_get_summaries (self->summaries)->len > 0);
  if (self->trace == NULL)
    return;
  g_ptr_array_set_size (self->titles, 0);
  for (guint i = 0; i < n; i++)
    {
      StRegion *region = picked != NULL ? g_ptr_array_index (picked, i) : self->region;

      starts[i] = region ? st_region_get_start (region) : 0;
      ends[i] = region ? st_region_get_end (region) : st_trace_get_end_ns (self->trace);
      g_ptr_array_add (self->titles,
                       g_strdup (region ? st_region_get_name (region) : _ ("Whole profile")));
    }
  self->computing = TRUE;
  self->spinner_id = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
  st_range_summaries_compute (self->summaries, self->trace, starts, ends, n, self->compare);
}

/* The region menu. */

static void
select_region_in_menu (StSummaryPage *self, StRegion *region)
{
  guint position = 0;

  if (region != NULL && self->session != NULL)
    {
      guint i = st_region_set_find (st_session_get_regions (self->session), region);
      if (i != G_MAXUINT)
        position = i + 1;
    }
  gtk_drop_down_set_selected (self->region_dropdown, position);
}

/* A point of the trends: the page summarises its region. */
static void
on_trends_region_activated (StTrendsSection *section, StRegion *region, StSummaryPage *self)
{
  select_region_in_menu (self, region);
}

/* "Pick" adds the region shown to the comparison, or drops it. */
static void
update_pick (StSummaryPage *self)
{
  gboolean picked = self->session != NULL && self->region != NULL
                    && st_session_get_compare_index (self->session, self->region) >= 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.pick",
                                 self->region != NULL && !self->compare);
  gtk_button_set_label (self->pick_button, picked ? _ ("Un_pick") : _ ("_Pick"));
  gtk_widget_set_tooltip_text (
      GTK_WIDGET (self->pick_button),
      picked ? _ ("Drop the region shown from the comparison (Ctrl+P)")
             : _ ("Pick the region shown for comparison, up to three (Ctrl+P)"));
}

static void
on_selected_region (GtkDropDown *dropdown, GParamSpec *pspec, StSummaryPage *self)
{
  StRegion *item = gtk_drop_down_get_selected_item (dropdown);
  StRegion *region = item == self->whole ? NULL : item;

  if (self->session == NULL)
    return;
  /* the region shown was deleted: back to the whole profile, not a neighbour */
  if (self->region != NULL && region != NULL
      && st_region_set_find (st_session_get_regions (self->session), self->region) == G_MAXUINT)
    {
      gtk_drop_down_set_selected (dropdown, 0);
      return;
    }
  if (region == self->region)
    return;
  g_set_object (&self->region, region);
  update_pick (self);
  if (!self->compare)
    request_compute (self);
}

/* Ctrl+Shift+K: with three regions compared, the operations of the other
 * one against the first. */
static void
update_next_compared (StSummaryPage *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.next-compared",
                                 self->compare
                                     && st_session_get_compare_regions (self->session)->len > 2);
}

static void
update_compare (StSummaryPage *self)
{
  guint            n = self->session ? st_session_get_compare_regions (self->session)->len : 0;
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.compare", n >= 2);
  if (n >= 2)
    {
      g_autoptr (GString) names = g_string_new (NULL);
      GPtrArray          *picked = st_session_get_compare_regions (self->session);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "",
                                st_region_get_name (g_ptr_array_index (picked, i)));
      /* Translators: the names of the regions picked for comparison */
      text = g_strdup_printf (_ ("Picked: %s"), names->str);
      gtk_label_set_text (self->compare_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->compare_button),
                                   _ ("Show the picked regions side by side (Ctrl+K)"));
    }
  else
    {
      gtk_label_set_text (self->compare_label, "");
      gtk_widget_set_tooltip_text (
          GTK_WIDGET (self->compare_button),
          _ ("Pick two or three regions to compare: click their points in the Region Duration "
             "Distribution chart of the Annotations panel, press C on the timeline, or choose one "
             "above and Pick it"));
    }
  if (n < 2 && self->compare)
    {
      self->compare = FALSE;
      gtk_widget_set_sensitive (GTK_WIDGET (self->region_dropdown), TRUE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.choose-region", TRUE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARE]);
      request_compute (self);
    }
  else if (self->compare)
    request_compute (self);
  update_pick (self);
  update_next_compared (self);
}

void
st_summary_page_set_session (StSummaryPage *self, StSession *session, GActionGroup *region_actions)
{
  g_autoptr (GListStore) models = NULL;

  g_return_if_fail (ST_IS_SUMMARY_PAGE (self));

  cancel_compute (self);
  g_signal_group_set_target (self->session_signals, session);
  g_set_object (&self->session, session);
  g_clear_object (&self->region);
  g_clear_object (&self->trace);
  st_range_summaries_clear (self->summaries);
  st_region_diff_section_set_session (self->region_diff_section, session);
  st_summary_links_set_session (self->links, session);
  g_set_object (&self->region_actions, region_actions);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", region_actions);
  self->compare = FALSE;
  self->operations_auto = TRUE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->region_dropdown), TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.choose-region", TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARE]);
  models = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (models, self->whole_store);
  if (session != NULL)
    {
      self->trace = g_object_ref (st_session_get_trace (session));
      g_list_store_append (models, st_session_get_regions (session));
    }
  g_clear_object (&self->region_model);
  self->region_model = gtk_flatten_list_model_new (G_LIST_MODEL (g_steal_pointer (&models)));
  gtk_drop_down_set_model (self->region_dropdown, G_LIST_MODEL (self->region_model));
  gtk_drop_down_set_selected (self->region_dropdown, 0);
  update_compare (self);
  st_trends_section_set_session (self->trends_section, session);
  st_step_trends_section_set_session (self->step_trends_section, NULL);
  request_compute (self);
}

/* Actions. */

static void
pick_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  if (self->session != NULL && self->region != NULL)
    st_session_toggle_compare (self->session, self->region);
}

static void
choose_region_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->region_dropdown));
  g_signal_emit_by_name (self->region_dropdown, "activate");
}

/* The marked or measured range of the timeline becomes a region, shown
 * here at once; with neither, the timeline opens with the Timing tool and
 * the Annotations panel, to measure one. */
static void
add_region_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  if (self->session == NULL || self->region_actions == NULL)
    return;
  if (g_action_group_get_action_enabled (self->region_actions, "add"))
    {
      g_action_group_activate_action (self->region_actions, "add", NULL);
      select_region_in_menu (self, st_session_get_selected_region (self->session));
      return;
    }
  st_session_set_tool (self->session, ST_TOOL_TIMING);
  gtk_widget_activate_action (widget, "win.show-annotations", NULL);
}

/* summary.show-range, show-slice, show-instant, show-slices: a link of a
 * card followed on the timeline. */
static void
follow_link_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_summary_links_follow (ST_SUMMARY_PAGE (widget)->links, widget, name, parameter);
}

/* The region menu, focused, is about to be insensitive: the focus goes to
 * the Compare button rather than out of the page, whose keys (Ctrl+K back,
 * Ctrl+Shift+K, Ctrl+E) work only with the focus in it. */
static void
keep_focus_off_menu (StSummaryPage *self)
{
  GtkRoot   *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL
      && (focus == GTK_WIDGET (self->region_dropdown)
          || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->region_dropdown))))
    gtk_widget_grab_focus (GTK_WIDGET (self->compare_button));
}

static void
set_compare (StSummaryPage *self, gboolean compare)
{
  if (self->compare == compare)
    return;
  if (compare && (self->session == NULL || st_session_get_compare_regions (self->session)->len < 2))
    return;
  self->compare = compare;
  /* the menu's region is not what Compare shows; the keys stay on the page */
  if (compare)
    keep_focus_off_menu (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->region_dropdown), !compare);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.choose-region", !compare);
  if (!compare)
    {
      /* back to the region of the menu */
      st_range_summaries_clear (self->summaries);
      gtk_stack_set_visible_child_name (self->content_stack, "single");
    }
  request_compute (self);
  update_next_compared (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARE]);
}

static void
next_compared_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  st_region_diff_section_show_next (self->region_diff_section);
}

static void
set_by_track (StSummaryPage *self, gboolean by_track)
{
  if (self->by_track == by_track)
    return;
  self->by_track = by_track;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_TRACK]);
}

/* "kernels" or "host": the operations table shown. */
static void
set_operations (StSummaryPage *self, const char *operations)
{
  g_return_if_fail (g_strcmp0 (operations, "kernels") == 0 || g_strcmp0 (operations, "host") == 0);

  self->operations_auto = FALSE;
  if (g_strcmp0 (self->operations, operations) == 0)
    return;
  g_free (self->operations);
  self->operations = g_strdup (operations);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPERATIONS]);
}

/* One key switches between the two operations tables. */
static void
switch_operations_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  set_operations (self, g_str_equal (self->operations, "kernels") ? "host" : "kernels");
}

static void
set_box_plot (StSummaryPage *self, gboolean box_plot)
{
  if (self->box_plot == box_plot)
    return;
  self->box_plot = box_plot;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOX_PLOT]);
}

/* Focusing the page focuses its region menu: what the page is computed for. */
static gboolean
st_summary_page_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (ST_SUMMARY_PAGE (widget)->region_dropdown));
}

static void
st_summary_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_COMPARE: g_value_set_boolean (value, self->compare); break;
    case PROP_BY_TRACK: g_value_set_boolean (value, self->by_track); break;
    case PROP_BOX_PLOT: g_value_set_boolean (value, self->box_plot); break;
    case PROP_OPERATIONS: g_value_set_string (value, self->operations); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_summary_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_COMPARE: set_compare (self, g_value_get_boolean (value)); break;
    case PROP_BY_TRACK: set_by_track (self, g_value_get_boolean (value)); break;
    case PROP_BOX_PLOT: set_box_plot (self, g_value_get_boolean (value)); break;
    case PROP_OPERATIONS: set_operations (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_summary_page_dispose (GObject *object)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);
  GtkWidget     *child;

  cancel_compute (self);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", NULL);
  g_clear_object (&self->region_actions);
  g_clear_object (&self->region);
  g_clear_object (&self->trace);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_SUMMARY_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->region_model);
  g_clear_object (&self->whole_store);
  g_clear_object (&self->whole);
  G_OBJECT_CLASS (st_summary_page_parent_class)->dispose (object);
}

static void
st_summary_page_finalize (GObject *object)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);

  g_object_unref (self->summaries);
  g_object_unref (self->links);
  g_ptr_array_unref (self->titles);
  g_free (self->operations);
  G_OBJECT_CLASS (st_summary_page_parent_class)->finalize (object);
}

/* The "summary" actions and their keys (listed in the shortcuts window). */
static void
install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "summary.choose-region", NULL,
                                   choose_region_action);
  gtk_widget_class_install_action (widget_class, "summary.add-region", NULL, add_region_action);
  gtk_widget_class_install_action (widget_class, "summary.pick", NULL, pick_action);
  gtk_widget_class_install_action (widget_class, "summary.show-range", "(xx)", follow_link_action);
  gtk_widget_class_install_action (widget_class, "summary.show-slice", "(uu)", follow_link_action);
  gtk_widget_class_install_action (widget_class, "summary.show-instant", "(uu)",
                                   follow_link_action);
  gtk_widget_class_install_action (widget_class, "summary.show-slices", "a(uu)",
                                   follow_link_action);
  gtk_widget_class_install_property_action (widget_class, "summary.compare", "compare");
  gtk_widget_class_install_property_action (widget_class, "summary.by-track", "by-track");
  gtk_widget_class_install_property_action (widget_class, "summary.box-plot", "box-plot");
  gtk_widget_class_install_property_action (widget_class, "summary.operations", "operations");
  gtk_widget_class_install_action (widget_class, "summary.switch-operations", NULL,
                                   switch_operations_action);
  gtk_widget_class_install_action (widget_class, "summary.next-compared", NULL,
                                   next_compared_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "summary.choose-region", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "summary.add-region", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "summary.add-region", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "summary.compare",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "summary.next-compared", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_K, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "summary.next-compared", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "summary.pick",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK,
                                       "summary.box-plot", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "summary.by-track", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "summary.switch-operations", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, 0, "win.show-help-overlay",
                                       NULL);
}

static void
st_summary_page_class_init (StSummaryPageClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass   *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_summary_page_dispose;
  object_class->finalize = st_summary_page_finalize;
  object_class->get_property = st_summary_page_get_property;
  object_class->set_property = st_summary_page_set_property;
  widget_class->grab_focus = st_summary_page_grab_focus;

  properties[PROP_COMPARE] = g_param_spec_boolean ("compare", NULL, NULL, FALSE, rw);
  properties[PROP_BY_TRACK] = g_param_spec_boolean ("by-track", NULL, NULL, FALSE, rw);
  properties[PROP_BOX_PLOT] = g_param_spec_boolean ("box-plot", NULL, NULL, FALSE, rw);
  properties[PROP_OPERATIONS] = g_param_spec_string ("operations", NULL, NULL, "kernels", rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_REGION);
  g_type_ensure (ST_TYPE_COLUMN_BOX);
  g_type_ensure (ST_TYPE_COLUMN_LAYOUT);
  st_summary_cards_ensure_types ();
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-summary-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, region_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, range_label);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_label);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_button);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, pick_button);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, single_page);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_page);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_columns);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, region_diff_section);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, trends_section);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, step_trends_section);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, operations_section);
  gtk_widget_class_bind_template_callback (widget_class, on_selected_region);
  gtk_widget_class_bind_template_callback (widget_class, on_trends_region_activated);
  install_actions (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "summary");
}

static void
st_summary_page_init (StSummaryPage *self)
{
  /* before the template, whose operations card is bound to it */
  self->operations = g_strdup ("kernels");
  gtk_widget_init_template (GTK_WIDGET (self));
  self->links = st_summary_links_new ();
  self->summaries = st_range_summaries_new ();
  g_signal_connect_swapped (self->summaries, "numbers-ready", G_CALLBACK (on_numbers_ready), self);
  g_signal_connect_swapped (self->summaries, "operations-ready", G_CALLBACK (on_operations_ready),
                            self);
  g_signal_connect_swapped (self->summaries, "failed", G_CALLBACK (on_failed), self);
  self->titles = g_ptr_array_new_with_free_func (g_free);
  self->whole = st_region_new (_ ("Whole profile"), 0, 0, ST_REGION_MANUAL);
  self->whole_store = g_list_store_new (ST_TYPE_REGION);
  g_list_store_append (self->whole_store, self->whole);
  /* the page follows the picks of the session it shows */
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "compare-changed",
                                 G_CALLBACK (update_compare), self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.compare", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.next-compared", FALSE);
}

GtkWidget *
st_summary_page_new (void)
{
  return g_object_new (ST_TYPE_SUMMARY_PAGE, NULL);
}

gboolean
st_summary_page_is_computing (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), FALSE);
  return self->computing;
}

gboolean
st_summary_page_has_numbers (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), FALSE);
  return self->numbers;
}

void
st_summary_page_set_region (StSummaryPage *self, StRegion *region)
{
  g_return_if_fail (ST_IS_SUMMARY_PAGE (self));
  select_region_in_menu (self, region);
}
